import { Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import Event from '@mui/icons-material/Event';
import SearchOff from '@mui/icons-material/SearchOff';
import { RecordsIterator, useTranslate } from 'react-admin';
import type { SchemaEventBrief } from '../../../api/schema';
import { ListRows, ListSearch, MemberListBase, useListFilter } from '../../common/MemberList';
import { useFilterField } from '../../common/SharedFilterForm';
import { MemberPage } from '../../common/MemberPage';
import { EmptyBlock } from '../../common/States';
import { EventCard } from './EventCard';
import { ZoneNote } from '../../common/ZoneNote';

const PAGE_SIZE = 10;
/** A member with many events may take more of them per page. */
const PAGE_SIZES = [10, 25, 50];
type Period = 'upcoming' | 'past';

/**
 * /events: upcoming events (soonest first) and past ones (latest first), searchable by title and
 * description, paged; times in the member's zone.
 */
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
  const pick = (v: Period) => {
    setShown(v === 'past' ? 'past' : null);
  };
  // The empty text is of the rows shown: the period and search applied.
  const applied = useListFilter();
  const appliedPeriod: Period = applied.period === 'past' ? 'past' : 'upcoming';
  return (
    <MemberPage
      title={translate('atrium.events.title')}
      actions={<ListSearch label={translate('atrium.events.search')} />}
      maxWidth={900}
    >
      <Tabs
        value={period}
        onChange={(_, v: Period) => {
          pick(v);
        }}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label={translate('atrium.events.title')}
      >
        <Tab value="upcoming" label={translate('atrium.events.upcoming')} />
        <Tab value="past" label={translate('atrium.events.past')} />
      </Tabs>
      <ZoneNote message="atrium.events.zone_note" sx={{ mb: 2 }} />
      <ListRows
        perPageOptions={PAGE_SIZES}
        empty={
          applied.q ? (
            <NothingFound
              search={applied.q}
              period={appliedPeriod}
              onOtherPeriod={() => {
                pick(appliedPeriod === 'past' ? 'upcoming' : 'past');
              }}
            />
          ) : (
            <EmptyBlock
              icon={<Event />}
              text={translate(appliedPeriod === 'past' ? 'atrium.events.no_past' : 'atrium.events.no_upcoming')}
            />
          )
        }
      >
        <Stack spacing={1.5}>
          <RecordsIterator<SchemaEventBrief> render={(e) => <EventCard event={e} />} />
        </Stack>
      </ListRows>
    </MemberPage>
  );
}

/**
 * A search that found nothing says what was searched where, and what to do: check the words, look in
 * the other period (the search kept), or clear the search.
 */
function NothingFound({
  search,
  period,
  onOtherPeriod,
}: {
  search: string;
  period: Period;
  onOtherPeriod: () => void;
}) {
  const translate = useTranslate();
  const [, setSearch] = useFilterField<string>('q');
  return (
    <EmptyBlock
      icon={<SearchOff />}
      text={translate(period === 'past' ? 'atrium.events.nothing_found_past' : 'atrium.events.nothing_found_upcoming', {
        search,
      })}
      action={
        <>
          <Typography variant="body2">{translate('atrium.events.nothing_found_hint')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
            <Button variant="outlined" onClick={onOtherPeriod}>
              {translate(period === 'past' ? 'atrium.events.search_upcoming' : 'atrium.events.search_past')}
            </Button>
            <Button
              onClick={() => {
                setSearch(null);
              }}
            >
              {translate('atrium.events.clear_search')}
            </Button>
          </Stack>
        </>
      }
    />
  );
}
