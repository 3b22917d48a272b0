import { Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import LiveTv from '@mui/icons-material/LiveTv';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaBroadcastBrief } from '../../../api/schema';
import { AUDIENCE_LABEL } from './audience';
import { useTimeZone } from '../../common/format';
import { eventWhen } from '../../common/eventTime';

/** A broadcast in a list: when (in the viewer's zone), the title, "Live" while it is on, who it is for. */
export function BroadcastCard({ broadcast, dense }: { broadcast: SchemaBroadcastBrief; dense?: boolean }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  return (
    <Card variant="outlined" data-testid="broadcast-card">
      <CardActionArea component={Link} to={`/broadcasts/${broadcast.id}`}>
        <CardContent sx={{ display: 'flex', gap: 2, py: dense ? 1.5 : 2 }}>
          <LiveTv color={broadcast.state === 'live' ? 'error' : 'action'} sx={{ mt: 0.25 }} />
          <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2" color="primary" sx={{ fontWeight: 600 }}>
                {eventWhen(broadcast.starts_at, broadcast.ends_at, tz)}
              </Typography>
              {broadcast.state === 'live' && (
                <Chip size="small" color="error" label={translate('atrium.broadcasts.live')} sx={{ height: 20 }} />
              )}
              {broadcast.audience !== 'everyone' && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={translate(AUDIENCE_LABEL[broadcast.audience])}
                  sx={{ height: 20 }}
                />
              )}
            </Stack>
            <Typography
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
            >
              {broadcast.title}
            </Typography>
            {broadcast.state === 'ended' && broadcast.recording && (
              <Typography variant="body2" color="text.secondary">
                {translate('atrium.broadcasts.recording')}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
