import { Stack, Tab, Tabs, Typography } from '@mui/material';
import Event from '@mui/icons-material/Event';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api, unwrap } from '../../../api/client';
import { useTimeZone } from '../common/format';
import { MemberPage } from '../common/MemberPage';
import { Pager } from '../common/Pager';
import { useLearningKey } from '../common/queries';
import { EmptyBlock, QueryState } from '../common/States';
import { usePaging } from '../common/usePaging';
import { EventCard } from './EventCard';
import { shownZone } from './eventTime';

const PAGE_SIZE = 10;
type Period = 'upcoming' | 'past';

/** /events: upcoming events (soonest first) and past ones (latest first), times in the member's zone. */
export default function EventsPage() {
  const translate = useTranslate();
  const key = useLearningKey();
  const tz = useTimeZone();
  const { page, setPage, params, setParams } = usePaging();
  const period: Period = params.get('period') === 'past' ? 'past' : 'upcoming';
  const query = useQuery({
    queryKey: key('events', period, page),
    queryFn: () => unwrap(api.GET('/events/list/', { params: { query: { period, page, page_size: PAGE_SIZE } } })),
    placeholderData: (prev) => prev,
  });
  return (
    <MemberPage title={translate('atrium.learning.events.title')} maxWidth={900}>
      <Tabs
        value={period}
        onChange={(_, v: Period) => setParams(v === 'past' ? { period: 'past' } : {})}
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
        {(res) =>
          res.results.length ? (
            <>
              <Stack spacing={1.5}>
                {res.results.map((e) => (
                  <EventCard key={e.id} event={e} />
                ))}
              </Stack>
              <Pager count={res.count} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
            </>
          ) : (
            <EmptyBlock icon={<Event />} text={translate(period === 'past' ? 'atrium.learning.events.no_past' : 'atrium.learning.events.no_upcoming')} />
          )
        }
      </QueryState>
    </MemberPage>
  );
}
