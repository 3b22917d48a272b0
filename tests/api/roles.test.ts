import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
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
  await t?.close();
});

describe('x-roles are enforced for every operation', () => {
  it('GET /api/v1/users/ is for admins: member and consultant get 403, anonymous 401', async () => {
    for (const token of [member, consultant]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/', headers: auth(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: expect.any(String), code: 'permission_denied' });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/users/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('not_authenticated');
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
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/?page_size=1&ordering=email', headers: auth(admin) });
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
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/users/999999', headers: auth(admin), payload: { first_name: 'X' } });
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
    const { rows } = await t.pool.query<{ id: number; time_zone: string }>(`select id, time_zone from users where email = 'member@demo.atrium'`);
    const update = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${rows[0]!.id}`, headers: auth(admin), payload: { time_zone: '3', city: 'Nowhere' } });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toEqual({ time_zone: [catalogues.ru.time_zone_invalid] });
    const after = await t.pool.query(`select time_zone, city from users where id = $1`, [rows[0]!.id]);
    expect(after.rows[0].time_zone).toBe(rows[0]!.time_zone);
    expect(after.rows[0].city).not.toBe('Nowhere');
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: auth(admin),
      payload: { email: 'zone@example.com', first_name: 'Zoe', last_name: 'Zone', role: 'member', time_zone: 'Mars/Olympus' },
    });
    expect(create.statusCode).toBe(400);
    expect(Object.keys(create.json())).toEqual(['time_zone']);
    expect((await t.pool.query(`select 1 from users where email = 'zone@example.com'`)).rowCount).toBe(0);
    const good = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${rows[0]!.id}`, headers: auth(admin), payload: { time_zone: 'Asia/Tokyo' } });
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
