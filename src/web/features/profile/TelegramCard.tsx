import { useState } from 'react';
import { Alert, Button, Card, CardContent, CircularProgress, Link, Stack } from '@mui/material';
import Telegram from '@mui/icons-material/Telegram';
import { Form, useNotify, useTranslate } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { useApplyProfile, useProfileWatch } from './hooks';
import { useProviderMutation } from '../../providers/data/providerHooks';
import { useNotifyError } from '../../common/errors';
import { CurrentPasswordInput, useFieldErrorsOrToast } from './CurrentPasswordField';
import { fmtDateTime } from '../../common/format';
import type { Profile } from './session';
import { StatusHeader } from './StatusHeader';

function GetLinkButton() {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" startIcon={<Telegram />} disabled={isSubmitting}>
      {isSubmitting ? <CircularProgress size={22} aria-hidden /> : translate('atrium.profile.telegram.get_link')}
    </Button>
  );
}

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
  const apply = useApplyProfile();
  const failed = useFieldErrorsOrToast(['password']);
  const linking = useProviderMutation('linkTelegram');
  // The password step (a react-admin <Form>): shown once "Link Telegram" is pressed.
  const [asking, setAsking] = useState(false);
  const linked = Boolean(me.telegram_linked);
  // The bot's link the server gave, until the account is linked (then the used link is gone).
  const deepLink = linked ? null : (linking.data ?? null);
  useProfileWatch(deepLink !== null);

  const link = async (values: FieldValues) => {
    try {
      const res = await linking.mutateAsync([String(values.password)]);
      setAsking(false);
      window.open(res.link, '_blank', 'noopener,noreferrer');
      return undefined;
    } catch (err) {
      // A wrong password shows under its input; anything else as a toast.
      return failed(err);
    }
  };

  const unlinking = useProviderMutation('unlinkTelegram', {
    onSuccess: async (user) => {
      await apply(user);
      linking.reset();
      notify('atrium.profile.telegram.unlinked', { type: 'success' });
    },
    onError: notifyError,
  });

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
          <Button
            variant="outlined"
            color="error"
            onClick={() => {
              unlinking.mutate();
            }}
            disabled={unlinking.isPending}
          >
            {unlinking.isPending ? (
              <CircularProgress size={22} aria-hidden />
            ) : (
              translate('atrium.profile.telegram.unlink')
            )}
          </Button>
        ) : !asking ? (
          <Button
            variant="contained"
            startIcon={<Telegram />}
            onClick={() => {
              setAsking(true);
            }}
          >
            {translate('atrium.profile.telegram.link')}
          </Button>
        ) : (
          <Form onSubmit={link} noValidate disableInvalidFormNotification>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
              <CurrentPasswordInput
                label="atrium.profile.telegram.password"
                hint="atrium.profile.telegram.password_hint"
                required
              />
              <Stack direction="row" spacing={1} sx={{ mt: { sm: 1 } }}>
                <GetLinkButton />
                <Button
                  onClick={() => {
                    setAsking(false);
                  }}
                >
                  {translate('atrium.profile.cancel')}
                </Button>
              </Stack>
            </Stack>
          </Form>
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
