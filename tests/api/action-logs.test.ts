import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, makeUser, type Json } from '../setup/admin';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let admin: string;
let a: { id: number; token: string };
let b: { id: number; token: string };
let aMember: number;
let bMember: number;

async function consultant() {
  const u = await makeUser(t, { role: 'consultant' });
  return { id: u.id, token: await t.login(u.email, u.password) };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.pool.query(`update users set language = 'en' where email = 'admin@demo.atrium'`);
  admin = await t.login('admin@demo.atrium');
  [a, b] = [await consultant(), await consultant()];
  aMember = (await makeUser(t, { responsibleId: a.id })).id;
  bMember = (await makeUser(t, { responsibleId: b.id })).id;
  for (const [c, m] of [[a, aMember], [b, bMember]] as const) {
    const res = await api(t, 'POST', '/api/accounts/user/block_unblock_user/', { token: c.token, body: { user_id: m, block: true } });
    expect(res.statusCode).toBe(200);
  }
  await api(t, 'POST', '/api/accounts/user/block_unblock_user/', { token: admin, body: { user_id: aMember, block: false } });
});
afterAll(async () => {
  await t?.close();
});

const logs = async (token: string, query = '') => api(t, 'POST', `/api/accounts/user/action_logs/${query}`, { token });

describe('action history', () => {
  it('shows admins every entry, newest first, translated, with actor and subject', async () => {
    const res = await logs(admin, `?subject_id=${aMember}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.results.map((r: Json) => r.kind)).toEqual(['user_unblocked', 'user_blocked']);
    expect(page.results[1]).toMatchObject({ actor: { id: a.id }, subject: { id: aMember }, view_as: null });
    expect(page.results[1].description).toMatch(/^Test User\d+ blocked Test User\d+$/);
    expect(page).toMatchObject({ count: 2, current: 1, next: null, previous: null });
  });

  it('filters by actor, kind and day', async () => {
    expect((await logs(admin, `?actor_id=${b.id}&kind=user_blocked`)).json().results.map((r: Json) => r.subject.id)).toEqual([bMember]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await logs(admin, `?actor_id=${b.id}&date_from=2000-01-01&date_to=2000-01-02`)).json().count).toBe(0);
    expect((await logs(admin, `?actor_id=${b.id}&date_from=${today}`)).json().count).toBeGreaterThanOrEqual(1);
    expect((await logs(admin, '?kind=Bad Kind')).statusCode).toBe(400);
  });

  it("keeps a consultant to their own actions and their users' history (403 outside it)", async () => {
    const mine = (await logs(a.token)).json();
    expect(mine.results.length).toBeGreaterThan(0);
    expect(mine.results.every((r: Json) => r.actor.id === a.id || [a.id, aMember].includes(r.subject?.id))).toBe(true);
    expect(mine.results.some((r: Json) => r.subject?.id === bMember)).toBe(false);
    // The admin's unblock of a's member is about a's user, so a sees it.
    expect(mine.results.map((r: Json) => r.kind)).toContain('user_unblocked');
    expect((await logs(a.token, `?actor_id=${b.id}`)).statusCode).toBe(403);
    expect((await logs(a.token, `?subject_id=${bMember}`)).statusCode).toBe(403);
    const member = await makeUser(t);
    expect((await logs(await t.login(member.email, member.password))).statusCode).toBe(403);
  });

  it("gives the admin exact counts of an employee's entries and of all entries, kept as entries are added", async () => {
    const exact = async (where = 'true') => (await t.pool.query(`select count(*)::int as n from action_logs where ${where}`)).rows[0].n;
    const before = (await logs(admin, `?actor_id=${b.id}`)).json();
    expect(before).toMatchObject({ count: await exact(`actor_id = ${b.id}`), total_count: await exact() });
    // One statement adding entries for two actors (and one without any) counts each of them.
    await t.pool.query(`insert into action_logs (actor_id, kind) values ($1, 'user_blocked'), ($1, 'user_unblocked'), ($2, 'user_blocked'), (null, 'import_finished')`, [b.id, a.id]);
    const after = (await logs(admin, `?actor_id=${b.id}`)).json();
    expect(after).toMatchObject({ count: before.count + 2, total_count: before.total_count + 4 });
    // Same time (one statement), so the later id comes first.
    expect(after.results.slice(0, 2).map((r: Json) => r.kind)).toEqual(['user_unblocked', 'user_blocked']);
    expect((await logs(admin, `?actor_id=${a.id}`)).json().count).toBe(await exact(`actor_id = ${a.id}`));
    expect((await logs(admin)).json().count).toBe(await exact());
  });

  it('is append-only: the database refuses changes to an entry', async () => {
    await expect(t.pool.query(`update action_logs set kind = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.pool.query(`delete from action_logs`)).rejects.toThrow(/append-only/);
  });
});
