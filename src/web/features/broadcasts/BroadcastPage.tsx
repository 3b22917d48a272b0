import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import AccessTime from '@mui/icons-material/AccessTime';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PlayCircle from '@mui/icons-material/PlayCircle';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { SchemaBroadcastDetail } from '../../../api/schema';
import { AUDIENCE_LABEL } from './audience';
import { fmtDateTime, useTimeZone } from '../../common/format';
import { HtmlContent } from '../../common/HtmlContent';
import { MemberPage } from '../../common/MemberPage';
import { QueryState } from '../../common/States';
import { notFound } from '../learning/hooks';
import { eventWhen } from '../../common/eventTime';
import { ZoneNote } from '../../common/ZoneNote';
import { useBroadcast } from './hooks';
import { isRecordId } from '../../common/urlState';

/** /broadcasts/:id — when, the player or the Join button while it is on, the recording afterwards. */
export default function BroadcastPage() {
  const translate = useTranslate();
  const id = Number(useParams().id);
  const query = useBroadcast(id);
  const valid = isRecordId(id);
  return (
    <MemberPage
      title={query.data?.title ?? translate('atrium.broadcasts.title')}
      back={{ to: '/broadcasts', label: translate('atrium.broadcasts.all') }}
      maxWidth={900}
    >
      <QueryState query={valid ? query : { ...query, isPending: false, error: notFound }} minHeight={320}>
        {(b) => <BroadcastBody broadcast={b} />}
      </QueryState>
    </MemberPage>
  );
}

/** A YouTube or Vimeo player in a 16:9 frame. */
function Player({ src, title }: { src: string; title: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden' }}>
      <Box
        component="iframe"
        src={src}
        title={translate('atrium.broadcasts.player', { title })}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="broadcast-player"
        sx={{ width: '100%', height: '100%', border: 0, display: 'block', bgcolor: 'common.black' }}
      />
    </Box>
  );
}

function Watch({ broadcast: b }: { broadcast: SchemaBroadcastDetail }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  if (b.state === 'ended')
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary">
          {translate('atrium.broadcasts.ended')}
        </Typography>
        {b.recording && (
          <Button
            variant="contained"
            component={Link}
            to={`/lesson/view/${b.recording.lesson_id}`}
            startIcon={<PlayCircle />}
          >
            {translate('atrium.broadcasts.recording')}
          </Button>
        )}
      </Stack>
    );
  if (!b.watch_url)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="broadcast-opens">
        {translate('atrium.broadcasts.opens_at', { time: fmtDateTime(b.opens_at, tz) })}
      </Typography>
    );
  return (
    <Stack spacing={1.5}>
      {b.embed_url && <Player src={b.embed_url} title={b.title} />}
      <Box>
        <Button
          variant={b.embed_url ? 'outlined' : 'contained'}
          href={b.watch_url}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNew />}
          data-testid="broadcast-join"
        >
          {translate(b.embed_url ? 'atrium.broadcasts.watch_open_tab' : 'atrium.broadcasts.join')}
        </Button>
      </Box>
    </Stack>
  );
}

function BroadcastBody({ broadcast: b }: { broadcast: SchemaBroadcastDetail }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  return (
    <Stack spacing={3} component="article">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <AccessTime fontSize="small" color="action" sx={{ mt: 0.25 }} />
            <Box sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography sx={{ fontWeight: 600 }} data-testid="broadcast-when">
                  {eventWhen(b.starts_at, b.ends_at, tz)}
                </Typography>
                {b.state === 'live' && (
                  <Chip size="small" color="error" label={translate('atrium.broadcasts.live_now')} />
                )}
                {b.audience !== 'everyone' && (
                  <Chip size="small" variant="outlined" label={translate(AUDIENCE_LABEL[b.audience])} />
                )}
              </Stack>
              <ZoneNote message="atrium.broadcasts.zone_note" caption />
            </Box>
          </Stack>
          <Watch broadcast={b} />
        </Stack>
      </Paper>
      {b.description && <HtmlContent html={b.description} />}
    </Stack>
  );
}
