import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../setup/admin';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * Checked sessions are kept for a few seconds; every change to a user's sign-in state must still
 * count on the very next call, whether this process made it or another one did (here: plain SQL on
 * another connection, as a second server process would).
 */
let t: TestApp;
let other: pg.Client;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '30' } });
  other = new pg.Client({ connectionString: t.databaseUrl });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await t.close();
});

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/accounts/me/', headers: { authorization: `JWT ${token}` } });

/** The next call sees a change made elsewhere once the notification is in: well within a second. */
async function soon(check: () => Promise<boolean>) {
  const until = Date.now() + 2_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the change was not seen within 2 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('session cache', () => {
  it('serves repeated calls and drops a session the moment this process ends it', async () => {
    const u = await makeUser(t);
    const token = await t.login(u.email, u.password);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/logout/',
      headers: { authorization: `JWT ${token}` },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('serves a checked session from memory until a change is heard', async () => {
    const u = await makeUser(t);
    const token = await t.login(u.email, u.password);
    // The menu comes in the session's language (the user's, not Accept-Language).
    const menu = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/menu/main/',
          headers: { authorization: `JWT ${token}`, 'accept-language': 'ru' },
        })
      ).body;
    const inEnglish = await menu();
    // A change that fires no trigger (replica mode) is not heard: the kept session is still English.
    await other.query(`set session_replication_role = replica`);
    await other.query(`update users set language = 'de' where id = $1`, [u.id]);
    await other.query(`set session_replication_role = origin`);
    expect(await menu()).toBe(inEnglish);
    // Heard: German from the next call on.
    await other.query(`update users set language = 'en' where id = $1`, [u.id]);
    await other.query(`update users set language = 'de' where id = $1`, [u.id]);
    await soon(async () => (await menu()) !== inEnglish);
  });

  it('drops a blocked consultant at once when this process blocks them', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const c = await makeUser(t, { role: 'consultant' });
    const adminToken = await t.login(admin.email, admin.password);
    const token = await t.login(c.email, c.password);
    expect((await me(token)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/user/block_unblock_user/',
      headers: { authorization: `JWT ${adminToken}`, 'content-type': 'application/json' },
      payload: { user_id: c.id, block: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('hears a block, a language change and a session ended by another process', async () => {
    const u = await makeUser(t);
    const token = await t.login(u.email, u.password);
    expect((await me(token)).json().language).toBeDefined();
    await other.query(`update users set language = 'de' where id = $1`, [u.id]);
    await soon(async () => (await me(token)).json().language === 'de');
    await other.query(`update users set is_blocked = true where id = $1`, [u.id]);
    await soon(async () => (await me(token)).statusCode === 401);
    await other.query(`update users set is_blocked = false where id = $1`, [u.id]);
    const again = await t.login(u.email, u.password);
    expect((await me(again)).statusCode).toBe(200);
    await other.query(`update sessions set ended_at = now() where user_id = $1`, [u.id]);
    await soon(async () => (await me(again)).statusCode === 401);
  });
});
