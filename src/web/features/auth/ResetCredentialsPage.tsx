import { useState, type SubmitEvent } from 'react';
import { Box, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { SchemaResetCredentialsSave } from '../../../api/schema';
import { checkValues } from '../../../api/validation';
import { validatorsFor } from '../../../api/validators';
import { fieldErrorsOf, formErrors, noErrors, type FormErrors } from '../../common/errors';
import { fmtPhone } from '../../common/format';
import type { AtriumDataProvider } from '../../providers/data';
import { useProviderQuery } from '../../providers/data/providerHooks';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert } from './FormAlert';
import { checkNewPassword, NewPasswordFields } from './NewPasswordFields';
import { SubmitButton } from './SubmitButton';

const rules = validatorsFor('ResetCredentialsSave');

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
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const newEmail = email.trim();
    const newPhone = phone.trim();
    const limits = checkValues(rules, { email: newEmail, phone: newPhone }, translate);
    const invalid = checkNewPassword(password, repeat, translate);
    if (limits.email || limits.phone)
      setErrors({
        fields: { ...(limits.email && { email: limits.email }), ...(limits.phone && { phone: limits.phone }) },
        alert: null,
      });
    else if (invalid) setErrors(invalid);
    else void send(newEmail, newPhone);
  };

  const send = async (newEmail: string, newPhone: string) => {
    setBusy(true);
    setErrors(noErrors);
    const body: SchemaResetCredentialsSave = {
      token: resetToken,
      password,
      ...(newEmail && { email: newEmail }),
      ...(newPhone && { phone: newPhone }),
    };
    try {
      await dataProvider.saveResetCredentials(body);
      notify('atrium.auth.credentials.done', { type: 'success' });
      void navigate('/login', { replace: true });
    } catch (err) {
      if (fieldErrorsOf(err).token) setSpent(err);
      else setErrors(formErrors(err, translate, ['email', 'phone', 'password']));
    } finally {
      setBusy(false);
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
      <form onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField
            label={translate('atrium.auth.credentials.email')}
            name="email"
            type="email"
            autoComplete="email"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does
            autoFocus
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
            }}
            error={!!errors.fields.email}
            helperText={errors.fields.email ?? translate('atrium.auth.credentials.keep_hint')}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextField
            label={translate('atrium.auth.credentials.phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value);
            }}
            error={!!errors.fields.phone}
            helperText={errors.fields.phone ?? translate('atrium.auth.credentials.keep_hint')}
          />
          <NewPasswordFields
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
            errors={errors}
            labels={{
              password: translate('atrium.auth.credentials.password'),
              repeat: translate('atrium.auth.credentials.password_repeat'),
            }}
          />
          <FormAlert message={errors.alert} />
          <SubmitButton busy={busy}>{translate('atrium.auth.credentials.submit')}</SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
