import { Stack, Tab, Tabs, Typography } from '@mui/material';
import Event from '@mui/icons-material/Event';
import { useTranslate } from 'react-admin';
import { useLearningList } from '../../providers/data/learningHooks';
import { useTimeZone } from '../../common/format';
import { MemberPage } from '../../common/MemberPage';
import { Pager } from '../../common/Pager';
import { EmptyBlock, QueryState } from '../../common/States';
import { usePaging } from '../../common/usePaging';
import { EventCard } from './EventCard';
import { shownZone } from './eventTime';

const PAGE_SIZE = 10;
type Period = 'upcoming' | 'past';

/** /events: upcoming events (soonest first) and past ones (latest first), times in the member's zone. */
export default function EventsPage() {
  const translate = useTranslate();
  const tz = useTimeZone();
  const { page, setPage, params, setParams } = usePaging();
  const period: Period = params.get('period') === 'past' ? 'past' : 'upcoming';
  const query = useLearningList('learning/events', { pagination: { page, perPage: PAGE_SIZE }, filter: { period } });
  return (
    <MemberPage title={translate('atrium.learning.events.title')} maxWidth={900}>
      <Tabs
        value={period}
        onChange={(_, v: Period) => {
          setParams(v === 'past' ? { period: 'past' } : {});
        }}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label={translate('atrium.learning.events.title')}
      >
        <Tab value="upcoming" label={translate('atrium.learning.events.upcoming')} />
        <Tab value="past" label={translate('atrium.learning.events.past')} />
      </Tabs>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('atrium.learning.events.zone_note', { zone: shownZone(tz) })}
      </Typography>
      <QueryState query={query}>
        {(events) =>
          events.length ? (
            <>
              <Stack spacing={1.5}>
                {events.map((e) => (
                  <EventCard key={e.id} event={e} />
                ))}
              </Stack>
              <Pager count={query.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
            </>
          ) : (
            <EmptyBlock
              icon={<Event />}
              text={translate(
                period === 'past' ? 'atrium.learning.events.no_past' : 'atrium.learning.events.no_upcoming',
              )}
            />
          )
        }
      </QueryState>
    </MemberPage>
  );
}
