import { Box, Button, Stack, Typography } from '@mui/material';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ZoneNote } from '../../common/ZoneNote';
import { BroadcastCard } from './BroadcastCard';
import { useBroadcasts } from './hooks';

/** The dashboard's card: what is live now, else the next broadcast; nothing when there is neither. */
export function BroadcastsBox() {
  const translate = useTranslate();
  const { data } = useBroadcasts();
  const shown = data ? (data.live.length ? data.live : data.upcoming.slice(0, 1)) : [];
  if (!shown.length) return null;
  const title = translate(data?.live.length ? 'atrium.broadcasts.live_now' : 'atrium.broadcasts.next');
  return (
    <Box component="section" data-testid="dashboard-broadcasts" aria-label={title}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, columnGap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Button component={Link} to="/broadcasts" size="small" endIcon={<ArrowForward />} sx={{ ml: 'auto' }}>
          {translate('atrium.broadcasts.all')}
        </Button>
      </Stack>
      <Stack spacing={1.5}>
        {/* Whose clock the times are on, as the broadcasts page says: the browser may be in another zone. */}
        <ZoneNote message="atrium.broadcasts.zone_note" caption />
        {shown.map((b) => (
          <BroadcastCard key={b.id} broadcast={b} dense />
        ))}
      </Stack>
    </Box>
  );
}
