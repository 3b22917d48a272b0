import { Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { useLessonDashboard } from '../learning/hooks';
import { DonationBox, EventsBox, ImportantNews, LessonsBox, NewBookBox, NewsBox } from './DashboardBoxes';
import { SupportBox } from '../tickets/public';
import { BroadcastsBox } from '../broadcasts/public';

/** The landing page after login: lessons to continue, important news, news, live broadcasts, events, the new book, donations. */
export default function DashboardPage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const lessons = useLessonDashboard();
  const done = lessons.data?.completed_count ?? 0;
  const total = lessons.data?.total_count ?? 0;
  return (
    <Box sx={{ maxWidth: 1280, width: '100%', mx: 'auto', pt: { xs: 1, sm: 2 }, pb: 4, contain: 'inline-size' }}>
      <Title title={translate('atrium.dashboard.title')} />
      <Card
        variant="outlined"
        sx={{
          mb: 3,
          background: (t) => `linear-gradient(120deg, ${t.palette.primary.main}, ${t.palette.primary.dark})`,
          color: 'primary.contrastText',
        }}
      >
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h1" data-testid="dashboard-welcome" sx={{ fontWeight: 600 }}>
            {translate('atrium.dashboard.welcome', { name: identity?.fullName ?? '' })}
          </Typography>
          {total > 0 ? (
            <Stack spacing={1} sx={{ mt: 1.5, maxWidth: 420 }}>
              <Typography sx={{ opacity: 0.9 }}>
                {translate('atrium.learning.dashboard.progress', { done, total, smart_count: total })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.round((done * 100) / total)}
                color="inherit"
                sx={{ height: 6, borderRadius: 3, bgcolor: 'rgba(255,255,255,0.25)' }}
                aria-label={translate('atrium.learning.lessons.progress', {
                  percent: Math.round((done * 100) / total),
                })}
              />
            </Stack>
          ) : (
            <Typography sx={{ mt: 1, opacity: 0.9 }}>{translate('atrium.dashboard.intro')}</Typography>
          )}
        </CardContent>
      </Card>
      <ImportantNews />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <LessonsBox query={lessons} />
          <NewsBox />
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <BroadcastsBox />
          <EventsBox />
          <NewBookBox />
          <DonationBox />
          <SupportBox />
        </Stack>
      </Box>
    </Box>
  );
}
