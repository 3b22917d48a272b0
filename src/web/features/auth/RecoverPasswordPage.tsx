import { useState } from 'react';
import { Stack, Typography } from '@mui/material';
import { Form, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { publicValidatorsFor } from '../../../api/publicValidators';
import { submissionErrors } from '../../common/errors';
import { trimmed } from '../../common/trimmed';
import type { AtriumDataProvider } from '../../providers/data';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormRootAlert } from './FormAlert';
import { FormSubmitButton } from './SubmitButton';

const emailRules = trimmed(publicValidatorsFor('PasswordResetRequest').email);

/** Asks for the account's email and has a reset link sent; the answer never says whether the account exists. */
export default function RecoverPasswordPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async ({ email = '' }: { email?: string }) => {
    const value = email.trim();
    try {
      await dataProvider.requestPasswordReset(value);
      setSentTo(value);
      return undefined;
    } catch (err) {
      return submissionErrors(err, translate, ['email']);
    }
  };

  const footer = <AuthLink to="/login">{translate('atrium.auth.back_to_login')}</AuthLink>;

  if (sentTo) {
    return (
      <AuthCard title={translate('atrium.auth.recover.sent_title')} footer={footer}>
        <Typography role="status" data-testid="recover-sent">
          {translate('atrium.auth.recover.sent_text', { email: sentTo })}
        </Typography>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={translate('atrium.auth.recover.title')}
      subtitle={translate('atrium.auth.recover.subtitle')}
      footer={footer}
    >
      <Form onSubmit={send} noValidate disableInvalidFormNotification>
        <Stack spacing={2}>
          <TextInput
            source="email"
            label="atrium.auth.recover.email"
            type="email"
            autoComplete="email"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does
            autoFocus
            validate={emailRules}
            helperText={false}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <FormRootAlert />
          <FormSubmitButton>{translate('atrium.auth.recover.submit')}</FormSubmitButton>
        </Stack>
      </Form>
    </AuthCard>
  );
}
