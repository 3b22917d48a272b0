import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Box, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { useLocation, useSearchParams } from 'react-router-dom';
import { checkValues } from '../../../api/validation';
import { validatorsFor } from '../../../api/validators';
import { fieldErrorsOf, formErrors, noErrors, type FormErrors } from '../../common/errors';
import type { AtriumDataProvider } from '../../providers/data';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert } from './FormAlert';
import { useStartSession } from './session';
import { SubmitButton } from './SubmitButton';

const rules = validatorsFor('ResendActivationRequest');

/** From the register form: `sent` after a registration (which answers alike whether the address had an account). */
type LocationState = { email?: string; sent?: boolean } | null;

/**
 * Shown when the account's email is not activated (after login, registration, two-factor or bot login):
 * explains it and sends the activation email again. The emailed link opens this screen with ?token=…,
 * which activates the email and logs the user in ('Link has expired' when it is used up or too old).
 */
export default function EmailRequiredPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const startSession = useStartSession();
  const [params] = useSearchParams();
  const token = params.get('token');
  const state = useLocation().state as LocationState;
  const knownEmail = state?.email ?? '';
  const [email, setEmail] = useState(knownEmail);
  const [activating, setActivating] = useState(!!token);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The token works once: StrictMode's second effect run (and re-renders) must not send it again.
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    setActivating(true);
    dataProvider
      .activateEmail(token)
      .then((res) => startSession(res))
      .catch((err: unknown) => {
        // The server's 'Link has expired' (its token error), else the failure's text.
        const expired = fieldErrorsOf(err).token;
        setErrors(expired ? { fields: {}, alert: expired } : formErrors(err, translate));
        setActivating(false);
      });
  }, [token, startSession, translate, dataProvider]);

  const resend = (e: SubmitEvent) => {
    e.preventDefault();
    const value = email.trim();
    const invalid = checkValues(rules, { email: value }, translate);
    if (invalid.email) setErrors({ fields: { email: invalid.email }, alert: null });
    else void send(value);
  };

  const send = async (value: string) => {
    setBusy(true);
    setErrors(noErrors);
    setSent(null);
    try {
      const res = await dataProvider.resendActivation(value);
      setSent(res.detail);
    } catch (err) {
      setErrors(formErrors(err, translate, ['email']));
    } finally {
      setBusy(false);
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

  return (
    <AuthCard
      title={translate('atrium.auth.email_required.title')}
      footer={<AuthLink to="/login">{translate('atrium.auth.back_to_login')}</AuthLink>}
    >
      <Stack spacing={2}>
        <FormAlert message={errors.alert} />
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
        <form onSubmit={resend} noValidate>
          <Stack spacing={2}>
            <TextField
              label={translate('atrium.auth.email_required.email')}
              name="email"
              type="email"
              autoComplete="email"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does
              autoFocus={!knownEmail}
              required
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
              }}
              error={!!errors.fields.email}
              helperText={errors.fields.email}
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
            />
            <FormAlert message={sent} severity="success" />
            <SubmitButton busy={busy}>{translate('atrium.auth.email_required.resend')}</SubmitButton>
          </Stack>
        </form>
      </Stack>
    </AuthCard>
  );
}
