import { ApiError } from '../../api/client';
import { fieldErrorLines } from '../providers/data/errors';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type FormErrors = {
  /** First message per field shown on the form (under that field). */
  fields: Record<string, string>;
  /** Everything else, one line per field (`field: message`), or the generic/server/network text. */
  alert: string | null;
};

export const noErrors: FormErrors = { fields: {}, alert: null };

/**
 * Splits a failed call into messages under the visible fields and an alert for the rest, following the
 * spec's catalogue: a 400 lists `field: first message` per line ('Error' without a body), a 5xx says
 * 'Server error', other answers show their `detail`, no answer at all says there is no connection.
 */
export function formErrors(err: unknown, translate: Translate, visibleFields: readonly string[] = []): FormErrors {
  if (!(err instanceof ApiError)) return { fields: {}, alert: translate('atrium.errors.network') };
  if (err.status >= 500) return { fields: {}, alert: translate('atrium.errors.server') };
  if (err.status !== 400) return { fields: {}, alert: err.message || translate('atrium.errors.generic') };
  const all = err.fieldErrors;
  const fields: Record<string, string> = {};
  const rest: Record<string, string> = {};
  for (const [field, msg] of Object.entries(all)) (visibleFields.includes(field) ? fields : rest)[field] = msg;
  const restLines = fieldErrorLines(new ApiError(400, Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, [v]]))));
  const alert = restLines || (Object.keys(fields).length ? null : translate('atrium.errors.generic'));
  return { fields, alert };
}

/** The message of a link token that the server refused ('Link has expired'), if that is what failed. */
export function tokenError(err: unknown): string | null {
  return err instanceof ApiError && err.status === 400 ? (err.fieldErrors.token ?? null) : null;
}
