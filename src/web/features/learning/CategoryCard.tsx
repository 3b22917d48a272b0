import { Box, Card, CardActionArea, CardContent, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaLessonCategory } from '../../../api/schema';

const completion = (c: Pick<SchemaLessonCategory, 'lessons_count' | 'completed_count'>) =>
  c.lessons_count ? Math.round((c.completed_count * 100) / c.lessons_count) : 0;

/** A category: its title, description and how far the member got (completed of all lessons). */
export function CategoryCard({ category }: { category: SchemaLessonCategory }) {
  const translate = useTranslate();
  const percent = completion(category);
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="category-card">
      <CardActionArea
        component={Link}
        to={`/lessons/category/${category.id}`}
        sx={{ height: '100%', display: 'flex', alignItems: 'stretch' }}
      >
        {category.image && (
          <Box
            sx={{
              width: 96,
              flexShrink: 0,
              backgroundImage: `url("${category.image}")`,
              backgroundSize: 'cover',
              backgroundPosition: 'center',
            }}
            role="presentation"
          />
        )}
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {category.title}
          </Typography>
          {category.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {category.description}
            </Typography>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <CategoryProgress category={category} percent={percent} />
          <Typography variant="caption" color="text.secondary">
            {translate('atrium.learning.lessons.category_progress', {
              done: category.completed_count,
              total: category.lessons_count,
              smart_count: category.lessons_count,
            })}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function CategoryProgress({ category, percent }: { category: SchemaLessonCategory; percent?: number }) {
  const translate = useTranslate();
  const value = percent ?? completion(category);
  return (
    <LinearProgress
      variant="determinate"
      value={value}
      color={value === 100 ? 'success' : 'primary'}
      sx={{ height: 6, borderRadius: 3 }}
      aria-label={translate('atrium.learning.lessons.progress', { percent: value })}
    />
  );
}
