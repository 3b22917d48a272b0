import type { Validator } from 'react-admin';

/**
 * The validators run on the value as it will be sent (`prepare`d). react-admin reads `isRequired` off a
 * validator to mark the label, so it is kept.
 */
export function onSent(validators: readonly Validator[], prepare: (value: unknown) => unknown): Validator[] {
  return validators.map((v) =>
    Object.assign<Validator, { isRequired?: boolean }>((value, values, props) => v(prepare(value), values, props), {
      isRequired: (v as { isRequired?: boolean }).isRequired,
    }),
  );
}

/** The validators run on the trimmed value: a field of spaces is empty. */
export const trimmed = (validators: readonly Validator[]) =>
  onSent(validators, (value) => (typeof value === 'string' ? value.trim() : value));
