import { Box, Card, CardActionArea, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Lock from '@mui/icons-material/Lock';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import Schedule from '@mui/icons-material/Schedule';
import { useListContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaLessonBrief } from '../../../api/schema';
import { fmtDuration } from '../../common/format';
import { CardGrid } from '../../common/CardGrid';

/** A lesson in a list: preview, title, category, duration, free/locked badges and the member's progress. */
export function LessonCard({ lesson, showCategory = true }: { lesson: SchemaLessonBrief; showCategory?: boolean }) {
  const translate = useTranslate();
  const { access, progress } = lesson;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="lesson-card">
      {/* A row on a phone (small picture beside the text), a column from tablets up. */}
      <CardActionArea
        component={Link}
        to={`/lesson/view/${lesson.id}`}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: { xs: 'row', sm: 'column' },
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Box
          sx={{
            position: 'relative',
            aspectRatio: '16 / 9',
            width: { xs: 136, sm: 'auto' },
            flexShrink: 0,
            alignSelf: { xs: 'flex-start', sm: 'stretch' },
            m: { xs: 1, sm: 0 },
            mr: { xs: 0, sm: 0 },
            borderRadius: { xs: 1, sm: 0 },
            overflow: 'hidden',
            bgcolor: 'primary.main',
            backgroundImage: lesson.preview
              ? `url("${lesson.preview}")`
              : 'linear-gradient(135deg, rgba(255,255,255,0.18), rgba(0,0,0,0.18))',
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            display: 'grid',
            placeItems: 'center',
            color: 'common.white',
          }}
        >
          {!lesson.preview &&
            (access.locked ? (
              <Lock sx={{ fontSize: { xs: 28, sm: 44 }, opacity: 0.85 }} />
            ) : (
              <PlayCircleOutline sx={{ fontSize: { xs: 32, sm: 48 }, opacity: 0.9 }} />
            ))}
          <Stack
            direction="row"
            spacing={0.5}
            sx={{
              position: 'absolute',
              top: { xs: 4, sm: 8 },
              left: { xs: 4, sm: 8 },
              '& .MuiChip-root': { height: { xs: 20, sm: 24 }, fontSize: { xs: 11, sm: 13 } },
            }}
          >
            {access.is_free && <Chip size="small" color="success" label={translate('atrium.learning.lessons.free')} />}
            {access.locked && (
              <Chip
                size="small"
                icon={<Lock />}
                label={translate('atrium.learning.lessons.locked')}
                sx={{ bgcolor: 'rgba(0,0,0,0.6)', color: 'common.white', '& .MuiChip-icon': { color: 'inherit' } }}
              />
            )}
          </Stack>
          {lesson.duration_seconds > 0 && (
            <Chip
              size="small"
              label={fmtDuration(lesson.duration_seconds)}
              sx={{
                position: 'absolute',
                bottom: { xs: 4, sm: 8 },
                right: { xs: 4, sm: 8 },
                height: { xs: 20, sm: 24 },
                fontSize: { xs: 11, sm: 13 },
                bgcolor: 'rgba(0,0,0,0.65)',
                color: 'common.white',
              }}
            />
          )}
        </Box>
        {progress && (
          <LinearProgress
            sx={{ display: { xs: 'none', sm: 'block' } }}
            variant="determinate"
            value={progress.completed ? 100 : progress.percent}
            color={progress.completed ? 'success' : 'primary'}
            aria-label={translate('atrium.learning.lessons.progress', {
              percent: progress.completed ? 100 : progress.percent,
            })}
          />
        )}
        <CardContent
          sx={{
            flexGrow: 1,
            minWidth: 0,
            display: 'flex',
            flexDirection: 'column',
            gap: 0.5,
            p: { xs: 1.25, sm: 2 },
            '&:last-child': { pb: { xs: 1.25, sm: 2 } },
          }}
        >
          {showCategory && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {lesson.category.title}
            </Typography>
          )}
          <Typography
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, lineHeight: 1.3, fontSize: { xs: '0.95rem', sm: '1rem' } }}
          >
            {lesson.title}
          </Typography>
          {lesson.short_description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                display: { xs: 'none', sm: '-webkit-box' },
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {lesson.short_description}
            </Typography>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <ProgressLine lesson={lesson} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function ProgressLine({ lesson }: { lesson: SchemaLessonBrief }) {
  const translate = useTranslate();
  const p = lesson.progress;
  if (p?.completed) {
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main', mt: 1 }}>
        <CheckCircle fontSize="small" />
        <Typography variant="body2">{translate('atrium.learning.lessons.completed')}</Typography>
      </Stack>
    );
  }
  if (p) {
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'primary.main', mt: 1 }}>
        <Schedule fontSize="small" />
        <Typography variant="body2">
          {p.position_seconds > 0
            ? translate('atrium.learning.lessons.continue_from', { time: fmtDuration(p.position_seconds) })
            : translate('atrium.learning.lessons.started')}
        </Typography>
      </Stack>
    );
  }
  return null;
}

/** Lesson cards in a responsive grid: one column on a phone, up to four on a wide screen. */
export function LessonGrid({ lessons, showCategory }: { lessons: SchemaLessonBrief[]; showCategory?: boolean }) {
  return (
    <CardGrid columns={{ xs: 1, sm: 2, md: 3, xl: 4 }}>
      {lessons.map((l) => (
        <LessonCard key={l.id} lesson={l} showCategory={showCategory} />
      ))}
    </CardGrid>
  );
}

/** The lessons of the list in context (a page of a search or of a category) as a LessonGrid. */
export function ListedLessons({ showCategory }: { showCategory?: boolean }) {
  const { data = [] } = useListContext<SchemaLessonBrief>();
  return <LessonGrid lessons={data} showCategory={showCategory} />;
}
