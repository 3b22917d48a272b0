import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
  type ButtonProps,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Form, InputHelperText, useDataProvider, useInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useFormState, type FieldValues } from 'react-hook-form';
import type { AtriumDataProvider } from '../../providers/data';
import { useApplyProfile } from './hooks';
import { CurrentPasswordInput, useFieldErrorsOrToast } from './CurrentPasswordField';
import { useCopy } from './copy';
import type { Profile } from './session';
import { StatusHeader } from './StatusHeader';

type Setup = { secret: string; qr: string };
type Values = { code: string; password: string };
/** A <Form>'s onSubmit over the step's values (react-admin types it over any values). */
const submitting = (step: (v: Values) => Promise<Record<string, string> | undefined>) => (v: FieldValues) =>
  step(v as Values);

const CODE = 'atrium.profile.two_factor.code';
const codeRequired = (value: unknown) => (value ? undefined : 'atrium.profile.two_factor.enter_code');

/**
 * The code from the app (the form's `code`, required); with `backup`, also a backup code ("abcde-fghij",
 * as the login takes it), so a member without the phone can still switch two-factor sign-in off.
 */
function CodeInput({ backup = false }: { backup?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'code', defaultValue: '', validate: codeRequired });
  const error = fieldState.error?.message;
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      label={translate(CODE)}
      value={field.value as string}
      onChange={(e) => {
        const v = e.target.value;
        field.onChange(backup ? v.replace(/[^0-9a-z-]/gi, '').slice(0, 11) : v.replace(/\D/g, '').slice(0, 6));
      }}
      onBlur={field.onBlur}
      autoComplete="one-time-code"
      error={Boolean(error)}
      helperText={
        error ? (
          <InputHelperText error={error} />
        ) : (
          translate(backup ? 'atrium.profile.two_factor.code_or_backup_hint' : 'atrium.profile.two_factor.code_hint')
        )
      }
      slotProps={{
        htmlInput: backup
          ? { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false }
          : { inputMode: 'numeric', pattern: '[0-9]*' },
      }}
      sx={{ maxWidth: 240 }}
    />
  );
}

/** The form's submit button, a spinner while it is sent. */
function SubmitButton({ label, ...props }: { label: string } & ButtonProps) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" disabled={isSubmitting} {...props}>
      {isSubmitting ? <CircularProgress size={22} aria-hidden /> : translate(label)}
    </Button>
  );
}

/** New backup codes need the password too: checked here, then the form's code rule, then sent. */
function RegenerateButton({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const failed = useFieldErrorsOrToast(['code', 'password']);
  const { handleSubmit, setError, reset, formState } = useFormContext<Values>();
  const regenerate = handleSubmit(async ({ code, password }) => {
    if (!password) {
      setError('password', { type: 'required', message: 'atrium.profile.errors.required' });
      return;
    }
    try {
      const res = await dataProvider.regenerateBackupCodes({ code, password });
      reset();
      onCodes(res.backup_codes);
    } catch (err) {
      for (const [name, message] of Object.entries(failed(err)))
        setError(name as keyof Values, { type: 'server', message });
    }
  });
  return (
    <Button onClick={() => void regenerate()} disabled={formState.isSubmitting} sx={{ mt: { sm: 1 } }}>
      {translate('atrium.profile.two_factor.backup_new')}
    </Button>
  );
}

/** The backup codes just made: shown once, with copy and a button that hides them. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const translate = useTranslate();
  const copy = useCopy();
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="backup-codes" icon={false}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {translate('atrium.profile.two_factor.backup_title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('atrium.profile.two_factor.backup_hint')}
      </Typography>
      <Box
        component="ul"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', columnGap: 4, pl: 0, listStyle: 'none' }}
      >
        {codes.map((c) => (
          <Box component="li" key={c} sx={{ fontFamily: 'monospace', fontSize: '1rem', letterSpacing: 1 }}>
            {c}
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          startIcon={<ContentCopy />}
          onClick={() => void copy(codes.join('\n'), 'atrium.profile.two_factor.backup_copied')}
        >
          {translate('atrium.profile.two_factor.backup_copy')}
        </Button>
        <Button size="small" variant="contained" onClick={onDone}>
          {translate('atrium.profile.two_factor.backup_done')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Google Authenticator: enable (the current password, then the QR code and secret and the first code;
 * then the backup codes, shown once), make new backup codes with the password and a current code, or
 * disable with a current code or a backup code. The server's field errors show under their inputs.
 */
export function GoogleAuthCard({ me }: { me: Profile }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = useCopy();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const apply = useApplyProfile();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const enabled = Boolean(me.google_auth_enabled);
  const failed = useFieldErrorsOrToast(['code', 'password']);

  const refreshProfile = async () => apply(await dataProvider.getProfile());

  // Each step is a react-admin <Form>: its rules say what is missing, the server's field errors land under
  // the inputs (anything else is a toast).
  const start = async ({ password }: Values) => {
    try {
      const res = await dataProvider.connectGoogleAuth({ password });
      if (res.secret && res.qr_code) setSetup({ secret: res.secret, qr: res.qr_code });
      return undefined;
    } catch (err) {
      return failed(err);
    }
  };

  const confirm = async ({ code }: Values) => {
    try {
      const res = await dataProvider.connectGoogleAuth({ code });
      setBackupCodes(res.backup_codes ?? null);
      setSetup(null);
      await refreshProfile();
      notify('atrium.profile.two_factor.enabled_done', { type: 'success' });
      return undefined;
    } catch (err) {
      return failed(err);
    }
  };

  const disable = async ({ code }: Values) => {
    try {
      await dataProvider.disconnectGoogleAuth(code);
      await refreshProfile();
      notify('atrium.profile.two_factor.disabled_done', { type: 'success' });
      return undefined;
    } catch (err) {
      return failed(err);
    }
  };

  return (
    <Card>
      <CardContent>
        <StatusHeader
          title={translate('atrium.profile.two_factor.title')}
          on={enabled}
          status={translate(enabled ? 'atrium.profile.status.enabled' : 'atrium.profile.status.disabled')}
          hint={translate(enabled ? 'atrium.profile.two_factor.enabled_hint' : 'atrium.profile.two_factor.hint')}
          testId="two-factor-status"
        />

        {enabled && backupCodes && (
          <BackupCodes
            codes={backupCodes}
            onDone={() => {
              setBackupCodes(null);
            }}
          />
        )}
        {enabled ? (
          <Form<Values> key="disable" onSubmit={submitting(disable)} noValidate disableInvalidFormNotification>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
              <CodeInput backup />
              <CurrentPasswordInput
                label="atrium.profile.two_factor.password"
                hint="atrium.profile.two_factor.backup_password_hint"
              />
              <SubmitButton
                label="atrium.profile.two_factor.disable"
                variant="outlined"
                color="error"
                sx={{ mt: { sm: 1 } }}
              />
              <RegenerateButton onCodes={setBackupCodes} />
            </Stack>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {translate('atrium.profile.two_factor.backup_new_hint')}
            </Typography>
          </Form>
        ) : setup ? (
          <Form<Values> key="confirm" onSubmit={submitting(confirm)} noValidate disableInvalidFormNotification>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} alignItems={{ xs: 'flex-start', sm: 'center' }}>
              <Box
                component="img"
                src={setup.qr}
                alt={translate('atrium.profile.two_factor.qr_alt')}
                sx={{ width: 200, height: 200, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
              />
              <Stack spacing={2} sx={{ minWidth: 0 }}>
                <Typography variant="body2">{translate('atrium.profile.two_factor.scan')}</Typography>
                <Box>
                  <Typography variant="body2" color="text.secondary">
                    {translate('atrium.profile.two_factor.secret')}
                  </Typography>
                  <Stack direction="row" alignItems="center" spacing={0.5}>
                    <Box
                      component="code"
                      data-testid="totp-secret"
                      sx={{ fontFamily: 'monospace', fontSize: '1rem', overflowWrap: 'anywhere', letterSpacing: 1 }}
                    >
                      {setup.secret}
                    </Box>
                    <Tooltip title={translate('atrium.profile.two_factor.copy_secret')}>
                      <IconButton
                        size="small"
                        aria-label={translate('atrium.profile.two_factor.copy_secret')}
                        onClick={() => void copy(setup.secret, 'atrium.profile.secret_copied')}
                      >
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                </Box>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
                  <CodeInput />
                  <Stack direction="row" spacing={1} sx={{ mt: { sm: 1 } }}>
                    <SubmitButton label="atrium.profile.two_factor.confirm" variant="contained" />
                    <Button
                      onClick={() => {
                        setSetup(null);
                      }}
                    >
                      {translate('atrium.profile.cancel')}
                    </Button>
                  </Stack>
                </Stack>
              </Stack>
            </Stack>
          </Form>
        ) : (
          <Form<Values> key="start" onSubmit={submitting(start)} noValidate disableInvalidFormNotification>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
              <CurrentPasswordInput
                label="atrium.profile.two_factor.password"
                hint="atrium.profile.two_factor.password_hint"
                required
              />
              <SubmitButton label="atrium.profile.two_factor.enable" variant="contained" sx={{ mt: { sm: 1 } }} />
            </Stack>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
