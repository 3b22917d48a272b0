import { useState, type FormEvent } from 'react';
import { Stack } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert } from './FormAlert';
import { formErrors, noErrors, tokenError, type FormErrors } from './formErrors';
import { checkNewPassword, NewPasswordFields } from './NewPasswordFields';
import { SubmitButton } from './SubmitButton';

/** /password-reset/:resetToken, the emailed link: a new password twice, then back to the login screen. */
export default function PasswordResetPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { resetToken = '' } = useParams();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = checkNewPassword(password, repeat, translate);
    if (invalid) return setErrors(invalid);
    setBusy(true);
    setErrors(noErrors);
    try {
      await unwrap(api.POST('/password_reset/confirm/', { body: { password, token: resetToken } }));
      notify('atrium.auth.reset.done', { type: 'success' });
      navigate('/login', { replace: true });
    } catch (err) {
      const expiredText = tokenError(err);
      setExpired(!!expiredText);
      setErrors(expiredText ? { fields: {}, alert: expiredText } : formErrors(err, translate, ['password']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={translate('atrium.auth.reset.title')}
      subtitle={translate('atrium.auth.reset.subtitle')}
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
            labels={{ password: translate('atrium.auth.reset.password'), repeat: translate('atrium.auth.reset.password_repeat') }}
            autoFocus
          />
          <FormAlert message={errors.alert} />
          <SubmitButton busy={busy}>{translate('atrium.auth.reset.submit')}</SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
