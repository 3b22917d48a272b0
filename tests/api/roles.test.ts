import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { createUser } from '../factories';
import { auth, createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let admin: string;
let consultant: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, consultant, member] = await Promise.all([
    t.login('admin@demo.atrium'),
    t.login('consultant@demo.atrium'),
    t.login('member@demo.atrium'),
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('x-roles are enforced for every operation', () => {
  it('GET /api/v1/users/ is for staff: a member gets 403, anonymous 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/', headers: auth(member) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'permission_denied' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/users/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('not_authenticated');
  });

  it('a consultant lists only the users in their reach, never an admin, and cannot create or edit users', async () => {
    // A user nobody looks after and nobody referred: outside the consultant's reach.
    const stranger = await createUser(t.db, {
      email: 'stranger@example.com',
      firstName: 'Stranger',
      lastName: 'Outside',
    });
    try {
      const list = async (query = '') => {
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/${query}`, headers: auth(consultant) });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ count: number; total_count: number; results: Array<{ email: string }> }>();
      };
      // The demo member: invited by the consultant, who looks after them.
      expect(await list()).toMatchObject({ count: 1, total_count: 1, results: [{ email: 'member@demo.atrium' }] });
      expect(await list('?search=stranger')).toMatchObject({ count: 0, total_count: 1, results: [] });
      expect(await list('?role=admin')).toMatchObject({ count: 0, results: [] });
      expect((await list('?search=admin%40demo')).results).toEqual([]);
      const everyone = await t.app.inject({ method: 'GET', url: '/api/v1/users/?page_size=100', headers: auth(admin) });
      expect(everyone.json().results.map((u: { email: string }) => u.email)).toContain('stranger@example.com');

      const create = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/',
        headers: auth(consultant),
        payload: {
          email: 'made-by-consultant@example.com',
          first_name: 'A',
          last_name: 'B',
          password: 'long-enough-password-1',
        },
      });
      expect(create.statusCode).toBe(403);
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${stranger.id}`,
        headers: auth(consultant),
        payload: { first_name: 'X' },
      });
      expect(edit.statusCode).toBe(403);
    } finally {
      await t.pool.query('delete from users where id = $1', [stranger.id]);
    }
  });

  it('admin gets the paged list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/', headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['count', 'current', 'next', 'previous', 'results', 'total_count']);
    expect(body).toMatchObject({ count: 3, total_count: 3, current: 1, next: null, previous: null });
    expect(body.results.map((u: { email: string }) => u.email).sort()).toEqual([
      'admin@demo.atrium',
      'consultant@demo.atrium',
      'member@demo.atrium',
    ]);
  });

  it('pages, filters and keeps the filters in `next`', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/?page_size=1&ordering=email',
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 3, total_count: 3, current: 1, previous: null });
    expect(body.results).toHaveLength(1);
    expect(body.results[0].email).toBe('admin@demo.atrium');
    expect(body.next).toContain('page=2');
    expect(body.next).toContain('ordering=email');

    const filtered = await t.app.inject({ method: 'GET', url: '/api/v1/users/?role=consultant', headers: auth(admin) });
    expect(filtered.json()).toMatchObject({ count: 1, total_count: 3 });
    expect(filtered.json().results[0].role).toBe('consultant');
  });

  it('admin creates a user (201); the same email again is a 400 on email', async () => {
    const user = { email: 'new.member@example.com', first_name: 'New', last_name: 'Member', role: 'member' };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/', headers: auth(admin), payload: user });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...user, id: expect.any(Number), is_superuser: false });

    const dupe = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: { ...auth(admin), 'accept-language': 'en' },
      payload: user,
    });
    expect(dupe.statusCode).toBe(400);
    // A signed-in caller gets their profile's language (the admin's is Russian), not Accept-Language.
    expect(dupe.json()).toEqual({ email: [catalogues.ru.email_taken] });
  });

  it('a member cannot create users', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: auth(member),
      payload: { email: 'sneaky@example.com', first_name: 'S', last_name: 'S', role: 'admin' },
    });
    expect(res.statusCode).toBe(403);
    const { rows } = await t.pool.query(`select 1 from users where email = 'sneaky@example.com'`);
    expect(rows).toHaveLength(0);
  });

  it('PUT /api/v1/users/{id} on a missing id is 404', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/999999',
      headers: auth(admin),
      payload: { first_name: 'X' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'not_found' });
  });

  it('PUT /api/v1/users/{id} updates an existing user', async () => {
    const { rows } = await t.pool.query<{ id: number }>(`select id from users where email = 'member@demo.atrium'`);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${rows[0]!.id}`,
      headers: auth(admin),
      payload: { city: 'Hamburg' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'member@demo.atrium', city: 'Hamburg' });
  });

  it("the history records an admin's new user and each edit with its old and new values, never a password", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: auth(admin),
      payload: {
        email: 'audited@example.com',
        first_name: 'Audi',
        last_name: 'Ted',
        role: 'member',
        password: 'first-secret-password',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const edit = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/users/${id}`, headers: auth(admin), payload });
    expect((await edit({ role: 'consultant', is_active: false, password: 'second-secret-password' })).statusCode).toBe(
      200,
    );
    // Nothing changed: no entry.
    expect((await edit({ role: 'consultant' })).statusCode).toBe(200);
    const history = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/user/action_logs/?subject_id=${id}`,
      headers: auth(admin),
    });
    expect(history.statusCode).toBe(200);
    const entries = history.json().results as Array<{
      kind: string;
      actor: { email: string };
      description: string;
      data: Record<string, unknown>;
    }>;
    // A member waiting (the default) is a new lead: the lead's entry comes with the creation.
    expect(entries.map((e) => e.kind)).toEqual(['user_updated', 'lead_created', 'user_created']);
    expect(entries.every((e) => e.actor.email === 'admin@demo.atrium')).toBe(true);
    expect(entries[0]!.data).toEqual({
      changes: { role: { from: 'member', to: 'consultant' }, is_active: { from: true, to: false }, password: true },
    });
    // In the admin's own language (Russian).
    expect(entries[0]!.description).toBe('Anna Admin изменил(а) учётную запись Audi Ted');
    expect(history.body).not.toContain('secret-password');
  });

  it('a responsible_id that names no user is a 400 on responsible_id, not a 500', async () => {
    const { rows } = await t.pool.query<{ id: number }>(`select id from users where email = 'member@demo.atrium'`);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${rows[0]!.id}`,
      headers: auth(admin),
      payload: { responsible_id: 999999 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['responsible_id']);
  });

  it('a time zone Intl does not know is a 400 on time_zone, on create and update, and nothing is stored', async () => {
    const { rows } = await t.pool.query<{ id: number; time_zone: string }>(
      `select id, time_zone from users where email = 'member@demo.atrium'`,
    );
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${rows[0]!.id}`,
      headers: auth(admin),
      payload: { time_zone: '3', city: 'Nowhere' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toEqual({ time_zone: [catalogues.ru.time_zone_invalid] });
    const after = await t.pool.query(`select time_zone, city from users where id = $1`, [rows[0]!.id]);
    expect(after.rows[0].time_zone).toBe(rows[0]!.time_zone);
    expect(after.rows[0].city).not.toBe('Nowhere');
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: auth(admin),
      payload: {
        email: 'zone@example.com',
        first_name: 'Zoe',
        last_name: 'Zone',
        role: 'member',
        time_zone: 'Mars/Olympus',
      },
    });
    expect(create.statusCode).toBe(400);
    expect(Object.keys(create.json())).toEqual(['time_zone']);
    expect((await t.pool.query(`select 1 from users where email = 'zone@example.com'`)).rowCount).toBe(0);
    const good = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${rows[0]!.id}`,
      headers: auth(admin),
      payload: { time_zone: 'Asia/Tokyo' },
    });
    expect(good.json()).toMatchObject({ time_zone: 'Asia/Tokyo' });
    await t.pool.query(`update users set time_zone = $2 where id = $1`, [rows[0]!.id, rows[0]!.time_zone]);
  });

  it('creating a user needs the required fields whatever the content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: { ...auth(admin), 'content-type': 'text/plain' },
      payload: 'not a user',
    });
    expect(res.statusCode).not.toBe(201);
  });
});
