import { createUser } from '../factories';
import type { InjectOptions } from 'fastify';
import { auth, type TestApp } from './test-app';

/** Shared pieces of the accounts API tests (tests/api/accounts-*.test.ts). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an API answer the tests read untyped and assert on (see eslint.config.js)
export type Json = Record<string, any>;

/** A JSON request through `app.inject`, English answers unless told otherwise. */
export function call(
  t: TestApp,
  method: NonNullable<InjectOptions['method']>,
  url: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    ...(opts.body !== undefined && { payload: opts.body as InjectOptions['payload'] }),
    headers: { 'accept-language': 'en', ...(opts.token && auth(opts.token)), ...opts.headers },
  });
}

/** The first step of a login, as the web app sends it (a form). */
export function postLogin(t: TestApp, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers },
  });
}

/** GET /api/accounts/me/ with a token: the status code (200 or 401) and the body. */
export async function me(t: TestApp, token: string) {
  const res = await call(t, 'GET', '/api/accounts/me/', { token });
  return { status: res.statusCode, body: res.json<Json>() };
}

/** Polls until `probe` gives a value that is not null/undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 2000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export type OutboxRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  delivered: boolean;
  error: string | null;
};

export async function mailsTo(t: TestApp, email: string): Promise<OutboxRow[]> {
  const { rows } = await t.pool.query<OutboxRow>(
    'select id, "to", subject, text, html, delivered, error from mail_outbox where "to" = $1 order by id',
    [email],
  );
  return rows;
}

/** Waits (up to 2 s: the mailer sends after the answer) until `email` has `count` mails; returns the last. */
export async function waitForMail(t: TestApp, email: string, count = 1): Promise<OutboxRow> {
  const rows = await waitFor(async () => {
    const r = await mailsTo(t, email);
    return r.length >= count ? r : null;
  }, `mail #${count} to ${email}`);
  return rows[rows.length - 1]!;
}

export async function userId(t: TestApp, email: string): Promise<number> {
  const { rows } = await t.pool.query<{ id: number }>('select id from users where email = $1', [email]);
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}

/** A fresh, activated member straight in the database (each test its own, so no rate limit is shared). */
export async function makeMember(
  t: TestApp,
  opts: { password?: string; language?: 'ru' | 'en' | 'de'; responsibleId?: number } = {},
): Promise<{ id: number; email: string; password: string }> {
  const password = opts.password ?? 'member-password-1';
  const user = await createUser(t.db, {
    password,
    firstName: 'Test',
    lastName: 'Member',
    emailActivation: true,
    language: opts.language ?? 'en',
    responsibleId: opts.responsibleId ?? null,
    leadStatus: 'active',
  });
  return { ...user, password };
}

/** The token at the end of a link such as `.../password-reset/<token>` or `...?token=<token>`. */
export function tokenOf(link: string, pattern: RegExp): string {
  const m = pattern.exec(link);
  if (!m?.[1]) throw new Error(`no token in ${link}`);
  return decodeURIComponent(m[1]);
}
