import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function postLogin(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

function getMe(authorization?: string) {
  return t.app.inject({ method: 'GET', url: '/api/accounts/me/', headers: authorization ? { authorization } : {} });
}

describe('POST /api/accounts/login/', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a.role] as const))('logs %s in as %s', async (email, role) => {
    const res = await postLogin({ username: email, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({ email, role });
    // No secrets in the profile.
    expect(JSON.stringify(body.user)).not.toMatch(/password|hash/i);
  });

  it('logs in by phone number too', async () => {
    const member = DEMO_ACCOUNTS.find((a) => a.role === 'member')!;
    const res = await postLogin({ username: member.phone, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: member.email, role: 'member' });
  });

  it('accepts a JSON body as well', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: 'admin@demo.atrium', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
  });

  it('rejects a wrong password in English when asked for', async () => {
    const res = await postLogin(
      { username: 'member@demo.atrium', password: 'wrong-password' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Wrong email or password'] });
  });

  it('answers in Russian by default', async () => {
    const res = await postLogin({ username: 'member@demo.atrium', password: 'wrong-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [catalogues.ru.wrong_email_or_password] });
    expect(catalogues.ru.wrong_email_or_password).not.toBe(catalogues.en.wrong_email_or_password);
  });

  it('answers in German for de', async () => {
    const res = await postLogin(
      { username: 'nobody@demo.atrium', password: 'x' },
      { 'accept-language': 'de-DE,de;q=0.9' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [catalogues.de.wrong_email_or_password] });
  });

  it('says "phone" for an unknown phone login', async () => {
    const res = await postLogin({ username: '+10000000000', password: 'whatever' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Wrong phone or password'] });
  });

  it('names each missing field', async () => {
    const noPassword = await postLogin({ username: 'member@demo.atrium' }, { 'accept-language': 'en' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ password: [catalogues.en.field_required] });

    const nothing = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: {},
      headers: { 'accept-language': 'en' },
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({
      username: [catalogues.en.field_required],
      password: [catalogues.en.field_required],
    });

    const empty = await postLogin({ username: '', password: '' }, { 'accept-language': 'en' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json()).sort()).toEqual(['password', 'username']);
  });
});

describe('GET /api/accounts/me/', () => {
  it('returns the profile for `JWT <token>`', async () => {
    const token = await t.login('consultant@demo.atrium');
    const res = await getMe(`JWT ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'consultant@demo.atrium', role: 'consultant', first_name: 'Konstantin' });
  });

  it('accepts `Bearer <token>` too', async () => {
    const token = await t.login('member@demo.atrium');
    const res = await getMe(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'member@demo.atrium', role: 'member' });
    // The member's consultant is both referrer and responsible.
    expect(res.json().responsible).toMatchObject({ email: 'consultant@demo.atrium' });
  });

  it('answers 401 without a token', async () => {
    const res = await getMe();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'not_authenticated' });
  });

  it.each([
    ['garbage', 'JWT not-a-token'],
    ['an unknown scheme', 'Basic dXNlcjpwYXNz'],
    [
      'a token signed with another key',
      'JWT eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwic2lkIjoiMDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwIn0.ZmFrZS1zaWduYXR1cmUtZmFrZS1zaWduYXR1cmU',
    ],
  ])('answers 401 for %s', async (_name, header) => {
    const res = await getMe(header);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('not_authenticated');
  });

  it('answers 401 once the session has ended', async () => {
    const token = await t.login('member@demo.atrium');
    expect((await getMe(`JWT ${token}`)).statusCode).toBe(200);
    await t.pool.query(`update sessions set ended_at = now() where user_id = (select id from users where email = $1)`, [
      'member@demo.atrium',
    ]);
    const res = await getMe(`JWT ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('not_authenticated');
  });

  it('answers 401 for a blocked user', async () => {
    const token = await t.login('admin@demo.atrium');
    expect((await getMe(`JWT ${token}`)).statusCode).toBe(200);
    await t.pool.query(`update users set is_blocked = true where email = $1`, ['admin@demo.atrium']);
    try {
      const res = await getMe(`JWT ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('not_authenticated');
      // And a blocked user cannot log in again.
      const again = await postLogin(
        { username: 'admin@demo.atrium', password: DEMO_PASSWORD },
        { 'accept-language': 'en' },
      );
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ non_field_errors: [catalogues.en.login_failed] });
    } finally {
      await t.pool.query(`update users set is_blocked = false where email = $1`, ['admin@demo.atrium']);
    }
  });
});
