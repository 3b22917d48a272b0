import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export const TOKEN_KEY = 'atrium:token';
export const LOCALE_KEY = 'atrium:locale';

/** The body of a failed call, as the contract shapes it: field errors (400) or `{detail, code}`. */
export type ApiErrorBody = { detail?: string; code?: string; [field: string]: unknown };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
  ) {
    super(typeof body?.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
  /** `{field: first message}` of a 400 answer. */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (this.status !== 400 || !this.body) return out;
    for (const [k, v] of Object.entries(this.body)) {
      if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
      else if (typeof v === 'string') out[k] = v;
    }
    return out;
  }
}

/** The browser's localStorage; undefined where there is none (the provider's tests run in Node). */
export const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
export const getToken = () => storage()?.getItem(TOKEN_KEY) ?? null;
export const setToken = (token: string | null) =>
  token ? storage()?.setItem(TOKEN_KEY, token) : storage()?.removeItem(TOKEN_KEY);

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/** Called on every 401 answer (the auth provider logs the user out). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The session on a request: the token, and the language the server answers in. */
export function withSession(headers: Headers): Headers {
  const token = getToken();
  if (token) headers.set('Authorization', `JWT ${token}`);
  // The server answers in the interface language (Russian until the user picks another).
  headers.set('Accept-Language', storage()?.getItem(LOCALE_KEY) ?? 'ru');
  return headers;
}

/** Tells the listeners of a 401 answer (the auth provider logs the user out). */
export function noticeStatus(status: number): void {
  if (status === 401) for (const l of unauthorizedListeners) l();
}

const authMiddleware: Middleware = {
  onRequest({ request }) {
    withSession(request.headers);
    return request;
  },
  onResponse({ response }) {
    noticeStatus(response.status);
    return response;
  },
};

/** Where the API is, for the typed client and the simple-REST provider alike. */
export const API_URL = '/api';

/** The one typed client of the contract. */
export const api = createClient<paths>({
  baseUrl: API_URL,
  // Looked up per call so test doubles (MSW) that patch fetch later still see the calls.
  fetch: (request) => globalThis.fetch(request),
});
api.use(authMiddleware);

/** The data of an openapi-fetch result, or an ApiError carrying status and body. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, (error ?? undefined) as ApiErrorBody | undefined);
  return data as T;
}
