import { useState, type SubmitEvent } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { HttpError, useLogin, useTranslate } from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import { browserRegion } from '../../common/countries';
import { fieldErrorsOf, formErrors, noErrors, type FormErrors } from '../../common/errors';
import { loadAdminApp } from '../../loadAdminApp';
import {
  EMAIL_REQUIRED_PATH,
  EmailActivationRequired,
  TwoFactorRequired,
  type LoginParams,
} from '../../providers/authProvider';
import { getToken } from '../../providers/data/accounts';
import { useProviderQuery } from '../../providers/data/providerHooks';
import { AuthCard } from './AuthCard';
import { announceLogin } from './loginNotice';
import { AuthLink } from './AuthLinks';
import { FormAlert } from './FormAlert';
import { LoginCodeField } from './LoginCodeField';
import { PasswordField } from './PasswordField';
import { SubmitButton } from './SubmitButton';

/** The registration link the server offers (`/register/<promo>` of its link), else plain /register. */
function useRegisterPath(): string {
  // The link does not depend on the language.
  const { data } = useProviderQuery('getAdminRegLink', [], { locale: null, retry: false, staleTime: 10 * 60_000 });
  if (!data?.link) return '/register';
  try {
    const path = new URL(data.link, window.location.origin).pathname;
    return /^\/register(\/[^/]+)?\/?$/.test(path) ? path : '/register';
  } catch {
    return '/register';
  }
}

/**
 * Email or phone + password; with Google Authenticator on, a second step asks for the code. A failure
 * shows the server's message and leaves the user logged out; an unactivated email goes to /email-required.
 */
export default function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const registerPath = useRegisterPath();
  // A signed-in user does not log in again: /login leads to the dashboard (spec, section 2).
  const [alreadyIn] = useState(() => !!getToken());
  const [challenge, setChallenge] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);

  if (alreadyIn) return <Navigate to="/dashboard" replace />;

  const attempt = async (params: LoginParams) => {
    setBusy(true);
    setErrors(noErrors);
    // The app behind the login loads alongside the login call.
    loadAdminApp().catch(() => undefined);
    try {
      // A phone typed without its country code is read in the browser's region.
      const region = params.username.includes('@') ? undefined : browserRegion();
      await login({ ...params, ...(region && { default_region: region }) });
      announceLogin();
    } catch (err) {
      if (err instanceof TwoFactorRequired) {
        setChallenge(err.challenge);
        setCode('');
      } else if (err instanceof EmailActivationRequired) {
        void navigate(EMAIL_REQUIRED_PATH, { state: username.includes('@') ? { email: username.trim() } : undefined });
      } else if (challenge && err instanceof HttpError && err.status === 400 && !fieldErrorsOf(err).code) {
        // 'Login time has expired. Please try again': the challenge is spent, back to the password step.
        setChallenge(null);
        setErrors(formErrors(err, translate));
      } else {
        setErrors(formErrors(err, translate, challenge ? ['code'] : ['username', 'password']));
      }
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (e: SubmitEvent) => {
    e.preventDefault();
    const fields: Record<string, string> = {};
    if (!username.trim()) fields.username = translate('atrium.auth.validation.required');
    if (!password) fields.password = translate('atrium.auth.validation.required');
    if (Object.keys(fields).length) setErrors({ fields, alert: null });
    else void attempt({ username: username.trim(), password });
  };

  const submitCode = (e: SubmitEvent) => {
    e.preventDefault();
    if (!challenge) return;
    if (!code.trim()) setErrors({ fields: { code: translate('atrium.auth.validation.enter_code') }, alert: null });
    else void attempt({ username: username.trim(), password, challenge, code: code.trim() });
  };

  if (challenge) {
    return (
      <AuthCard title={translate('atrium.auth.login.code_title')} subtitle={translate('atrium.auth.login.code_hint')}>
        <form onSubmit={submitCode} noValidate>
          <Stack spacing={2}>
            <LoginCodeField value={code} onChange={setCode} error={errors.fields.code} />
            <FormAlert message={errors.alert} />
            <SubmitButton busy={busy}>{translate('atrium.auth.login.code_submit')}</SubmitButton>
            <Button
              onClick={() => {
                setChallenge(null);
                setErrors(noErrors);
              }}
              disabled={busy}
            >
              {translate('atrium.auth.login.code_back')}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={translate('atrium.auth.login.title')}
      subtitle={translate('atrium.auth.login.subtitle')}
      footer={
        <>
          <AuthLink to="/recover-password">{translate('atrium.auth.login.forgot')}</AuthLink>
          <AuthLink to={registerPath} prefix={translate('atrium.auth.login.no_account')}>
            {translate('atrium.auth.login.register')}
          </AuthLink>
        </>
      }
    >
      <form onSubmit={submitPassword} noValidate>
        <Stack spacing={2}>
          <TextField
            label={translate('atrium.auth.login.username')}
            name="username"
            autoComplete="username"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does
            autoFocus
            required
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
            }}
            error={!!errors.fields.username}
            helperText={errors.fields.username}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <PasswordField
            label={translate('atrium.auth.login.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
            }}
            error={!!errors.fields.password}
            helperText={errors.fields.password}
          />
          <FormAlert message={errors.alert} />
          <SubmitButton busy={busy}>{translate('atrium.auth.login.submit')}</SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
