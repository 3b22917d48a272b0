import { useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import AccessTime from '@mui/icons-material/AccessTime';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Place from '@mui/icons-material/Place';
import Videocam from '@mui/icons-material/Videocam';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { SchemaEventDetail } from '../../../api/schema';
import { useLearningRecord } from '../learning/hooks';
import { useTimeZone } from '../../common/format';
import { HtmlContent } from '../../common/HtmlContent';
import { MemberPage } from '../../common/MemberPage';
import { QueryState } from '../../common/States';
import { AddToCalendar } from './AddToCalendar';
import { DateBadge } from './EventCard';
import { eventWhen } from '../../common/eventTime';
import { ZoneNote } from '../../common/ZoneNote';

/** /events/view/:id — when (in the member's zone), where or how to join, add to calendar, description. */
export default function EventViewPage() {
  const translate = useTranslate();
  const id = Number(useParams().id);
  const query = useLearningRecord('learning/events', id);
  return (
    <MemberPage
      title={query.data?.title ?? translate('atrium.events.title')}
      back={{ to: '/events', label: translate('atrium.events.all') }}
      maxWidth={900}
    >
      <QueryState query={query} minHeight={320}>
        {(event) => <EventBody event={event} />}
      </QueryState>
    </MemberPage>
  );
}

function EventBody({ event }: { event: SchemaEventDetail }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  // Ended as of opening the page (the join link and the calendar button stay while it is open).
  const [openedAt] = useState(Date.now);
  const ended = Date.parse(event.ends_at ?? event.starts_at) < openedAt;
  return (
    <Stack spacing={3} component="article">
      {event.image && (
        <Box
          component="img"
          src={event.image}
          alt=""
          sx={{ width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 2, display: 'block' }}
        />
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction="row" spacing={2}>
          <DateBadge iso={event.starts_at} />
          <Stack spacing={1.25} sx={{ minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <AccessTime fontSize="small" color="action" sx={{ mt: 0.25 }} />
              <Box>
                <Typography sx={{ fontWeight: 600 }} data-testid="event-when">
                  {eventWhen(event.starts_at, event.ends_at, tz)}
                </Typography>
                <ZoneNote message="atrium.events.zone_note" caption />
              </Box>
            </Stack>
            {event.place && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Place fontSize="small" color="action" sx={{ mt: 0.25 }} />
                <Typography sx={{ overflowWrap: 'anywhere' }}>{event.place}</Typography>
              </Stack>
            )}
            {event.online_url && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Videocam fontSize="small" color="action" />
                <Typography>{translate('atrium.events.online_event')}</Typography>
              </Stack>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ pt: 0.5 }}>
              {event.online_url && !ended && (
                <Button
                  variant="contained"
                  href={event.online_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  endIcon={<OpenInNew />}
                >
                  {translate('atrium.events.join')}
                </Button>
              )}
              {!ended && <AddToCalendar eventId={event.id} />}
              {ended && (
                <Typography variant="body2" color="text.secondary">
                  {translate('atrium.events.ended')}
                </Typography>
              )}
            </Stack>
          </Stack>
        </Stack>
      </Paper>
      {event.description && <HtmlContent html={event.description} />}
    </Stack>
  );
}
