import { Stack } from '@mui/material';
import LiveTv from '@mui/icons-material/LiveTv';
import { useTranslate } from 'react-admin';
import type { SchemaBroadcastBrief } from '../../../api/schema';
import { MemberPage, Section } from '../../common/MemberPage';
import { EmptyBlock, QueryState } from '../../common/States';
import { ZoneNote } from '../../common/ZoneNote';
import { BroadcastCard } from './BroadcastCard';
import { useBroadcasts } from './hooks';

function Group({ id, title, list }: { id: string; title: string; list: SchemaBroadcastBrief[] }) {
  if (!list.length) return null;
  return (
    <Section title={title} id={id}>
      <Stack spacing={1.5} data-testid={id}>
        {list.map((b) => (
          <BroadcastCard key={b.id} broadcast={b} />
        ))}
      </Stack>
    </Section>
  );
}

/** /broadcasts: what is on now, the next broadcasts and the past ones (with their recordings). */
export default function BroadcastsPage() {
  const translate = useTranslate();
  const query = useBroadcasts();
  return (
    <MemberPage title={translate('atrium.broadcasts.title')} maxWidth={900}>
      <ZoneNote message="atrium.broadcasts.zone_note" sx={{ mb: 2 }} />
      <QueryState query={query}>
        {({ live, upcoming, past }) =>
          live.length + upcoming.length + past.length ? (
            <>
              <Group id="broadcasts-live" title={translate('atrium.broadcasts.live_now')} list={live} />
              <Group id="broadcasts-upcoming" title={translate('atrium.broadcasts.upcoming')} list={upcoming} />
              <Group id="broadcasts-past" title={translate('atrium.broadcasts.past')} list={past} />
            </>
          ) : (
            <EmptyBlock icon={<LiveTv />} text={translate('atrium.broadcasts.none')} />
          )
        }
      </QueryState>
    </MemberPage>
  );
}
