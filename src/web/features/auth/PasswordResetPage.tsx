import { useState, type SubmitEvent } from 'react';
import { Stack } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { fieldErrorsOf, formErrors, noErrors, type FormErrors } from '../../common/errors';
import type { AtriumDataProvider } from '../../providers/data';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert } from './FormAlert';
import { checkNewPassword, NewPasswordFields } from './NewPasswordFields';
import { SubmitButton } from './SubmitButton';

/**
 * /password-reset/:resetToken, the emailed link: a new password twice, then back to the login screen.
 * With `invitation` (/set-password/:resetToken, the link of an invitation mail) it greets the new user.
 */
export default function PasswordResetPage({ invitation = false }: { invitation?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const { resetToken = '' } = useParams();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const invalid = checkNewPassword(password, repeat, translate);
    if (invalid) setErrors(invalid);
    else void send();
  };

  const send = async () => {
    setBusy(true);
    setErrors(noErrors);
    try {
      await dataProvider.confirmPasswordReset(resetToken, password);
      notify(invitation ? 'atrium.auth.invitation.done' : 'atrium.auth.reset.done', { type: 'success' });
      void navigate('/login', { replace: true });
    } catch (err) {
      // The link's token refused ('Link has expired'): the way to a new link is offered.
      const expiredText = fieldErrorsOf(err).token;
      setExpired(!!expiredText);
      setErrors(expiredText ? { fields: {}, alert: expiredText } : formErrors(err, translate, ['password']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={translate(invitation ? 'atrium.auth.invitation.title' : 'atrium.auth.reset.title')}
      subtitle={translate(invitation ? 'atrium.auth.invitation.subtitle' : 'atrium.auth.reset.subtitle')}
      footer={
        <>
          {expired && <AuthLink to="/recover-password">{translate('atrium.auth.reset.new_link')}</AuthLink>}
          <AuthLink to="/login">{translate('atrium.auth.back_to_login')}</AuthLink>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <NewPasswordFields
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
            errors={errors}
            labels={{
              password: translate('atrium.auth.reset.password'),
              repeat: translate('atrium.auth.reset.password_repeat'),
            }}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does
            autoFocus
          />
          <FormAlert message={errors.alert} />
          <SubmitButton busy={busy}>{translate('atrium.auth.reset.submit')}</SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
