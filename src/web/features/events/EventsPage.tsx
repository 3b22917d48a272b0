import { Stack, Tab, Tabs } from '@mui/material';
import Event from '@mui/icons-material/Event';
import { RecordsIterator, useTranslate } from 'react-admin';
import type { SchemaEventBrief } from '../../../api/schema';
import { ListRows, MemberListBase, useListFilter } from '../../common/MemberList';
import { useFilterField } from '../../common/SharedFilterForm';
import { MemberPage } from '../../common/MemberPage';
import { EmptyBlock } from '../../common/States';
import { EventCard } from './EventCard';
import { ZoneNote } from '../../common/ZoneNote';

const PAGE_SIZE = 10;
type Period = 'upcoming' | 'past';

/** /events: upcoming events (soonest first) and past ones (latest first), times in the member's zone. */
export default function EventsPage() {
  return (
    <MemberListBase resource="learning/events" storeKey="learning/events.list" perPage={PAGE_SIZE}>
      <EventList />
    </MemberListBase>
  );
}

function EventList() {
  const translate = useTranslate();
  const [shown, setShown] = useFilterField<'past'>('period');
  const period: Period = shown === 'past' ? 'past' : 'upcoming';
  // The empty text is of the rows shown: the period applied.
  const applied = useListFilter().period;
  return (
    <MemberPage title={translate('atrium.events.title')} maxWidth={900}>
      <Tabs
        value={period}
        onChange={(_, v: Period) => {
          setShown(v === 'past' ? 'past' : null);
        }}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label={translate('atrium.events.title')}
      >
        <Tab value="upcoming" label={translate('atrium.events.upcoming')} />
        <Tab value="past" label={translate('atrium.events.past')} />
      </Tabs>
      <ZoneNote message="atrium.events.zone_note" sx={{ mb: 2 }} />
      <ListRows
        empty={
          <EmptyBlock
            icon={<Event />}
            text={translate(applied === 'past' ? 'atrium.events.no_past' : 'atrium.events.no_upcoming')}
          />
        }
      >
        <Stack spacing={1.5}>
          <RecordsIterator<SchemaEventBrief> render={(e) => <EventCard event={e} />} />
        </Stack>
      </ListRows>
    </MemberPage>
  );
}
