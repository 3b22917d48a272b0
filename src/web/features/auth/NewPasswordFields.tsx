import { checkValues } from '../../../api/validation';
import { validatorsFor } from '../../../api/validators';
import type { FormErrors } from '../../common/errors';
import { PasswordField } from './PasswordField';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// Every new password (reset link, reset-credentials link) has the same limits in the contract.
const v = validatorsFor('PasswordResetConfirmRequest', {
  password: { minLength: 'atrium.auth.validation.password_short' },
});

/**
 * The client-side checks of "new password twice": 'Please, fill both fields' when one is empty, then the
 * contract's limits (its minimum length), then that both match. Null when the server may be asked.
 */
export function checkNewPassword(password: string, repeat: string, translate: Translate): FormErrors | null {
  if (!password || !repeat) return { fields: {}, alert: translate('atrium.auth.validation.fill_both') };
  const limits = checkValues({ password: v.password }, { password }, translate);
  if (limits.password) return { fields: { password: limits.password }, alert: null };
  if (password !== repeat)
    return { fields: { password_repeat: translate('atrium.auth.validation.mismatch') }, alert: null };
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
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the page's first field when the caller says so (a page that is this one form)
        autoFocus={autoFocus}
        required
        value={password}
        onChange={(e) => {
          onPassword(e.target.value);
        }}
        error={!!errors.fields.password || (!!errors.alert && !password)}
        helperText={errors.fields.password}
      />
      <PasswordField
        label={labels.repeat}
        name="password_repeat"
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(e) => {
          onRepeat(e.target.value);
        }}
        error={!!errors.fields.password_repeat || (!!errors.alert && !repeat)}
        helperText={errors.fields.password_repeat}
      />
    </>
  );
}
