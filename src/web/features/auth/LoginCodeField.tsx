import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The code input of a two-factor step (the login's, the bot link's): an authenticator or backup code,
 * spaces dropped as typed. It replaces the form that held the focus, so the focus moves to it.
 */
export function LoginCodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
}) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('atrium.auth.login.code')}
      name="code"
      autoComplete="one-time-code"
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the code step replaces the form that held the focus: it moves to the code
      autoFocus
      required
      value={value}
      onChange={(e) => {
        onChange(e.target.value.replace(/\s/g, ''));
      }}
      error={!!error}
      helperText={error}
      slotProps={{ htmlInput: { 'data-testid': 'login-code' } }}
    />
  );
}
