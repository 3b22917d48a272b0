import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { fieldErrorLines } from '../providers/data/errors';
import { EMAIL_REQUIRED_PATH, EmailActivationRequired } from '../providers/authProvider';

/** Email or phone + password. A failure shows the server's message and leaves the user logged out. */
export default function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ username, password });
      notify('atrium.login.logged_in', { type: 'success' });
    } catch (err) {
      if (err instanceof EmailActivationRequired) return navigate(EMAIL_REQUIRED_PATH);
      if (err instanceof ApiError && err.status === 400) setError(fieldErrorLines(err) || translate('atrium.errors.generic'));
      else if (err instanceof ApiError && err.status >= 500) setError(translate('atrium.errors.server'));
      else if (err instanceof ApiError) setError(err.message);
      else setError(translate('atrium.errors.network'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #3949ab 0%, #5c6bc0 50%, #26a69a 100%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={6}>
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="center">
            <Typography variant="h5" component="h1">
              {translate('atrium.login.title')}
            </Typography>
            <LocalesMenuButton />
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('atrium.login.subtitle')}
          </Typography>
          <form onSubmit={submit} noValidate>
            <Stack spacing={2}>
              <TextField
                label={translate('atrium.login.username')}
                name="username"
                autoComplete="username"
                autoFocus
                required
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
              <TextField
                label={translate('atrium.login.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {error && (
                <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
                  {error}
                </Alert>
              )}
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {busy ? <CircularProgress size={24} aria-hidden /> : translate('atrium.login.submit')}
              </Button>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
