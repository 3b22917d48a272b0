import { HttpError } from 'react-admin';
import { ApiError } from '../../../api/client';

/** "field: first message" per line, as the spec's error catalogue shows a 400. */
function fieldErrorLines(err: ApiError): string {
  const lines = Object.entries(err.fieldErrors).map(([field, msg]) =>
    field === 'non_field_errors' ? msg : `${field}: ${msg}`,
  );
  return lines.join('\n');
}

/** Turns an API failure into react-admin's HttpError; 400 field errors land on the form fields. */
export function toHttpError(err: unknown): never {
  if (!(err instanceof ApiError)) throw err;
  if (err.status === 400) {
    const lines = fieldErrorLines(err);
    throw new HttpError(lines || 'atrium.errors.generic', 400, { errors: err.fieldErrors });
  }
  if (err.status >= 500) throw new HttpError('atrium.errors.server', err.status, err.body);
  throw new HttpError(err.message, err.status, err.body);
}

