import { useTranslate } from 'react-admin';
import { PasswordField } from '../auth/PasswordField';

/**
 * The account's current password, asked again before what gives lasting access to the account (an
 * authenticator, backup codes, a Telegram chat): the server's error shows under it, else `hint`.
 */
export function CurrentPasswordField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
  hint: string;
}) {
  const translate = useTranslate();
  return (
    <PasswordField
      name="password"
      label={translate(label)}
      autoComplete="current-password"
      value={value}
      onChange={(e) => {
        onChange(e.target.value);
      }}
      error={Boolean(error)}
      helperText={error ?? translate(hint)}
      sx={{ maxWidth: 320 }}
    />
  );
}
