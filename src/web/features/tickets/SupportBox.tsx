import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import SupportAgent from '@mui/icons-material/SupportAgent';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAsksSupport } from './hooks';

/** The dashboard's way to support: a new request to the consultant (or the support team), and the member's requests. */
export function SupportBox() {
  const translate = useTranslate();
  const support = useAsksSupport();
  return (
    <Card variant="outlined" data-testid="support-box">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <SupportAgent color="primary" />
          <Typography variant="h6" component="h2">
            {translate(support ? 'atrium.tickets.my.ask_support' : 'atrium.tickets.my.ask')}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button component={Link} to="/user/new-request/new" variant="contained" size="small">
            {translate('atrium.tickets.my.new')}
          </Button>
          <Button component={Link} to="/support" size="small">
            {translate('atrium.tickets.my.title')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
