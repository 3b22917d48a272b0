import { Box, Chip, Stack, Typography } from '@mui/material';
import PriorityHigh from '@mui/icons-material/PriorityHigh';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useLearningRecord } from '../learning/hooks';
import { fmtDate, useTimeZone } from '../../common/format';
import { HtmlContent } from '../../common/HtmlContent';
import { MemberPage } from '../../common/MemberPage';
import { QueryState } from '../../common/States';

/** /news/view/:id — one news item: date, importance, image and its (server-sanitised) rich text. */
export default function NewsViewPage() {
  const translate = useTranslate();
  const tz = useTimeZone();
  const id = Number(useParams().id);
  const query = useLearningRecord('learning/news', id);
  const item = query.data;
  return (
    <MemberPage
      title={item?.title ?? translate('atrium.news.title')}
      back={{ to: '/news', label: translate('atrium.news.all_news') }}
      maxWidth={820}
    >
      <QueryState query={query} minHeight={320}>
        {(n) => (
          <Box component="article">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="body2" color="text.secondary" component="time" dateTime={n.published_at}>
                {fmtDate(n.published_at, tz)}
              </Typography>
              {n.is_important && (
                <Chip size="small" color="warning" icon={<PriorityHigh />} label={translate('atrium.news.important')} />
              )}
            </Stack>
            {n.image && (
              <Box
                component="img"
                src={n.image}
                alt=""
                sx={{ width: '100%', maxHeight: 420, objectFit: 'cover', borderRadius: 2, mb: 2, display: 'block' }}
              />
            )}
            {n.summary && (
              <Typography
                variant="h6"
                component="p"
                color="text.secondary"
                sx={{ fontWeight: 400, fontSize: '1.15rem', lineHeight: 1.5, mb: 2 }}
              >
                {n.summary}
              </Typography>
            )}
            <HtmlContent html={n.body} />
          </Box>
        )}
      </QueryState>
    </MemberPage>
  );
}
