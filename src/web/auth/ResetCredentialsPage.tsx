import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import type { SchemaResetCredentialsSave } from '../../api/schema';
import { checkValues } from '../../api/validation';
import { validatorsFor } from '../../api/validators';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert } from './FormAlert';
import { formErrors, noErrors, tokenError, type FormErrors } from './formErrors';
import { checkNewPassword, NewPasswordFields } from './NewPasswordFields';
import { SubmitButton } from './SubmitButton';

const rules = validatorsFor('ResetCredentialsSave');

type Current = { email: string | null; phone: string | null };
type State = { kind: 'checking' } | { kind: 'invalid'; message: string } | { kind: 'valid'; current: Current };

/**
 * /reset-credentials/:resetToken, a one-hour link created by staff: the link is checked first, then the
 * user sees the current email and phone and sets a new password (and, optionally, a new email or phone).
 */
export default function ResetCredentialsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { resetToken = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  // Switching the language must not check the link again.
  const translateRef = useRef(translate);
  translateRef.current = translate;

  useEffect(() => {
    let live = true;
    setState({ kind: 'checking' });
    unwrap(api.POST('/accounts/user/reset_credentials/', { body: { token: resetToken } }))
      .then((res) => {
        if (!live) return;
        setState(
          res.valid
            ? { kind: 'valid', current: { email: res.email ?? null, phone: res.phone ?? null } }
            : { kind: 'invalid', message: '' },
        );
      })
      .catch((err: unknown) => {
        if (live) setState({ kind: 'invalid', message: tokenError(err) ?? formErrors(err, translateRef.current).alert ?? '' });
      });
    return () => {
      live = false;
    };
  }, [resetToken]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const newEmail = email.trim();
    const newPhone = phone.trim();
    const limits = checkValues(rules, { email: newEmail, phone: newPhone }, translate);
    if (limits.email || limits.phone) return setErrors({ fields: { ...(limits.email && { email: limits.email }), ...(limits.phone && { phone: limits.phone }) }, alert: null });
    const invalid = checkNewPassword(password, repeat, translate);
    if (invalid) return setErrors(invalid);
    setBusy(true);
    setErrors(noErrors);
    const body: SchemaResetCredentialsSave = {
      token: resetToken,
      password,
      ...(newEmail && { email: newEmail }),
      ...(newPhone && { phone: newPhone }),
    };
    try {
      await unwrap(api.PUT('/accounts/user/reset_credentials/', { body }));
      notify('atrium.auth.credentials.done', { type: 'success' });
      navigate('/login', { replace: true });
    } catch (err) {
      const expired = tokenError(err);
      if (expired) setState({ kind: 'invalid', message: expired });
      else setErrors(formErrors(err, translate, ['email', 'phone', 'password']));
    } finally {
      setBusy(false);
    }
  };

  const title = translate('atrium.auth.credentials.title');
  const footer = <AuthLink to="/login">{translate('atrium.auth.back_to_login')}</AuthLink>;

  if (state.kind === 'checking') {
    return (
      <AuthCard title={title}>
        <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', gap: 2, py: 3 }}>
          <CircularProgress aria-hidden />
          <Typography color="text.secondary">{translate('atrium.auth.credentials.checking')}</Typography>
        </Box>
      </AuthCard>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <AuthCard title={title} footer={footer}>
        <FormAlert message={state.message || translate('atrium.auth.link_expired')} />
      </AuthCard>
    );
  }

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
            {state.current.email ?? notSet}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {translate('atrium.auth.credentials.current_phone')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {state.current.phone ?? notSet}
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
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
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
            onChange={(e) => setPhone(e.target.value)}
            error={!!errors.fields.phone}
            helperText={errors.fields.phone ?? translate('atrium.auth.credentials.keep_hint')}
          />
          <NewPasswordFields
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
            errors={errors}
            labels={{ password: translate('atrium.auth.credentials.password'), repeat: translate('atrium.auth.credentials.password_repeat') }}
          />
          <FormAlert message={errors.alert} />
          <SubmitButton busy={busy}>{translate('atrium.auth.credentials.submit')}</SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
