import { Card, CardContent, Grid, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

/** The landing page after login; its boxes (events, news, book, lessons, donation) come with the Learning issue. */
export default function DashboardPage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Title title={translate('atrium.dashboard.title')} />
      <Grid size={12}>
        <Card>
          <CardContent>
            <Typography variant="h5" component="h1" data-testid="dashboard-welcome">
              {translate('atrium.dashboard.welcome', { name: identity?.fullName ?? '' })}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {translate('atrium.dashboard.intro')}
            </Typography>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
