import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Lock from '@mui/icons-material/Lock';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Replay from '@mui/icons-material/Replay';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaLessonDetail, SchemaLessonProgress, SchemaLessonViewRequest } from '../../../api/schema';
import { fmtDateTime, fmtDuration, useTimeZone } from '../../common/format';

type Send = (view: SchemaLessonViewRequest, leaving?: boolean) => Promise<void>;
type Props = { lesson: SchemaLessonDetail; progress: SchemaLessonProgress | null; send: Send };

const frame = {
  width: '100%',
  aspectRatio: '16 / 9',
  bgcolor: 'common.black',
  borderRadius: 2,
  overflow: 'hidden',
} as const;
const TICK_MS = 10_000;

/** The lesson's video, the way its type asks for; or why it is locked. */
export function LessonPlayer(props: Props) {
  const { lesson } = props;
  if (lesson.access.locked) return <LockedPanel lesson={lesson} />;
  if (!lesson.video_url) return null;
  if (lesson.video_type === 'file') return <FileVideo key={lesson.id} {...props} />;
  if (lesson.video_type === 'youtube' || lesson.video_type === 'vimeo')
    return <EmbeddedVideo key={lesson.id} {...props} />;
  return <LinkedVideo key={lesson.id} {...props} />;
}

/**
 * An uploaded video in an HTML5 player: it starts where the member stopped, and reports the position
 * every ~10 s while playing, on pause, at the end, when the tab is hidden and when the page is left.
 * Nothing is reported before the member pressed play in this visit, so opening a lesson never moves
 * the stored position back.
 */
function FileVideo({ lesson, progress, send }: Props) {
  const translate = useTranslate();
  const ref = useRef<HTMLVideoElement>(null);
  const [src] = useState(lesson.video_url ?? '');
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const started = useRef(false);
  const last = useRef({ time: -1, at: 0 });
  const resumeAt = progress && !progress.completed ? progress.position_seconds : 0;
  const resumeRef = useRef(resumeAt);

  const report = (v: HTMLVideoElement | null, how: 'tick' | 'pause' | 'end' | 'leave') => {
    if (!v || !started.current) return;
    const duration = Number.isFinite(v.duration) && v.duration >= 1 ? Math.round(v.duration) : undefined;
    const time = how === 'end' && duration ? duration : Math.floor(v.currentTime);
    if (how !== 'end' && time === last.current.time) return;
    last.current = { time, at: Date.now() };
    void send(
      { time, ...(duration ? { duration } : {}), ...(how === 'end' ? { completed: true } : {}) },
      how === 'leave',
    );
  };

  useEffect(() => {
    const v = ref.current;
    const onHidden = () => {
      if (document.visibilityState === 'hidden') report(v, 'leave');
    };
    const onPageHide = () => {
      report(v, 'leave');
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the lesson inside the app.
      report(v, 'leave');
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Stack spacing={1}>
      <Box sx={frame}>
        <Box
          component="video"
          ref={ref}
          src={src}
          controls
          playsInline
          preload="metadata"
          data-testid="lesson-video"
          aria-label={lesson.title}
          sx={{ width: '100%', height: '100%', display: 'block' }}
          onLoadedMetadata={(e) => {
            const v = e.currentTarget;
            const at = resumeRef.current;
            if (at > 0 && (!Number.isFinite(v.duration) || at < v.duration - 1)) {
              v.currentTime = at;
              setResumedAt(at);
            }
          }}
          onPlaying={() => {
            // The first periodic report comes ~10 s after playback starts.
            if (!started.current) last.current.at = Date.now();
            started.current = true;
          }}
          onTimeUpdate={(e) => {
            if (Date.now() - last.current.at >= TICK_MS) report(e.currentTarget, 'tick');
          }}
          onPause={(e) => {
            report(e.currentTarget, 'pause');
          }}
          onEnded={(e) => {
            report(e.currentTarget, 'end');
          }}
        />
      </Box>
      {resumedAt !== null && (
        <Alert
          severity="info"
          data-testid="resume-notice"
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<Replay />}
              onClick={() => {
                const v = ref.current;
                if (!v) return;
                v.currentTime = 0;
                setResumedAt(null);
                void v.play().catch(() => undefined);
              }}
            >
              {translate('atrium.learning.lesson.start_over')}
            </Button>
          }
        >
          {translate('atrium.learning.lesson.resumed', { time: fmtDuration(resumedAt) })}
        </Alert>
      )}
    </Stack>
  );
}

/** Marks the lesson watched by hand, for players that cannot report their position. */
function MarkWatched({ lesson, progress, send }: Props) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (progress?.completed) {
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main' }}>
        <CheckCircle fontSize="small" />
        <Typography variant="body2">{translate('atrium.learning.lessons.completed')}</Typography>
      </Stack>
    );
  }
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<CheckCircle />}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        const duration = lesson.duration_seconds || undefined;
        void send({ time: duration ?? 0, ...(duration ? { duration } : {}), completed: true }).finally(() => {
          setBusy(false);
        });
      }}
    >
      {translate('atrium.learning.lesson.mark_watched')}
    </Button>
  );
}

/** Records that the member opened the lesson (once, when they never had), so it shows under "Continue". */
function useRecordOpening({ progress, send }: Props) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || progress) return;
    done.current = true;
    void send({ time: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** YouTube (youtube-nocookie) or Vimeo in a frame: the position cannot be read, so the member marks the end. */
function EmbeddedVideo(props: Props) {
  const translate = useTranslate();
  useRecordOpening(props);
  const [src] = useState(props.lesson.video_url ?? '');
  return (
    <Stack spacing={1}>
      <Box sx={frame}>
        <Box
          component="iframe"
          src={src}
          title={props.lesson.title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="lesson-embed"
          sx={{ width: '100%', height: '100%', border: 0, display: 'block' }}
        />
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          {translate('atrium.learning.lesson.embed_note')}
        </Typography>
        <MarkWatched {...props} />
      </Stack>
    </Stack>
  );
}

/** A video on another site: a button to open it there, and the manual "watched" mark. */
function LinkedVideo(props: Props) {
  const translate = useTranslate();
  useRecordOpening(props);
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{translate('atrium.learning.lesson.external_video')}</Typography>
        <Button
          variant="contained"
          href={props.lesson.video_url ?? ''}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNew />}
        >
          {translate('atrium.learning.lesson.open_video')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate('atrium.learning.lesson.embed_note')}
        </Typography>
        <MarkWatched {...props} />
      </Stack>
    </Paper>
  );
}

const REASONS = {
  subscription_required: 'atrium.learning.lesson.reasons.subscription_required',
  package_required: 'atrium.learning.lesson.reasons.package_required',
  previous_lesson_required: 'atrium.learning.lesson.reasons.previous_lesson_required',
  not_yet_available: 'atrium.learning.lesson.reasons.not_yet_available',
  in_no_package: 'atrium.learning.lesson.reasons.in_no_package',
} as const;

/**
 * Why the lesson is closed (the server's sentence, else ours for its reason) and the way to open it. A
 * lesson no package on sale includes (reason in_no_package, the server's decision) is "not available
 * yet", with nothing to buy (issue #40).
 */
function LockedPanel({ lesson }: { lesson: SchemaLessonDetail }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const { access } = lesson;
  const reason = access.reason ?? 'subscription_required';
  const forSale = reason === 'subscription_required' || reason === 'package_required';
  const message = access.message || translate(REASONS[reason]);
  return (
    <Paper
      data-testid="lesson-locked"
      sx={{
        ...frame,
        aspectRatio: { xs: 'auto', sm: '16 / 9' },
        minHeight: 240,
        bgcolor: 'grey.900',
        color: 'common.white',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        textAlign: 'center',
      }}
    >
      <Stack spacing={1.5} sx={{ alignItems: 'center', maxWidth: 520 }}>
        <Lock sx={{ fontSize: 48, opacity: 0.9 }} />
        <Typography variant="h6" component="h2">
          {translate('atrium.learning.lesson.locked_title')}
        </Typography>
        <Typography sx={{ opacity: 0.9 }} data-testid="lesson-locked-reason">
          {message}
        </Typography>
        {access.available_from && (
          <Typography sx={{ opacity: 0.9 }}>
            {translate('atrium.learning.lesson.opens_at', { date: fmtDateTime(access.available_from, tz) })}
          </Typography>
        )}
        {forSale && (
          <Button
            variant="contained"
            color="secondary"
            component={Link}
            to="/subscription"
            data-testid="choose-subscription"
          >
            {translate('atrium.learning.lesson.choose_subscription')}
          </Button>
        )}
        {reason === 'previous_lesson_required' && lesson.previous_lesson && (
          <Button variant="contained" color="secondary" component={Link} to={`/lesson/view/${lesson.previous_lesson}`}>
            {translate('atrium.learning.lesson.go_previous')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
