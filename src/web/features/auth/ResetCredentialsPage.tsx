import { useState } from 'react';
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { Form, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { SchemaResetCredentialsSave } from '../../../api/schema';
import { publicValidatorsFor } from '../../../api/publicValidators';
import { fieldErrorsOf, formErrors, submissionErrors } from '../../common/errors';
import { trimmed } from '../../common/trimmed';
import { fmtPhone } from '../../common/phone';
import type { AtriumDataProvider } from '../../providers/data';
import { useProviderQuery } from '../../providers/data/providerHooks';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert, FormRootAlert } from './FormAlert';
import { NewPasswordFields, newPasswordMissing } from './NewPasswordFields';
import { FormSubmitButton } from './SubmitButton';

const contract = publicValidatorsFor('ResetCredentialsSave');
// The new email and phone are checked as they will be sent (trimmed).
const rules = { email: trimmed(contract.email), phone: trimmed(contract.phone) };

type Values = { email?: string; phone?: string; password?: string; password_repeat?: string };

type Translate = ReturnType<typeof useTranslate>;

/** What a refused link says: the server's 'Link has expired' (its token error), else the failure's text. */
const refusal = (err: unknown, translate: Translate) =>
  fieldErrorsOf(err).token ?? formErrors(err, translate).alert ?? '';

/**
 * /reset-credentials/:resetToken, a one-hour link created by staff: the link is checked first, then the
 * user sees the current email and phone and sets a new password (and, optionally, a new email or phone).
 */
export default function ResetCredentialsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const { resetToken = '' } = useParams();
  // The link is checked once per visit (switching the language does not check it again; opening it again does).
  const check = useProviderQuery('validateResetCredentials', [resetToken], {
    locale: null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  // Saving with a link that has run out meanwhile: the page says so instead of the form.
  const [spent, setSpent] = useState<unknown>(null);

  const submit = async (values: Values) => {
    const missing = newPasswordMissing(values, translate);
    if (missing) return missing;
    const newEmail = values.email?.trim();
    const newPhone = values.phone?.trim();
    const body: SchemaResetCredentialsSave = {
      token: resetToken,
      password: values.password ?? '',
      ...(newEmail && { email: newEmail }),
      ...(newPhone && { phone: newPhone }),
    };
    try {
      await dataProvider.saveResetCredentials(body);
      notify('atrium.auth.credentials.done', { type: 'success' });
      void navigate('/login', { replace: true });
      return undefined;
    } catch (err) {
      if (!fieldErrorsOf(err).token) return submissionErrors(err, translate, ['email', 'phone', 'password']);
      setSpent(err);
      return undefined;
    }
  };

  const title = translate('atrium.auth.credentials.title');
  const footer = <AuthLink to="/login">{translate('atrium.auth.back_to_login')}</AuthLink>;

  if (check.isPending) {
    return (
      <AuthCard title={title}>
        <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', gap: 2, py: 3 }}>
          <CircularProgress aria-hidden />
          <Typography color="text.secondary">{translate('atrium.auth.credentials.checking')}</Typography>
        </Box>
      </AuthCard>
    );
  }
  const failure = spent ?? check.error;
  const link = check.data;
  if (failure || !link?.valid) {
    const message = failure ? refusal(failure, translate) : '';
    return (
      <AuthCard title={title} footer={footer}>
        <FormAlert message={message || translate('atrium.auth.link_expired')} />
      </AuthCard>
    );
  }
  const current = { email: link.email ?? null, phone: link.phone ?? null };

  const notSet = translate('atrium.auth.credentials.not_set');
  return (
    <AuthCard title={title} subtitle={translate('atrium.auth.credentials.subtitle')} footer={footer}>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="current-credentials">
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {translate('atrium.auth.credentials.current')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
          <Typography component="dt" color="text.secondary">
            {translate('atrium.auth.credentials.current_email')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {current.email ?? notSet}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {translate('atrium.auth.credentials.current_phone')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {fmtPhone(current.phone) || notSet}
          </Typography>
        </Box>
      </Paper>
      <Form<Values> onSubmit={submit} noValidate disableInvalidFormNotification>
        <Stack spacing={2}>
          <TextInput
            source="email"
            label="atrium.auth.credentials.email"
            type="email"
            autoComplete="email"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does
            autoFocus
            validate={rules.email}
            helperText="atrium.auth.credentials.keep_hint"
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextInput
            source="phone"
            label="atrium.auth.credentials.phone"
            type="tel"
            autoComplete="tel"
            validate={rules.phone}
            helperText="atrium.auth.credentials.keep_hint"
          />
          <NewPasswordFields
            labels={{ password: 'atrium.auth.credentials.password', repeat: 'atrium.auth.credentials.password_repeat' }}
          />
          <FormRootAlert />
          <FormSubmitButton>{translate('atrium.auth.credentials.submit')}</FormSubmitButton>
        </Stack>
      </Form>
    </AuthCard>
  );
}
