import { Alert, Box, Chip, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import CardMembership from '@mui/icons-material/CardMembership';
import { useTranslate } from 'react-admin';
import type { SchemaSubscription } from '../../../api/schema';
import { fmtDate, useTimeZone } from '../../common/format';
import { useAutoPay } from './hooks';
import { useSavedAtOnce } from '../../common/useSavedAtOnce';

/** The active package: name, period, end date and the auto-pay switch. */
export function CurrentPackage({ current }: { current: SchemaSubscription | null }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const autoPay = useAutoPay();
  // The switch's new position from the click on, until the package is read again.
  const { picked, saving, save } = useSavedAtOnce<boolean>();
  if (!current) {
    return (
      <Alert severity="info" data-testid="no-current-package">
        {translate('atrium.subscription.none')}
      </Alert>
    );
  }
  const checked = picked ?? current.auto_pay;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderColor: 'primary.light', bgcolor: 'rgba(57, 73, 171, 0.04)' }}
      data-testid="current-package"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CardMembership color="primary" sx={{ fontSize: 40 }} />
          <Box>
            <Typography variant="overline" color="text.secondary">
              {translate('atrium.subscription.current')}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="current-package-name">
              {current.package.name}
            </Typography>
            <Typography data-testid="current-package-end">
              {translate('atrium.subscription.until', { date: fmtDate(current.ends_at, tz) })}{' '}
              <Typography component="span" color="text.secondary" variant="body2">
                ({current.package.period.name},{' '}
                {translate('atrium.subscription.since', { date: fmtDate(current.starts_at, tz) })})
              </Typography>
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
              {current.package.lesson_categories.map((c) => (
                <Chip key={c.id} size="small" label={c.name} />
              ))}
            </Stack>
          </Box>
        </Stack>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={checked}
                disabled={saving}
                onChange={(e) => {
                  const on = e.target.checked;
                  // A refusal is the hook's toast (useAutoPay); the switch goes back.
                  save(on, async () => {
                    await autoPay.mutateAsync([on]).catch(() => undefined);
                  });
                }}
                slotProps={{ input: { 'aria-describedby': 'auto-pay-hint' } }}
                data-testid="auto-pay-switch"
              />
            }
            label={translate('atrium.subscription.auto_pay')}
          />
          <Typography
            id="auto-pay-hint"
            variant="body2"
            color="text.secondary"
            sx={{ maxWidth: 320 }}
            data-testid="auto-pay-state"
          >
            {translate(checked ? 'atrium.subscription.auto_pay_on' : 'atrium.subscription.auto_pay_off')}.{' '}
            {checked ? translate('atrium.subscription.auto_pay_hint') : ''}
          </Typography>
        </Box>
      </Stack>
    </Paper>
  );
}
