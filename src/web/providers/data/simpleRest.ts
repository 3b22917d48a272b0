import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';
import { getToken, LOCALE_KEY } from '../../../api/client';

/**
 * Atrium's own admin resources follow ra-data-simple-rest's conventions under /api/admin, so that
 * package serves them unchanged; only the JWT header and the language are added.
 */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `JWT ${token}`);
  headers.set('Accept-Language', localStorage.getItem(LOCALE_KEY) ?? 'ru');
  return fetchUtils.fetchJson(url, { ...options, headers });
};

export const simpleRest = simpleRestProvider('/api/admin', httpClient);
