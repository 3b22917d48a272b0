import type { FormErrors } from './formErrors';
import { PasswordField } from './PasswordField';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The client-side checks of "new password twice": 'Please, fill both fields' when one is empty, then the
 * length (the contract's minimum of 8), then that both match. Null when the server may be asked.
 */
export function checkNewPassword(password: string, repeat: string, translate: Translate): FormErrors | null {
  if (!password || !repeat) return { fields: {}, alert: translate('atrium.auth.validation.fill_both') };
  if (password.length < 8) return { fields: { password: translate('atrium.auth.validation.password_short') }, alert: null };
  if (password !== repeat) return { fields: { password_repeat: translate('atrium.auth.validation.mismatch') }, alert: null };
  return null;
}

type Props = {
  password: string;
  repeat: string;
  onPassword: (v: string) => void;
  onRepeat: (v: string) => void;
  errors: FormErrors;
  labels: { password: string; repeat: string };
  autoFocus?: boolean;
};

/** A new password and its repetition, with browser hints for password managers. */
export function NewPasswordFields({ password, repeat, onPassword, onRepeat, errors, labels, autoFocus }: Props) {
  return (
    <>
      <PasswordField
        label={labels.password}
        name="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={!!errors.fields.password || (!!errors.alert && !password)}
        helperText={errors.fields.password}
      />
      <PasswordField
        label={labels.repeat}
        name="password_repeat"
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(e) => onRepeat(e.target.value)}
        error={!!errors.fields.password_repeat || (!!errors.alert && !repeat)}
        helperText={errors.fields.password_repeat}
      />
    </>
  );
}
