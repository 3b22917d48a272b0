import { useState } from 'react';
import { Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { SchemaLessonDetail, SchemaLessonProgress } from '../../../api/schema';
import { useLearningRecord } from './hooks';
import { fmtDuration } from '../../common/format';
import { HtmlContent } from '../../common/HtmlContent';
import { MemberPage, Section } from '../../common/MemberPage';
import { QueryState } from '../../common/States';
import { Comments } from './Comments';
import { LessonMaterials } from './LessonMaterials';
import { LessonPlayer } from './LessonPlayer';
import { useProgressRecorder } from './useProgressRecorder';

/**
 * /lesson/view/:id. The lesson is loaded fresh on every visit (no cache: the player must start from
 * the latest recorded position) and not refetched while open (its signed video link stays put).
 */
export default function LessonPage() {
  const translate = useTranslate();
  const id = Number(useParams().id);
  const query = useLearningRecord('learning/lessons', id, {
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const lesson = query.data;
  return (
    <MemberPage
      title={lesson?.title ?? translate('atrium.learning.lessons.title')}
      back={
        lesson
          ? { to: `/lessons/category/${lesson.category.id}`, label: lesson.category.title }
          : { to: '/lessons', label: translate('atrium.learning.lessons.title') }
      }
      maxWidth={1040}
    >
      <QueryState query={query} minHeight={320}>
        {(l) => <LessonBody key={l.id} lesson={l} />}
      </QueryState>
    </MemberPage>
  );
}

function LessonBody({ lesson }: { lesson: SchemaLessonDetail }) {
  const translate = useTranslate();
  const [progress, setProgress] = useState<SchemaLessonProgress | null>(lesson.progress);
  // A reloaded lesson brings its recorded progress: it replaces the one shown (set while rendering, as React advises).
  const [loaded, setLoaded] = useState(lesson.progress);
  if (loaded !== lesson.progress) {
    setLoaded(lesson.progress);
    setProgress(lesson.progress);
  }
  const send = useProgressRecorder(lesson.id, setProgress);
  return (
    <Stack spacing={3}>
      <LessonPlayer lesson={lesson} progress={progress} send={send} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {lesson.access.is_free && (
            <Chip size="small" color="success" label={translate('atrium.learning.lessons.free')} />
          )}
          {lesson.duration_seconds > 0 && (
            <Chip size="small" variant="outlined" label={fmtDuration(lesson.duration_seconds)} />
          )}
          {!lesson.access.locked && <ProgressStatus progress={progress} />}
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button
            component={Link}
            to={`/lesson/view/${lesson.previous_lesson}`}
            disabled={!lesson.previous_lesson}
            startIcon={<ArrowBack />}
            size="small"
          >
            {translate('atrium.learning.lesson.previous')}
          </Button>
          <Button
            component={Link}
            to={`/lesson/view/${lesson.next_lesson}`}
            disabled={!lesson.next_lesson}
            endIcon={<ArrowForward />}
            size="small"
          >
            {translate('atrium.learning.lesson.next')}
          </Button>
        </Stack>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: lesson.materials.length ? 'minmax(0, 2fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
          },
        }}
      >
        <Section title={translate('atrium.learning.lesson.about')} id="about-heading">
          {lesson.description ? (
            <HtmlContent html={lesson.description} />
          ) : (
            <Typography color="text.secondary">
              {lesson.short_description || translate('atrium.learning.lesson.no_description')}
            </Typography>
          )}
        </Section>
        {lesson.materials.length > 0 && (
          <Section title={translate('atrium.learning.lesson.materials')} id="materials-heading">
            <LessonMaterials materials={lesson.materials} />
          </Section>
        )}
      </Box>
      {!lesson.access.locked && <Comments lessonId={lesson.id} />}
    </Stack>
  );
}

function ProgressStatus({ progress }: { progress: SchemaLessonProgress | null }) {
  const translate = useTranslate();
  if (progress?.completed) {
    return (
      <Chip
        size="small"
        color="success"
        icon={<CheckCircle />}
        label={translate('atrium.learning.lessons.completed')}
        data-testid="lesson-status"
      />
    );
  }
  if (!progress || progress.position_seconds === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="lesson-status">
        {translate(progress ? 'atrium.learning.lessons.started' : 'atrium.learning.lesson.not_started')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 180 }} data-testid="lesson-status">
      <LinearProgress
        variant="determinate"
        value={progress.percent}
        sx={{ width: 96, height: 6, borderRadius: 3 }}
        aria-hidden
      />
      <Typography variant="body2" color="text.secondary">
        {translate('atrium.learning.lessons.progress', { percent: progress.percent })}
      </Typography>
    </Stack>
  );
}
