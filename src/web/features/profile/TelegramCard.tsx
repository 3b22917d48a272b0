import { useState, type SubmitEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack } from '@mui/material';
import Telegram from '@mui/icons-material/Telegram';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AtriumDataProvider } from '../../providers/data';
import { useApplyProfile, useProfileWatch } from './hooks';
import { fieldErrorsOf, useNotifyError } from '../../common/errors';
import { CurrentPasswordField } from './CurrentPasswordField';
import { fmtDateTime } from '../../common/format';
import type { Profile } from './session';
import { StatusHeader } from './StatusHeader';

/**
 * Telegram: after the current password (a linked chat's /login signs in), a one-time deep link into the
 * bot (opened in a new tab and shown), or unlink. While the
 * link is open the profile is read again every few seconds (and on focus), so the card turns linked
 * once the bot took the /start; unlinked from the bot, it shows so on the next focus.
 */
export function TelegramCard({ me }: { me: Profile }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const apply = useApplyProfile();
  const [deepLink, setDeepLink] = useState<{ link: string; expires_at: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The password step: null until "Link Telegram" is pressed.
  const [password, setPassword] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const linked = Boolean(me.telegram_linked);
  useProfileWatch(deepLink !== null && !linked);
  // Linked: the used link is gone (set while rendering, React's way to follow a changed prop).
  if (deepLink && linked) setDeepLink(null);

  const link = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!password) {
      setPasswordError(translate('atrium.profile.errors.required'));
      return;
    }
    setBusy(true);
    try {
      const res = await dataProvider.linkTelegram(password);
      setDeepLink(res);
      setPassword(null);
      window.open(res.link, '_blank', 'noopener,noreferrer');
    } catch (err) {
      // A wrong password shows under its input; anything else as a toast.
      const fieldError = fieldErrorsOf(err).password;
      setPasswordError(fieldError);
      if (!fieldError) notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  const unlink = async () => {
    setBusy(true);
    try {
      await apply(await dataProvider.unlinkTelegram());
      setDeepLink(null);
      notify('atrium.profile.telegram.unlinked', { type: 'success' });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <StatusHeader
          title={translate('atrium.profile.telegram.title')}
          on={linked}
          status={translate(linked ? 'atrium.profile.status.linked' : 'atrium.profile.status.not_linked')}
          hint={translate(linked ? 'atrium.profile.telegram.linked_hint' : 'atrium.profile.telegram.hint')}
        />
        {linked ? (
          <Button variant="outlined" color="error" onClick={() => void unlink()} disabled={busy}>
            {busy ? <CircularProgress size={22} aria-hidden /> : translate('atrium.profile.telegram.unlink')}
          </Button>
        ) : password === null ? (
          <Button
            variant="contained"
            startIcon={<Telegram />}
            onClick={() => {
              setPassword('');
              setPasswordError(undefined);
            }}
          >
            {translate('atrium.profile.telegram.link')}
          </Button>
        ) : (
          <Box component="form" onSubmit={(e) => void link(e)} noValidate>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
              <CurrentPasswordField
                label="atrium.profile.telegram.password"
                value={password}
                onChange={(v) => {
                  setPassword(v);
                  setPasswordError(undefined);
                }}
                error={passwordError}
                hint="atrium.profile.telegram.password_hint"
              />
              <Stack direction="row" spacing={1} sx={{ mt: { sm: 1 } }}>
                <Button type="submit" variant="contained" startIcon={<Telegram />} disabled={busy}>
                  {busy ? <CircularProgress size={22} aria-hidden /> : translate('atrium.profile.telegram.get_link')}
                </Button>
                <Button
                  onClick={() => {
                    setPassword(null);
                  }}
                  disabled={busy}
                >
                  {translate('atrium.profile.cancel')}
                </Button>
              </Stack>
            </Stack>
          </Box>
        )}
        {deepLink && !linked && (
          <Alert severity="info" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
            {translate('atrium.profile.telegram.open_hint', { time: fmtDateTime(deepLink.expires_at, me.time_zone) })}{' '}
            <Link href={deepLink.link} target="_blank" rel="noopener noreferrer" data-testid="telegram-link">
              {deepLink.link}
            </Link>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
