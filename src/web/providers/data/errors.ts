import { HttpError } from 'react-admin';
import { ApiError } from '../../../api/client';
import { errorLines } from '../../common/errors';

/**
 * The one mapper from an API failure to react-admin's HttpError: a 400's field errors go to
 * `body.errors` (forms show them per field) and its message is the catalogue's "field: message" lines.
 */
export function toHttpError(err: unknown): never {
  if (!(err instanceof ApiError)) throw err;
  if (err.status === 400) {
    throw new HttpError(errorLines(err.fieldErrors) || 'atrium.errors.generic', 400, { errors: err.fieldErrors });
  }
  if (err.status >= 500) throw new HttpError('atrium.errors.server', err.status, err.body);
  throw new HttpError(err.message, err.status, err.body);
}

/** `fn`, failing as the data provider's calls do: with toHttpError's HttpError, a synchronous throw too. */
export function failingAsHttpError<A extends unknown[], T>(fn: (...args: A) => Promise<T>) {
  return async (...args: A): Promise<T> => {
    try {
      return await fn(...args);
    } catch (err) {
      return toHttpError(err);
    }
  };
}
