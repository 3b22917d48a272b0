import { useEffect, useRef } from 'react';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { Form, TextInput, useTranslate } from 'react-admin';
import { useLocation, useSearchParams } from 'react-router-dom';
import { publicValidatorsFor } from '../../../api/publicValidators';
import { fieldErrorsOf, formErrors, submissionErrors } from '../../common/errors';
import { trimmed } from '../../common/trimmed';
import { useProviderMutation } from '../../providers/data/providerHooks';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert, FormRootAlert } from './FormAlert';
import { useStartSession } from './session';
import { FormSubmitButton } from './SubmitButton';

const emailRules = trimmed(publicValidatorsFor('ResendActivationRequest').email);

/** From the register form: `sent` after a registration (which answers alike whether the address had an account). */
type LocationState = { email?: string; sent?: boolean } | null;

/**
 * Shown when the account's email is not activated (after login, registration, two-factor or bot login):
 * explains it and sends the activation email again. The emailed link opens this screen with ?token=…,
 * which activates the email and logs the user in ('Link has expired' when it is used up or too old).
 */
export default function EmailRequiredPage() {
  const translate = useTranslate();
  const startSession = useStartSession();
  const [params] = useSearchParams();
  const token = params.get('token');
  const state = useLocation().state as LocationState;
  const knownEmail = state?.email ?? '';
  const activate = useProviderMutation('activateEmail', { onSuccess: (res) => startSession(res) });
  const resendActivation = useProviderMutation('resendActivation');
  // The token works once: StrictMode's second effect run (and re-renders) must not send it again.
  const tried = useRef<string | null>(null);
  const { mutate } = activate;

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    mutate([token]);
  }, [token, mutate]);

  // Until the link is refused, it is activating (then signing in); no link, nothing to wait for.
  const activating = !!token && !activate.isError;
  // Why the link did not activate the email (the server's 'Link has expired', its token error, else the
  // failure's text): the form's alert until a resend is sent. Shown beside the form, not as its root error:
  // react-admin's form resets its errors as it mounts.
  const refusal = activate.error ? fieldErrorsOf(activate.error) : {};
  const refused =
    activate.error && !refusal.email_activation && resendActivation.isIdle
      ? (refusal.token ?? formErrors(activate.error, translate).alert)
      : null;
  // A link opened again after it confirmed the email: the server says so, and the form has nothing to do.
  const confirmed = refusal.email_activation ?? null;
  const sent = resendActivation.data?.detail ?? null;

  const resend = async ({ email = '' }: { email?: string }) => {
    try {
      await resendActivation.mutateAsync([email.trim()]);
      return undefined;
    } catch (err) {
      return submissionErrors(err, translate, ['email']);
    }
  };

  if (activating) {
    return (
      <AuthCard title={translate('atrium.auth.email_required.title')}>
        <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', gap: 2, py: 3 }}>
          <CircularProgress aria-hidden />
          <Typography color="text.secondary">{translate('atrium.auth.email_required.activating')}</Typography>
        </Box>
      </AuthCard>
    );
  }

  const footer = <AuthLink to="/login">{translate('atrium.auth.back_to_login')}</AuthLink>;
  if (confirmed) {
    // /login leads a signed-in user on into the app.
    return (
      <AuthCard title={translate('atrium.auth.email_required.title')} footer={footer}>
        <FormAlert message={confirmed} severity="success" />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={translate('atrium.auth.email_required.title')} footer={footer}>
      <Form defaultValues={{ email: knownEmail }} onSubmit={resend} noValidate disableInvalidFormNotification>
        <Stack spacing={2}>
          <FormAlert message={refused} />
          <FormRootAlert />
          <Typography data-testid="email-required-text">{translate('atrium.auth.email_required.text')}</Typography>
          {knownEmail && (
            <Typography sx={{ fontWeight: 500 }}>
              {translate('atrium.auth.email_required.sent_to', { email: knownEmail })}
            </Typography>
          )}
          {state?.sent && (
            <Typography data-testid="email-required-registered">
              {translate('atrium.auth.email_required.already_registered')}
            </Typography>
          )}
          <Typography color="text.secondary" variant="body2">
            {translate('atrium.auth.email_required.resend_hint')}
          </Typography>
          <TextInput
            source="email"
            label="atrium.auth.email_required.email"
            type="email"
            autoComplete="email"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does
            autoFocus={!knownEmail}
            validate={emailRules}
            helperText={false}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <FormAlert message={sent} severity="success" />
          <FormSubmitButton>{translate('atrium.auth.email_required.resend')}</FormSubmitButton>
        </Stack>
      </Form>
    </AuthCard>
  );
}
