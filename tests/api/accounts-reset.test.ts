import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { catalogues } from '../../src/server/i18n';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../setup/test-app';
import { call, makeMember, me, postLogin, tokenOf, userId } from '../setup/accounts';

/** Reset-credentials links: staff make them for the users they look after; the user sets new credentials. */

const en = catalogues.en;
const LINK = /\/reset-credentials\/([A-Za-z0-9_%-]+)\?lang=[a-z]{2}$/;
let t: TestApp;
let ids: { admin: number; consultant: number; member: number };
let tokens: { admin: string; consultant: string; member: string };

beforeAll(async () => {
  t = await createTestApp();
  ids = {
    admin: await userId(t, 'admin@demo.atrium'),
    consultant: await userId(t, 'consultant@demo.atrium'),
    member: await userId(t, 'member@demo.atrium'),
  };
  tokens = {
    admin: await t.login('admin@demo.atrium'),
    consultant: await t.login('consultant@demo.atrium'),
    member: await t.login('member@demo.atrium'),
  };
});
afterEach(() => {
  clock.reset();
});
afterAll(async () => {
  await t.close();
});

const createLink = (token: string, id: number | string) =>
  call(t, 'GET', `/api/accounts/user/reset_credentials/?user_id=${id}`, { token });
const validate = (token: string) => call(t, 'POST', '/api/accounts/user/reset_credentials/', { body: { token } });
const save = (body: Record<string, string>) => call(t, 'PUT', '/api/accounts/user/reset_credentials/', { body });

describe('creating a reset-credentials link', () => {
  it('a consultant gets a one-hour link for a user they are responsible for', async () => {
    const before = Date.now();
    const res = await createLink(tokens.consultant, ids.member);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['expires_at', 'link']);
    expect(body.link.startsWith(`${t.config.publicUrl}/reset-credentials/`)).toBe(true);
    expect(tokenOf(body.link, LINK).length).toBeGreaterThanOrEqual(40);
    const expires = Date.parse(body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000);
  });

  it('a consultant may not make one for a user they are not responsible for', async () => {
    const res = await createLink(tokens.consultant, ids.admin);
    expect(res.statusCode).toBe(403);
    // A signed-in caller is answered in their own language (the demo consultant's is Russian).
    expect(res.json()).toEqual({ detail: catalogues.ru.permission_denied, code: 'permission_denied' });
  });

  it('a member may not make one at all', async () => {
    const res = await createLink(tokens.member, ids.member);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('permission_denied');
  });

  it('an admin may make one for anyone; an unknown user is 404', async () => {
    for (const id of [ids.consultant, ids.admin]) {
      const res = await createLink(tokens.admin, id);
      expect(res.statusCode).toBe(200);
      expect(res.json().link).toMatch(LINK);
    }
    const missing = await createLink(tokens.admin, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });

  it('needs a session and a valid user_id', async () => {
    const anonymous = await call(t, 'GET', `/api/accounts/user/reset_credentials/?user_id=${ids.member}`);
    expect(anonymous.statusCode).toBe(401);
    const bad = await createLink(tokens.admin, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toContain('user_id');
  });
});

describe('using a reset-credentials link', () => {
  it('validates, saves the new password and phone, ends the old sessions, and works once', async () => {
    const m = await makeMember(t, { responsibleId: ids.consultant });
    const oldSession = await t.login(m.email, m.password);
    const link = (await createLink(tokens.consultant, m.id)).json().link as string;
    const token = tokenOf(link, LINK);

    const valid = await validate(token);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ valid: true, email: m.email, phone: null });
    // Validating does not use the link up.
    expect((await validate(token)).statusCode).toBe(200);

    const res = await save({ token, password: 'fresh-password-9', phone: '+49 30 7777 0001' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: en.credentials_saved });

    const old = await me(t, oldSession);
    expect(old.status).toBe(401);

    expect((await postLogin(t, { username: m.email, password: m.password })).statusCode).toBe(400);
    const login = await postLogin(t, { username: m.email, password: 'fresh-password-9' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ email: m.email, phone: '+493077770001' });
    // The new phone logs in too.
    const byPhone = await postLogin(t, { username: '+493077770001', password: 'fresh-password-9' });
    expect(byPhone.statusCode).toBe(200);
    // Typed without its country code, the phone is read in the browser's region the login sends.
    const local = { username: '030 7777 0001', password: 'fresh-password-9' };
    expect((await postLogin(t, { ...local, default_region: 'DE' })).statusCode).toBe(200);
    expect((await postLogin(t, local)).statusCode).toBe(400);

    // Single use: neither validate nor save works again.
    const again = await save({ token, password: 'third-password-0' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['Link has expired'] });
    const revalidate = await validate(token);
    expect(revalidate.statusCode).toBe(400);
    expect(revalidate.json()).toEqual({ token: [en.link_expired] });
    expect((await postLogin(t, { username: m.email, password: 'fresh-password-9' })).statusCode).toBe(200);
  });

  it('a newer link replaces the older one', async () => {
    const m = await makeMember(t, { responsibleId: ids.consultant });
    const first = tokenOf((await createLink(tokens.consultant, m.id)).json().link, LINK);
    const second = tokenOf((await createLink(tokens.admin, m.id)).json().link, LINK);
    expect((await validate(first)).statusCode).toBe(400);
    expect((await validate(second)).json()).toMatchObject({ valid: true, email: m.email });
  });

  it('refuses a bad phone or a phone in use, and keeps the link usable', async () => {
    const m = await makeMember(t, { responsibleId: ids.consultant });
    const token = tokenOf((await createLink(tokens.consultant, m.id)).json().link, LINK);

    const bad = await save({ token, password: 'fresh-password-9', phone: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ phone: [en.phone_incorrect] });

    const taken = await save({ token, password: 'fresh-password-9', phone: '+49301234001' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ phone: [en.phone_in_use] });

    // Nothing was saved and the link still works.
    expect((await postLogin(t, { username: m.email, password: m.password })).statusCode).toBe(200);
    expect((await validate(token)).statusCode).toBe(200);
    expect((await save({ token, password: 'fresh-password-9' })).statusCode).toBe(200);
  });

  it('expires after one hour', async () => {
    const link = (await createLink(tokens.consultant, ids.member)).json().link as string;
    const token = tokenOf(link, LINK);
    clock.advance(59 * 60_000);
    expect((await validate(token)).statusCode).toBe(200);
    clock.advance(2 * 60_000);

    const v = await validate(token);
    expect(v.statusCode).toBe(400);
    expect(v.json()).toEqual({ token: ['Link has expired'] });

    const s = await save({ token, password: 'late-password-1' });
    expect(s.statusCode).toBe(400);
    expect(s.json()).toEqual({ token: ['Link has expired'] });
    // The member's password did not change.
    expect((await postLogin(t, { username: 'member@demo.atrium', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses an unknown token, in the caller's language", async () => {
    const res = await call(t, 'POST', '/api/accounts/user/reset_credentials/', {
      body: { token: 'nope' },
      headers: { 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: [catalogues.de.link_expired] });
  });
});
