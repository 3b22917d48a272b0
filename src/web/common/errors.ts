import { HttpError, useNotify, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * What a screen shows of a failed call. Every call goes through the data provider, whose one mapper
 * (providers/data/errors.ts, toHttpError) turns an API error into react-admin's HttpError: a 400
 * carries the DRF field errors `{field: first message}` in `body.errors`, a 5xx the message key
 * 'atrium.errors.server', any other the server's `detail`. Anything else never got an answer.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `{field: first message}` of a 400 answer; empty for any other failure. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  if (!(err instanceof HttpError) || err.status !== 400) return {};
  return (err.body as { errors?: Record<string, string> } | undefined)?.errors ?? {};
}

/** A field as people read it: its catalogue label (atrium.fields.*), else the name spelled out ("first name"). */
function fieldLabel(field: string, translate: Translate): string {
  return translate(`atrium.fields.${field}`, { _: field.replace(/[._]+/g, ' ').trim() });
}

/**
 * "field: first message" per line, as the spec's error catalogue shows a 400 (non_field_errors bare);
 * with `translate`, each field by its translated label, never the API's key.
 */
export function errorLines(errors: Record<string, string>, translate?: Translate): string {
  return Object.entries(errors)
    .map(([field, msg]) =>
      field === 'non_field_errors' ? msg : `${translate ? fieldLabel(field, translate) : field}: ${msg}`,
    )
    .join('\n');
}

/** The text of a failed call: a 400's lines ('Error' without a body), 'Server error' for a 5xx, the
 * server's detail for other answers, 'no connection' when there was no answer. */
export function errorText(err: unknown, translate: Translate): string {
  if (!(err instanceof HttpError)) return translate('atrium.errors.network');
  if (err.status === 400) return errorLines(fieldErrorsOf(err), translate) || translate('atrium.errors.generic');
  if (err.status >= 500) return translate('atrium.errors.server');
  return err.message ? translate(err.message, { _: err.message }) : translate('atrium.errors.generic');
}

export type FormErrors = {
  /** First message per field shown on the form (under that field). */
  fields: Record<string, string>;
  /** Everything else, one line per field (`field: message`), or the generic/server/network text. */
  alert: string | null;
};

/** Splits a failed call into messages under the form's visible fields and an alert for the rest. */
export function formErrors(err: unknown, translate: Translate, visibleFields: readonly string[] = []): FormErrors {
  if (!(err instanceof HttpError) || err.status !== 400) return { fields: {}, alert: errorText(err, translate) };
  const fields: Record<string, string> = {};
  const rest: Record<string, string> = {};
  for (const [field, msg] of Object.entries(fieldErrorsOf(err)))
    (visibleFields.includes(field) ? fields : rest)[field] = msg;
  const alert = errorLines(rest, translate) || (Object.keys(fields).length ? null : translate('atrium.errors.generic'));
  return { fields, alert };
}

/** Shows a failed call as an error toast, one line per field. */
export function useNotifyError() {
  const notify = useNotify();
  const translate = useTranslate();
  return (err: unknown) => {
    notify(errorText(err, translate), { type: 'error', multiLine: true });
  };
}

/**
 * What the `onSubmit` of a react-admin <Form> answers to a failed call: the server's messages under the
 * form's fields (react-admin puts them there), the rest as the form's alert (`root.server`, read by
 * `useFormAlert`; the next submit clears it).
 */
export function submissionErrors(
  err: unknown,
  translate: Translate,
  visibleFields: readonly string[] = [],
): Record<string, unknown> {
  const { fields, alert } = formErrors(err, translate, visibleFields);
  return alert ? { ...fields, root: { server: alert } } : fields;
}

/** The alert a failed submit left (see `submissionErrors`); null when there is none. Inside a <Form>. */
export function useFormAlert(): string | null {
  const { errors } = useFormState();
  return errors.root?.server?.message ?? null;
}
