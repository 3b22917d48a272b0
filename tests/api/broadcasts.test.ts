import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { sendBroadcastReminders } from '../../src/server/services/broadcasts/reminders';
import { makeMember, waitFor } from '../setup/accounts';
import { api, grantPackage, makeCategory, one, type Json } from '../setup/learning';
import { createTestApp, type TestApp } from '../setup/test-app';
import { startTelegramPeer } from '../e2e/support/telegram-peer';

// The demo admin's account speaks Russian: its field errors are in Russian whatever the browser asks.
const { ru, de } = catalogues;
type Peer = Awaited<ReturnType<typeof startTelegramPeer>>;

let t: TestApp;
let peer: Peer;
let admin: string;
let consultant: string;

beforeAll(async () => {
  peer = await startTelegramPeer();
  t = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: '123456:test-bot-token', TELEGRAM_API_ROOT: peer.url } });
  [admin, consultant] = await Promise.all([t.login('admin@demo.atrium'), t.login('consultant@demo.atrium')]);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

async function create(body: Json, token = admin) {
  const res = await api(t, 'POST', '/api/admin/broadcasts', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Json>();
}

const base = (title: string, extra: Json = {}) => ({
  title,
  starts_at: inMinutes(-10),
  ends_at: inMinutes(50),
  url: 'https://meet.example.com/room-1',
  ...extra,
});

async function memberWith(packageId?: number, language: 'en' | 'de' = 'en') {
  const m = await makeMember(t, { language });
  if (packageId)
    await t.pool.query(`insert into user_packages (user_id, package_id, status) values ($1, $2, 'active')`, [
      m.id,
      packageId,
    ]);
  return { ...m, token: await t.login(m.email, m.password) };
}

const ids = (list: Json[]) => list.map((b) => b.id as number);

describe('who may watch', () => {
  it('a package broadcast is for its members only: others get no row, a 404 and no link; staff-only is hidden from members', async () => {
    const cat = await makeCategory(t, 'Broadcast cat', 0);
    const pkg = await grantPackage(t, (await makeMember(t)).id, [cat.id]);
    const everyone = await create(base('Open stream'));
    const forPackage = await create(base('Package stream', { audience: 'package', package_id: pkg }));
    const staffOnly = await create(base('Staff meeting', { audience: 'staff' }));

    const outsider = await memberWith();
    const holder = await memberWith(pkg);

    const outsiderList = (await api(t, 'GET', '/api/broadcasts/list/', { token: outsider.token })).json<Json>();
    expect(ids(outsiderList.live)).toContain(everyone.id);
    expect(ids(outsiderList.live)).not.toContain(forPackage.id);
    expect(ids(outsiderList.live)).not.toContain(staffOnly.id);
    for (const id of [forPackage.id, staffOnly.id]) {
      const res = await api(t, 'GET', `/api/broadcasts/view/${id}/`, { token: outsider.token });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('meet.example.com');
    }
    const open = await api(t, 'GET', `/api/broadcasts/view/${everyone.id}/`, { token: outsider.token });
    expect(open.json()).toMatchObject({
      state: 'live',
      watch_url: 'https://meet.example.com/room-1',
      embed_url: null,
    });
    // Lists never carry the link.
    expect(JSON.stringify(outsiderList)).not.toContain('meet.example.com');

    const holderList = (await api(t, 'GET', '/api/broadcasts/list/', { token: holder.token })).json<Json>();
    expect(ids(holderList.live)).toEqual(expect.arrayContaining([everyone.id, forPackage.id]));
    expect(ids(holderList.live)).not.toContain(staffOnly.id);
    const pkgView = await api(t, 'GET', `/api/broadcasts/view/${forPackage.id}/`, { token: holder.token });
    expect(pkgView.json().watch_url).toBe('https://meet.example.com/room-1');

    // An expired subscription no longer opens it.
    await t.pool.query(`update user_packages set status = 'expired' where user_id = $1`, [holder.id]);
    expect((await api(t, 'GET', `/api/broadcasts/view/${forPackage.id}/`, { token: holder.token })).statusCode).toBe(
      404,
    );

    const staffList = (await api(t, 'GET', '/api/broadcasts/list/', { token: consultant })).json<Json>();
    expect(ids(staffList.live)).toEqual(expect.arrayContaining([everyone.id, forPackage.id, staffOnly.id]));
  });

  it('the link is given only shortly before the start until the end; the recording lesson shows once attached', async () => {
    const member = await memberWith();
    const later = await create(base('Tomorrow', { starts_at: inMinutes(24 * 60), ends_at: inMinutes(25 * 60) }));
    const soon = await create(
      base('Soon', { starts_at: inMinutes(5), ends_at: inMinutes(65), url: 'https://youtu.be/aqz-KE-bpKQ' }),
    );
    const cat = await makeCategory(t, 'Recordings', 1);
    const over = await create(base('Yesterday', { starts_at: inMinutes(-26 * 60), ends_at: inMinutes(-25 * 60) }));

    const view = async (id: number) =>
      (await api(t, 'GET', `/api/broadcasts/view/${id}/`, { token: member.token })).json<Json>();
    expect(await view(later.id)).toMatchObject({ state: 'upcoming', watch_url: null });
    expect(await view(soon.id)).toMatchObject({
      state: 'upcoming',
      watch_url: 'https://youtu.be/aqz-KE-bpKQ',
      embed_url: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    });
    expect(await view(over.id)).toMatchObject({ state: 'ended', watch_url: null, recording: null });

    const put = await api(t, 'PUT', `/api/admin/broadcasts/${over.id}`, {
      token: admin,
      body: { recording_lesson_id: cat.lessons[0] },
    });
    expect(put.statusCode).toBe(200);
    expect(await view(over.id)).toMatchObject({
      recording: { lesson_id: cat.lessons[0], title: 'Recordings lesson 1' },
    });
    const list = (await api(t, 'GET', '/api/broadcasts/list/', { token: member.token })).json<Json>();
    // Soonest first.
    expect(ids(list.upcoming).indexOf(soon.id)).toBeLessThan(ids(list.upcoming).indexOf(later.id));
    expect(ids(list.upcoming).indexOf(soon.id)).toBeGreaterThanOrEqual(0);
    expect(ids(list.past)).toContain(over.id);
  });
});

describe('admin', () => {
  it('CRUD through the simple-rest endpoints, the admin zone when none is named; members and consultants get 403', async () => {
    const created = await create(base('Crud stream'));
    expect(created).toMatchObject({ audience: 'everyone', package_id: null, time_zone: 'Europe/Berlin' });
    const list = await api(t, 'GET', `/api/admin/broadcasts?filter=${encodeURIComponent('{"q":"Crud"}')}`, {
      token: admin,
    });
    expect(list.headers['content-range']).toMatch(/^broadcasts 0-0\/1$/);
    const upd = await api(t, 'PUT', `/api/admin/broadcasts/${created.id}`, {
      token: admin,
      body: { title: 'Crud stream 2', time_zone: 'Europe/Berlin' },
    });
    expect(upd.json()).toMatchObject({ title: 'Crud stream 2', time_zone: 'Europe/Berlin' });
    const member = await memberWith();
    for (const token of [member.token, consultant]) {
      expect((await api(t, 'POST', '/api/admin/broadcasts', { token, body: base('x') })).statusCode).toBe(403);
      expect((await api(t, 'GET', `/api/admin/broadcasts/${created.id}`, { token })).statusCode).toBe(403);
    }
    expect((await api(t, 'DELETE', `/api/admin/broadcasts/${created.id}`, { token: admin })).statusCode).toBe(200);
    expect((await api(t, 'GET', `/api/admin/broadcasts/${created.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('bad input is a translated 400 that changes nothing', async () => {
    const before = await one<{ n: number }>(t, 'select count(*)::int as n from broadcasts');
    const cases: Array<[Json, string, string]> = [
      [base('x', { ends_at: inMinutes(-20) }), 'ends_at', ru.broadcast_end_before_start],
      [base('x', { audience: 'package' }), 'package_id', ru.field_required],
      [base('x', { url: 'javascript:alert(1)' }), 'url', ru.url_invalid],
      [base('x', { time_zone: 'Mars/Base' }), 'time_zone', ru.time_zone_invalid],
      [base('x', { audience: 'package', package_id: 999999 }), 'package_id', ru.field_invalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await api(t, 'POST', '/api/admin/broadcasts', {
        token: admin,
        body,
        headers: { 'accept-language': 'de' },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()[field]).toEqual([message]);
    }
    const existing = await create(base('Stays'));
    const bad = await api(t, 'PUT', `/api/admin/broadcasts/${existing.id}`, {
      token: admin,
      body: { title: 'Changed', ends_at: existing.starts_at },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ends_at).toEqual([ru.broadcast_end_before_start]);
    expect((await one<{ title: string }>(t, 'select title from broadcasts where id = $1', [existing.id])).title).toBe(
      'Stays',
    );
    expect((await one<{ n: number }>(t, 'select count(*)::int as n from broadcasts')).n).toBe(before.n + 1);
  });
});

describe('reminders', () => {
  it('the bell and Telegram remind each allowed person once, even when the job runs twice', async () => {
    // The other tests' broadcasts about to start stay out of this count.
    await t.pool.query('update broadcasts set is_published = false');
    const cat = await makeCategory(t, 'Reminder cat', 0);
    const pkg = await grantPackage(t, (await makeMember(t)).id, [cat.id]);
    const holder = await memberWith(pkg, 'de');
    const outsider = await memberWith();
    const chat = '700001';
    await t.pool.query('update users set telegram_chat_id = $1 where id = $2', [chat, holder.id]);
    const b = await create(
      base('Reminder stream', {
        audience: 'package',
        package_id: pkg,
        starts_at: inMinutes(10),
        ends_at: inMinutes(70),
      }),
    );
    const far = await create(base('Far stream', { starts_at: inMinutes(120), ends_at: inMinutes(180) }));

    await sendBroadcastReminders(t.app.ctx);
    await sendBroadcastReminders(t.app.ctx);

    const noticesOf = async (userId: number) =>
      (
        await t.pool.query<{ data: Json }>(
          `select data from notifications where user_id = $1 and kind = 'broadcast_starting' and (data->>'broadcast_id')::int = any($2)`,
          [userId, [b.id, far.id]],
        )
      ).rows.map((r) => r.data);
    expect(await noticesOf(holder.id)).toEqual([{ broadcast_id: b.id, title: 'Reminder stream', minutes: 10 }]);
    expect(await noticesOf(outsider.id)).toEqual([]);
    expect((await noticesOf(outsider.id)).some((d) => d.broadcast_id === far.id)).toBe(false);

    const bell = await api(t, 'GET', '/api/notifications/', {
      token: holder.token,
      headers: { 'accept-language': 'de' },
    });
    expect(bell.json().results[0]).toMatchObject({
      kind: 'broadcast_starting',
      message: de.notification_broadcast_starting.replace('{title}', 'Reminder stream').replace('{minutes}', '10'),
    });
    const text = await waitFor(
      () => Promise.resolve(peer.sent.find((m) => m.chat_id === chat)?.text),
      'the Telegram reminder',
      5000,
    );
    expect(text).toContain(
      de.notification_broadcast_starting.replace('{title}', 'Reminder stream').replace('{minutes}', '10'),
    );
    expect(text).toContain(`/broadcasts/${b.id}`);
    expect(peer.sent.filter((m) => m.chat_id === chat)).toHaveLength(1);
  });
});
