import { useState, type SubmitEvent } from 'react';
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
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AtriumDataProvider } from '../../providers/data';
import { useApplyProfile } from './hooks';
import { fieldErrorsOf, useNotifyError } from '../../common/errors';
import { CurrentPasswordField } from './CurrentPasswordField';
import { useCopy } from './copy';
import type { Profile } from './session';
import { StatusHeader } from './StatusHeader';

type Setup = { secret: string; qr: string };

/**
 * The code from the app; with `backup`, also a backup code ("abcde-fghij", as the login takes it), so a
 * member without the phone can still switch two-factor sign-in off.
 */
function CodeField({
  value,
  onChange,
  error,
  backup = false,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  backup?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      name="code"
      label={translate('atrium.profile.two_factor.code')}
      value={value}
      onChange={(e) => {
        const v = e.target.value;
        onChange(backup ? v.replace(/[^0-9a-z-]/gi, '').slice(0, 11) : v.replace(/\D/g, '').slice(0, 6));
      }}
      autoComplete="one-time-code"
      error={Boolean(error)}
      helperText={
        error ??
        translate(backup ? 'atrium.profile.two_factor.code_or_backup_hint' : 'atrium.profile.two_factor.code_hint')
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
  const notifyError = useNotifyError();
  const copy = useCopy();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const apply = useApplyProfile();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const enabled = Boolean(me.google_auth_enabled);

  const changeCode = (v: string) => {
    setCode(v);
    setError(undefined);
  };

  const changePassword = (v: string) => {
    setPassword(v);
    setPasswordError(undefined);
  };

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
    } catch (err) {
      // A wrong code or password shows under its input; anything else as a toast.
      const fields = fieldErrorsOf(err);
      setError(fields.code);
      setPasswordError(fields.password);
      if (!fields.code && !fields.password) notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  const refreshProfile = async () => apply(await dataProvider.getProfile());

  const start = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!password) {
      setPasswordError(translate('atrium.profile.errors.required'));
      return;
    }
    await run(async () => {
      const res = await dataProvider.connectGoogleAuth({ password });
      if (res.secret && res.qr_code) setSetup({ secret: res.secret, qr: res.qr_code });
      setCode('');
      setPassword('');
    });
  };

  const confirm = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!code) {
      setError(translate('atrium.profile.two_factor.enter_code'));
      return;
    }
    await run(async () => {
      const res = await dataProvider.connectGoogleAuth({ code });
      setBackupCodes(res.backup_codes ?? null);
      setSetup(null);
      setCode('');
      await refreshProfile();
      notify('atrium.profile.two_factor.enabled_done', { type: 'success' });
    });
  };

  const disable = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!code) {
      setError(translate('atrium.profile.two_factor.enter_code'));
      return;
    }
    await run(async () => {
      await dataProvider.disconnectGoogleAuth(code);
      setCode('');
      await refreshProfile();
      notify('atrium.profile.two_factor.disabled_done', { type: 'success' });
    });
  };

  const regenerate = async () => {
    if (!code) setError(translate('atrium.profile.two_factor.enter_code'));
    if (!password) setPasswordError(translate('atrium.profile.errors.required'));
    if (!code || !password) return;
    await run(async () => {
      const res = await dataProvider.regenerateBackupCodes({ code, password });
      setCode('');
      setPassword('');
      setBackupCodes(res.backup_codes);
    });
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
          <Box component="form" onSubmit={(e) => void disable(e)} noValidate>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
              <CodeField value={code} onChange={changeCode} error={error} backup />
              <CurrentPasswordField
                label="atrium.profile.two_factor.password"
                value={password}
                onChange={changePassword}
                error={passwordError}
                hint="atrium.profile.two_factor.backup_password_hint"
              />
              <Button type="submit" variant="outlined" color="error" disabled={busy} sx={{ mt: { sm: 1 } }}>
                {busy ? <CircularProgress size={22} aria-hidden /> : translate('atrium.profile.two_factor.disable')}
              </Button>
              <Button onClick={() => void regenerate()} disabled={busy} sx={{ mt: { sm: 1 } }}>
                {translate('atrium.profile.two_factor.backup_new')}
              </Button>
            </Stack>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {translate('atrium.profile.two_factor.backup_new_hint')}
            </Typography>
          </Box>
        ) : setup ? (
          <Box component="form" onSubmit={(e) => void confirm(e)} noValidate>
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
                  <CodeField value={code} onChange={changeCode} error={error} />
                  <Stack direction="row" spacing={1} sx={{ mt: { sm: 1 } }}>
                    <Button type="submit" variant="contained" disabled={busy}>
                      {busy ? (
                        <CircularProgress size={22} aria-hidden />
                      ) : (
                        translate('atrium.profile.two_factor.confirm')
                      )}
                    </Button>
                    <Button
                      onClick={() => {
                        setSetup(null);
                      }}
                      disabled={busy}
                    >
                      {translate('atrium.profile.cancel')}
                    </Button>
                  </Stack>
                </Stack>
              </Stack>
            </Stack>
          </Box>
        ) : (
          <Box component="form" onSubmit={(e) => void start(e)} noValidate>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
              <CurrentPasswordField
                label="atrium.profile.two_factor.password"
                value={password}
                onChange={changePassword}
                error={passwordError}
                hint="atrium.profile.two_factor.password_hint"
              />
              <Button type="submit" variant="contained" disabled={busy} sx={{ mt: { sm: 1 } }}>
                {busy ? <CircularProgress size={22} aria-hidden /> : translate('atrium.profile.two_factor.enable')}
              </Button>
            </Stack>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
