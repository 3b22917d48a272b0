import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import PriorityHigh from '@mui/icons-material/PriorityHigh';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaNewsBrief } from '../../../api/schema';
import { fmtDate, useTimeZone } from '../../common/format';

/** A news item in a list; important ones are marked and edged in the warning colour. */
export function NewsCard({ item, dense }: { item: SchemaNewsBrief; dense?: boolean }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  return (
    <Card
      variant="outlined"
      data-testid="news-card"
      sx={
        item.is_important
          ? { borderColor: 'warning.main', borderLeftWidth: 4, bgcolor: 'rgba(237, 108, 2, 0.04)' }
          : undefined
      }
    >
      <CardActionArea
        component={Link}
        to={`/news/view/${item.id}`}
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        {item.image && !dense && (
          <Box
            sx={{
              width: { xs: 96, sm: 180 },
              flexShrink: 0,
              backgroundImage: `url("${item.image}")`,
              backgroundSize: 'cover',
              backgroundPosition: 'center',
            }}
            role="presentation"
          />
        )}
        <CardContent sx={{ flexGrow: 1, minWidth: 0, py: dense ? 1.5 : 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
            <Typography variant="caption" color="text.secondary" component="time" dateTime={item.published_at}>
              {fmtDate(item.published_at, tz)}
            </Typography>
            {item.is_important && (
              <Chip
                size="small"
                color="warning"
                icon={<PriorityHigh />}
                label={translate('atrium.news.important')}
                sx={{ height: 20 }}
              />
            )}
          </Stack>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {item.title}
          </Typography>
          {item.summary && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                mt: 0.5,
                display: '-webkit-box',
                WebkitLineClamp: dense ? 2 : 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {item.summary}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
