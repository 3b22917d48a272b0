import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import Place from '@mui/icons-material/Place';
import Videocam from '@mui/icons-material/Videocam';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaEventBrief } from '../../../api/schema';
import { dayAndMonth, useTimeZone } from '../../common/format';
import { eventWhen, isRunning } from '../../common/eventTime';

/** A calendar-page badge: the day and the short month. */
export function DateBadge({ iso }: { iso: string }) {
  const [locale] = useLocaleState();
  const tz = useTimeZone();
  const { day, month } = dayAndMonth(iso, locale, tz);
  return (
    <Box
      aria-hidden
      sx={{
        width: 56,
        flexShrink: 0,
        borderRadius: 1.5,
        overflow: 'hidden',
        textAlign: 'center',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        alignSelf: 'flex-start',
      }}
    >
      <Box
        sx={{
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          typography: 'caption',
          fontWeight: 600,
          textTransform: 'uppercase',
          lineHeight: 1.8,
        }}
      >
        {month}
      </Box>
      <Box sx={{ typography: 'h6', lineHeight: 1.6 }}>{day}</Box>
    </Box>
  );
}

/** Where: the venue, online, or both. */
function EventWhere({ event }: { event: Pick<SchemaEventBrief, 'place' | 'online_url'> }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 0.5, color: 'text.secondary' }}>
      {event.place && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Place fontSize="small" />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {event.place}
          </Typography>
        </Stack>
      )}
      {event.online_url && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Videocam fontSize="small" />
          <Typography variant="body2">{translate('atrium.events.online')}</Typography>
        </Stack>
      )}
    </Stack>
  );
}

export function EventCard({ event, dense }: { event: SchemaEventBrief; dense?: boolean }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  return (
    <Card variant="outlined" data-testid="event-card">
      <CardActionArea component={Link} to={`/events/view/${event.id}`}>
        <CardContent sx={{ display: 'flex', gap: 2, py: dense ? 1.5 : 2 }}>
          <DateBadge iso={event.starts_at} />
          <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="primary" sx={{ fontWeight: 600 }}>
                {eventWhen(event.starts_at, event.ends_at, tz)}
              </Typography>
              {isRunning(event.starts_at, event.ends_at) && (
                <Chip size="small" color="error" label={translate('atrium.events.now')} sx={{ height: 20 }} />
              )}
            </Stack>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {event.title}
            </Typography>
            <EventWhere event={event} />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
