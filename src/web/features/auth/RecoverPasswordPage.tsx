import { useState, type SubmitEvent } from 'react';
import { Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { checkValues } from '../../../api/validation';
import { validatorsFor } from '../../../api/validators';
import { formErrors, noErrors, type FormErrors } from '../../common/errors';
import type { AtriumDataProvider } from '../../providers/data';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert } from './FormAlert';
import { SubmitButton } from './SubmitButton';

const rules = validatorsFor('PasswordResetRequest');

/** Asks for the account's email and has a reset link sent; the answer never says whether the account exists. */
export default function RecoverPasswordPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const value = email.trim();
    const invalid = checkValues(rules, { email: value }, translate);
    if (invalid.email) setErrors({ fields: { email: invalid.email }, alert: null });
    else void send(value);
  };

  const send = async (value: string) => {
    setBusy(true);
    setErrors(noErrors);
    try {
      await dataProvider.requestPasswordReset(value);
      setSentTo(value);
    } catch (err) {
      setErrors(formErrors(err, translate, ['email']));
    } finally {
      setBusy(false);
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
      <form onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField
            label={translate('atrium.auth.recover.email')}
            name="email"
            type="email"
            autoComplete="email"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does
            autoFocus
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
            }}
            error={!!errors.fields.email}
            helperText={errors.fields.email}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <FormAlert message={errors.alert} />
          <SubmitButton busy={busy}>{translate('atrium.auth.recover.submit')}</SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
