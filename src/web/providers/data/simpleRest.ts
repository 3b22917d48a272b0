import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import { getToken, LOCALE_KEY } from '../../../api/client';
import { ADMIN_RESOURCE_FIELDS, pick } from './fields';

/** `{field: [messages]}` of a 400 as react-admin's form errors `{errors: {field: message}}`, plus the toast lines. */
function asFormError(err: HttpError): HttpError {
  const body = err.body as Record<string, unknown> | undefined;
  if (err.status === 400 && body && typeof body === 'object') {
    const errors: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) {
      if (Array.isArray(v) && typeof v[0] === 'string') errors[k] = v[0];
      else if (typeof v === 'string' && k !== 'code') errors[k] = v;
    }
    const lines = Object.entries(errors)
      .map(([k, m]) => (k === 'non_field_errors' || k === 'detail' ? m : `${k}: ${m}`))
      .join('\n');
    return new HttpError(lines || 'atrium.errors.generic', 400, { errors });
  }
  if (err.status >= 500) return new HttpError('atrium.errors.server', err.status, body);
  const detail = body && typeof body.detail === 'string' ? body.detail : err.message;
  return new HttpError(detail, err.status, body);
}

/**
 * Atrium's own admin resources follow ra-data-simple-rest's conventions under /api/admin, so that
 * package serves them unchanged; only the JWT header and the language are added, and errors are
 * shaped as the error catalogue shows them.
 */
const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `JWT ${token}`);
  headers.set('Accept-Language', localStorage.getItem(LOCALE_KEY) ?? 'ru');
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (err) {
    throw err instanceof HttpError ? asFormError(err) : err;
  }
};

const rest = simpleRestProvider('/api/admin', httpClient);

/**
 * Content resources are named `admin/<name>` in the app (their routes are /admin/lessons…, because
 * the member pages own /lessons, /books, /news and /events); the API path is /api/admin/<name>.
 */
const apiName = (resource: string) => resource.replace(/^admin\//, '');

const named: DataProvider = Object.fromEntries(
  Object.entries(rest).map(([method, fn]) => [
    method,
    typeof fn === 'function' ? (resource: string, ...args: unknown[]) => (fn as (...a: unknown[]) => unknown)(apiName(resource), ...args) : fn,
  ]),
) as DataProvider;

/**
 * react-admin hands create and update the whole record (id, counts, timestamps) and the server
 * refuses fields its contract does not list: only the resource's request fields are sent.
 */
const bodyOf = (resource: string, data: unknown): Record<string, unknown> => {
  const fields = ADMIN_RESOURCE_FIELDS[apiName(resource)];
  return fields ? pick(data, fields) : (data as Record<string, unknown>);
};

export const simpleRest: DataProvider = {
  ...named,
  create: (resource, params) => named.create(resource, { ...params, data: bodyOf(resource, params.data) }),
  update: (resource, params) => named.update(resource, { ...params, data: bodyOf(resource, params.data) }),
  updateMany: (resource, params) => named.updateMany(resource, { ...params, data: bodyOf(resource, params.data) }),
};
