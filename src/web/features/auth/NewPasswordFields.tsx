import type { Validator } from 'react-admin';
import { publicValidatorsFor } from '../../../api/publicValidators';
import { PasswordInput } from './PasswordInput';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Pair = { password?: string; password_repeat?: string };

// Every new password (reset link, reset-credentials link) has the same limits in the contract.
const v = publicValidatorsFor('PasswordResetConfirmRequest', {
  password: { minLength: 'atrium.auth.validation.password_short' },
});

// Checked once both are typed: an empty one is the form's 'Please, fill both fields' (newPasswordMissing).
const typed = (values: Pair) => Boolean(values.password && values.password_repeat);
const passwordRules: Validator[] = v.password.map(
  (rule): Validator =>
    (value, values: Pair, props) =>
      typed(values) ? rule(value, values, props) : undefined,
);
// That both match, once the password itself keeps the contract's limits.
const repeatRules: Validator[] = [
  (value, values: Pair, props) =>
    typed(values) &&
    !passwordRules.some((rule) => rule(values.password, values, props) != null) &&
    value !== values.password
      ? 'atrium.auth.validation.mismatch'
      : undefined,
];

/**
 * 'Please, fill both fields' when one is empty (the form's alert, the empty fields marked), for the
 * <Form>'s onSubmit to answer; null when the server may be asked.
 */
export function newPasswordMissing(values: Pair, translate: Translate): Record<string, unknown> | null {
  if (typed(values)) return null;
  return {
    root: { server: translate('atrium.auth.validation.fill_both') },
    ...(!values.password && { password: '' }),
    ...(!values.password_repeat && { password_repeat: '' }),
  };
}

/** A new password and its repetition (`password`, `password_repeat` of a react-admin <Form>), with browser hints for password managers. */
export function NewPasswordFields({
  labels,
  autoFocus,
}: {
  labels: { password: string; repeat: string };
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        source="password"
        label={labels.password}
        autoComplete="new-password"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the page's first field when the caller says so (a page that is this one form)
        autoFocus={autoFocus}
        required
        validate={passwordRules}
      />
      <PasswordInput
        source="password_repeat"
        label={labels.repeat}
        autoComplete="new-password"
        required
        validate={repeatRules}
      />
    </>
  );
}
