import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { Form, HttpError, TextInput, useLogin, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { publicValidatorsFor } from '../../../api/publicValidators';
import { Navigate, useNavigate } from 'react-router-dom';
import { browserRegion } from '../../common/countries';
import { fieldErrorsOf, formErrors, submissionErrors } from '../../common/errors';
import { trimmed } from '../../common/trimmed';
import { loadAdminApp } from '../../loadAdminApp';
import {
  EMAIL_REQUIRED_PATH,
  EmailActivationRequired,
  TwoFactorRequired,
  type LoginParams,
} from '../../providers/authProvider';
import { getToken } from './data';
import { AuthCard } from './AuthCard';
import { announceLogin } from './loginNotice';
import { AuthLink } from './AuthLinks';
import { FormAlert, FormRootAlert } from './FormAlert';
import { LoginCodeField } from './LoginCodeField';
import { PasswordInput } from './PasswordInput';
import { FormSubmitButton } from './SubmitButton';

type Values = { username?: string; password?: string; code?: string };
type Step = { challenge: string | null; username: string; password: string; alert: string | null };

const REQUIRED = { presence: 'atrium.auth.validation.required' };
const contract = publicValidatorsFor('LoginRequest', { username: REQUIRED, password: REQUIRED });
// The username is sent trimmed; the password as typed.
const rules = { username: trimmed(contract.username), password: contract.password };

/** Back from the code to the password step, the code's errors left behind. */
function BackButton({ onBack }: { onBack: () => void }) {
  const translate = useTranslate();
  const { formState } = useFormContext();
  return (
    <Button onClick={onBack} disabled={formState.isSubmitting}>
      {translate('atrium.auth.login.code_back')}
    </Button>
  );
}

/**
 * Email or phone + password; with Google Authenticator on, a second step asks for the code. A failure
 * shows the server's message and leaves the user logged out; an unactivated email goes to /email-required.
 */
export default function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  // A signed-in user does not log in again: /login leads to their first screen ("/", spec, section 2).
  const [alreadyIn] = useState(() => !!getToken());
  // After a first step: the credentials sent, the code step while the server's challenge is open, and
  // what sent that step back ('Login time has expired', the first form's alert).
  const [step, setStep] = useState<Step | null>(null);
  const credentials = step ? { username: step.username, password: step.password } : undefined;

  if (alreadyIn) return <Navigate to="/" replace />;

  const attempt = async (params: LoginParams) => {
    // The app behind the login loads alongside the login call.
    loadAdminApp().catch(() => undefined);
    try {
      // A phone typed without its country code is read in the browser's region.
      const region = params.username.includes('@') ? undefined : browserRegion();
      await login({ ...params, ...(region && { default_region: region }) });
      announceLogin();
      return undefined;
    } catch (err) {
      if (err instanceof TwoFactorRequired) {
        setStep({ challenge: err.challenge, username: params.username, password: params.password, alert: null });
        return undefined;
      }
      if (err instanceof EmailActivationRequired) {
        const state = params.username.includes('@') ? { email: params.username } : undefined;
        void navigate(EMAIL_REQUIRED_PATH, { state });
        return undefined;
      }
      if (params.challenge && err instanceof HttpError && err.status === 400 && !fieldErrorsOf(err).code) {
        // 'Login time has expired. Please try again': the challenge is spent, back to the password step.
        setStep({
          challenge: null,
          username: params.username,
          password: params.password,
          alert: formErrors(err, translate).alert,
        });
        return undefined;
      }
      return submissionErrors(err, translate, params.challenge ? ['code'] : ['username', 'password']);
    }
  };

  if (step?.challenge) {
    const { challenge } = step;
    return (
      <AuthCard title={translate('atrium.auth.login.code_title')} subtitle={translate('atrium.auth.login.code_hint')}>
        <Form<Values>
          onSubmit={({ code = '' }) =>
            attempt({ username: step.username, password: step.password, challenge, code: code.trim() })
          }
          noValidate
          disableInvalidFormNotification
        >
          <Stack spacing={2}>
            <LoginCodeField />
            <FormRootAlert />
            <FormSubmitButton>{translate('atrium.auth.login.code_submit')}</FormSubmitButton>
            <BackButton
              onBack={() => {
                setStep({ ...step, challenge: null, alert: null });
              }}
            />
          </Stack>
        </Form>
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
          <AuthLink to="/register" prefix={translate('atrium.auth.login.no_account')}>
            {translate('atrium.auth.login.register')}
          </AuthLink>
        </>
      }
    >
      <Form<Values>
        onSubmit={({ username = '', password = '' }) => {
          // The expired step's word stays until the next try.
          setStep((s) => s && { ...s, alert: null });
          return attempt({ username: username.trim(), password });
        }}
        defaultValues={credentials}
        noValidate
        disableInvalidFormNotification
      >
        <Stack spacing={2}>
          <TextInput
            source="username"
            label="atrium.auth.login.username"
            autoComplete="username"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does
            autoFocus
            validate={rules.username}
            helperText={false}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <PasswordInput
            source="password"
            label="atrium.auth.login.password"
            autoComplete="current-password"
            validate={rules.password}
          />
          {/* Beside the form, not its root error: react-admin's form resets its errors as it mounts. */}
          <FormAlert message={step?.alert ?? null} />
          <FormRootAlert />
          <FormSubmitButton>{translate('atrium.auth.login.submit')}</FormSubmitButton>
        </Stack>
      </Form>
    </AuthCard>
  );
}
