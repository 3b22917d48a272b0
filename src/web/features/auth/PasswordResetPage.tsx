import { useState } from 'react';
import { Stack } from '@mui/material';
import { Form, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { fieldErrorsOf, submissionErrors } from '../../common/errors';
import type { AtriumDataProvider } from '../../providers/data';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormRootAlert } from './FormAlert';
import { NewPasswordFields, newPasswordMissing } from './NewPasswordFields';
import { FormSubmitButton } from './SubmitButton';

type Values = { password?: string; password_repeat?: string };

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
  // The link's token was refused: the way to a new link is offered below the form.
  const [expired, setExpired] = useState(false);

  const submit = async (values: Values) => {
    const missing = newPasswordMissing(values, translate);
    if (missing) return missing;
    try {
      await dataProvider.confirmPasswordReset(resetToken, values.password ?? '');
      notify(invitation ? 'atrium.auth.invitation.done' : 'atrium.auth.reset.done', { type: 'success' });
      void navigate('/login', { replace: true });
      return undefined;
    } catch (err) {
      // 'Link has expired' is the form's alert.
      const expiredText = fieldErrorsOf(err).token;
      setExpired(!!expiredText);
      return expiredText ? { root: { server: expiredText } } : submissionErrors(err, translate, ['password']);
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
      <Form<Values> onSubmit={submit} noValidate disableInvalidFormNotification>
        <Stack spacing={2}>
          <NewPasswordFields
            labels={{ password: 'atrium.auth.reset.password', repeat: 'atrium.auth.reset.password_repeat' }}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does
            autoFocus
          />
          <FormRootAlert />
          <FormSubmitButton>{translate('atrium.auth.reset.submit')}</FormSubmitButton>
        </Stack>
      </Form>
    </AuthCard>
  );
}
