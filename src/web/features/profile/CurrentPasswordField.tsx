import { InputHelperText, useInput, useTranslate } from 'react-admin';
import { fieldErrorsOf, useNotifyError } from '../../common/errors';
import { PasswordField } from '../../common/PasswordField';

/** An empty current password is refused before anything is sent. */
const passwordRequired = (value: unknown) => (value ? undefined : 'atrium.profile.errors.required');

/**
 * The account's current password (the form's `password`), asked again before what gives lasting access
 * to the account (an authenticator, backup codes, a Telegram chat): required with `required`, its error
 * (the form's or the server's) under it, else `hint`.
 */
export function CurrentPasswordInput({ label, hint, required }: { label: string; hint: string; required?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({
    source: 'password',
    defaultValue: '',
    validate: required ? passwordRequired : undefined,
  });
  const error = fieldState.error?.message;
  return (
    <PasswordField
      name={field.name}
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={translate(label)}
      autoComplete="current-password"
      error={Boolean(error)}
      helperText={error ? <InputHelperText error={error} /> : translate(hint)}
      sx={{ maxWidth: 320 }}
    />
  );
}

/**
 * What a profile card's <Form> answers to a failed call: the server's messages on `fields` go under those
 * inputs; a failure without one is a toast.
 */
export function useFieldErrorsOrToast(fields: readonly string[]) {
  const notifyError = useNotifyError();
  return (err: unknown): Record<string, string> => {
    const all = fieldErrorsOf(err);
    const shown = Object.fromEntries(Object.entries(all).filter(([name]) => fields.includes(name)));
    if (Object.keys(shown).length === 0) notifyError(err);
    return shown;
  };
}
