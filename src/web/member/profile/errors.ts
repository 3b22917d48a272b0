import { useNotify, useTranslate } from 'react-admin';
import { ApiError } from '../../../api/client';
import { fieldErrorLines } from '../../providers/data/errors';

/** The toast text of a failed call: a 400's lines ('Error' without a body), 'Server error' for a 5xx. */
export function errorText(err: unknown, translate: (key: string) => string): string {
  if (!(err instanceof ApiError)) return translate('atrium.errors.network');
  if (err.status === 400) return fieldErrorLines(err) || translate('atrium.errors.generic');
  if (err.status >= 500) return translate('atrium.errors.server');
  return err.message;
}

/** `{field: first message}` of a 400, for the fields' helper texts. */
export const fieldErrorsOf = (err: unknown): Record<string, string> =>
  err instanceof ApiError ? err.fieldErrors : {};

/** Shows a failed call as an error toast, one line per field. */
export function useNotifyError() {
  const notify = useNotify();
  const translate = useTranslate();
  return (err: unknown) => notify(errorText(err, translate), { type: 'error', multiLine: true });
}
