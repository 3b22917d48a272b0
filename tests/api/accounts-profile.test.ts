import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { catalogues } from '../../src/server/i18n';
import { createTestApp, type TestApp } from '../setup/test-app';
import { call, makeMember, me, postLogin, type Json } from '../setup/accounts';

const en = catalogues.en;
const de = catalogues.de;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const putMe = (token: string, body: Json) => call(t, 'PUT', '/api/accounts/me/', { token, body });

/** A member of one's own (in English) for each test, logged in once. */
async function member() {
  const m = await makeMember(t, { language: 'en' });
  return { ...m, token: await t.login(m.email, m.password) };
}

describe('PUT /api/accounts/me/', () => {
  it('saves the fields and answers with a fresh token and the new user', async () => {
    const m = await member();
    const res = await putMe(m.token, {
      first_name: '  Paula ',
      last_name: 'Profil',
      city: 'Hamburg',
      country: 'DE',
      phone: '+49 40 123 4567',
      date_birth: '1990-05-17',
      time_zone: 'America/New_York',
      // A new phone needs the current password (accounts-credentials-change.test.ts).
      old_password: m.password,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    const expected = {
      id: m.id,
      email: m.email,
      first_name: 'Paula',
      last_name: 'Profil',
      city: 'Hamburg',
      country: 'DE',
      phone: '+49401234567',
      date_birth: '1990-05-17',
      time_zone: 'America/New_York',
    };
    expect(body.user).toMatchObject(expected);

    const fresh = await me(t, body.token);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject(expected);
    // The old token names the same session and keeps working.
    expect((await me(t, m.token)).status).toBe(200);
  });

  it.each([
    ['a bad phone', { phone: 'abc' }, { phone: [en.phone_incorrect] }],
    ['an unknown time zone', { time_zone: 'Mars/Olympus_Mons' }, { time_zone: [en.time_zone_invalid] }],
    ['a date of birth in the future', { date_birth: '2999-01-01' }, { date_birth: [en.date_invalid] }],
    ['an empty first name', { first_name: '' }, { first_name: [en.field_empty] }],
    ['a blank last name', { last_name: '   ' }, { last_name: [en.field_empty] }],
    ['a malformed email', { email: 'nope' }, { email: [en.email_invalid] }],
  ])('refuses %s', async (_name, body, errors) => {
    const m = await member();
    const res = await putMe(m.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    // Nothing was saved.
    expect((await me(t, m.token)).body).toMatchObject({
      first_name: 'Test',
      last_name: 'Member',
      phone: null,
      date_birth: null,
    });
  });

  it('names every bad field at once', async () => {
    const m = await member();
    const res = await putMe(m.token, { phone: 'abc', time_zone: 'Nowhere/Land', date_birth: '2999-12-31' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      phone: [en.phone_incorrect],
      time_zone: [en.time_zone_invalid],
      date_birth: [en.date_invalid],
    });
  });

  it('refuses a phone or an email of another user', async () => {
    const m = await member();
    const phone = await putMe(m.token, { phone: '+49301234002', old_password: m.password });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toEqual({ phone: ['Phone is already in use'] });
    const email = await putMe(m.token, { email: 'Admin@demo.atrium', old_password: m.password });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({ email: [en.email_taken] });
  });

  it('changes the password only with the right old one; every session ends, this one goes on with a new token', async () => {
    const m = await member();
    const other = await t.login(m.email, m.password);

    const wrong = await putMe(m.token, { old_password: 'not-my-password', password: 'changed-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ old_password: ['Wrong password'] });
    const missing = await putMe(m.token, { password: 'changed-password-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ old_password: [en.field_required] });
    expect((await me(t, other)).status).toBe(200);

    const res = await putMe(m.token, { old_password: m.password, password: 'changed-password-1' });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;

    expect((await me(t, other)).status).toBe(401);
    expect((await me(t, m.token)).status).toBe(401);
    expect((await me(t, fresh)).status).toBe(200);
    expect((await postLogin(t, { username: m.email, password: m.password })).statusCode).toBe(400);
    expect((await postLogin(t, { username: m.email, password: 'changed-password-1' })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await call(t, 'PUT', '/api/accounts/me/', { body: { city: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/accounts/set_language/', () => {
  it('switches the language of later messages, whatever the browser asks for', async () => {
    const m = await member();
    const before = await putMe(m.token, { phone: 'abc' });
    expect(before.json()).toEqual({ phone: [en.phone_incorrect] });

    const res = await call(t, 'POST', '/api/accounts/set_language/', { token: m.token, body: { language: 'de' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: m.id, language: 'de' });

    const after = await putMe(m.token, { phone: 'abc' });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual({ phone: [de.phone_incorrect] });
    expect(de.phone_incorrect).not.toBe(en.phone_incorrect);
    const wrong = await putMe(m.token, { old_password: 'nope-nope', password: 'changed-password-1' });
    expect(wrong.json()).toEqual({ old_password: [de.wrong_password] });
  });

  it('refuses an unsupported language', async () => {
    const m = await member();
    const res = await call(t, 'POST', '/api/accounts/set_language/', { token: m.token, body: { language: 'fr' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['language']);
    expect((await me(t, m.token)).body.language).toBe('en');
  });
});

/** A multipart/form-data body with one file part, built by hand. */
function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = `----atrium-test-${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function uploadAvatar(token: string, body: ReturnType<typeof multipart>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/me/',
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': 'en', authorization: `JWT ${token}` },
  });
}

describe('avatar upload', () => {
  it('re-encodes a PNG to WebP and serves it sandboxed', async () => {
    const m = await member();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const res = await uploadAvatar(m.token, multipart('avatar', 'me.png', 'image/png', png));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user.avatar).toMatch(
      /^\/media\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/,
    );
    expect((await me(t, body.token)).body.avatar).toBe(body.user.avatar);

    const file = await t.app.inject({ method: 'GET', url: body.user.avatar });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(String(file.headers['content-security-policy'])).toContain('sandbox');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });

    // A second upload replaces the first; the old file is gone.
    const jpeg = await sharp({ create: { width: 32, height: 48, channels: 3, background: '#abcdef' } })
      .jpeg()
      .toBuffer();
    const second = await uploadAvatar(m.token, multipart('avatar', 'photo.jpg', 'image/jpeg', jpeg));
    expect(second.statusCode).toBe(200);
    expect(second.json().user.avatar).not.toBe(body.user.avatar);
    const gone = await t.app.inject({ method: 'GET', url: body.user.avatar });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: expect.any(String), code: 'not_found' });
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', body.user.avatar.slice('/media/'.length)))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: second.json().user.avatar })).statusCode).toBe(200);
  });

  it('refuses a text file named .png', async () => {
    const m = await member();
    const res = await uploadAvatar(
      m.token,
      multipart('avatar', 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>')),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ avatar: [en.image_invalid] });
    expect((await me(t, m.token)).body.avatar).toBeNull();
  });

  it('refuses an image over 5 MB', async () => {
    const m = await member();
    // Noise does not compress: a real PNG of a bit over 5 MB.
    const big = await sharp({
      create: {
        width: 1400,
        height: 1300,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(big.length).toBeLessThan(7 * 1024 * 1024);
    const res = await uploadAvatar(m.token, multipart('avatar', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ avatar: [en.image_invalid] });
    expect((await me(t, m.token)).body.avatar).toBeNull();
  });

  it('refuses a request without the avatar part', async () => {
    const m = await member();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const res = await uploadAvatar(m.token, multipart('picture', 'me.png', 'image/png', png));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ avatar: [en.image_invalid] });
  });
});

describe('sessions', () => {
  it('lists the open sessions with one current, ends another, and 404s for a foreign one', async () => {
    const m = await member();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: m.email, password: m.password },
      headers: { 'user-agent': 'Second Device/1.0' },
    });
    const otherToken = other.json().token as string;

    const list = await call(t, 'GET', '/api/accounts/sessions/', { token: m.token });
    expect(list.statusCode).toBe(200);
    const sessions = list.json<Json[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const second = sessions.find((s) => !s.current)!;
    expect(second).toMatchObject({ user_agent: 'Second Device/1.0', ip: '127.0.0.1' });
    expect(second.id).toMatch(/^[0-9a-f-]{36}$/);

    // Another user's session is not ours to end.
    const stranger = await member();
    const foreign = await call(t, 'DELETE', `/api/accounts/sessions/${second.id}/`, { token: stranger.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not_found');
    expect((await me(t, otherToken)).status).toBe(200);

    const end = await call(t, 'DELETE', `/api/accounts/sessions/${second.id}/`, { token: m.token });
    expect(end.statusCode).toBe(200);
    expect(end.json()).toEqual({ detail: en.session_ended });
    expect((await me(t, otherToken)).status).toBe(401);
    expect((await me(t, m.token)).status).toBe(200);

    const after = (await call(t, 'GET', '/api/accounts/sessions/', { token: m.token })).json<Json[]>();
    expect(after).toHaveLength(1);
    expect(after[0]!.current).toBe(true);

    // Ending it again: not found.
    expect((await call(t, 'DELETE', `/api/accounts/sessions/${second.id}/`, { token: m.token })).statusCode).toBe(404);
    // Not a UUID: a 400, not a database error.
    expect((await call(t, 'DELETE', '/api/accounts/sessions/not-a-uuid/', { token: m.token })).statusCode).toBe(400);
  });

  it('logout ends the current session only', async () => {
    const m = await member();
    const other = await t.login(m.email, m.password);
    const res = await call(t, 'POST', '/api/accounts/logout/', { token: m.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: en.logged_out });
    const gone = await me(t, m.token);
    expect(gone.status).toBe(401);
    expect(gone.body.code).toBe('not_authenticated');
    expect((await me(t, other)).status).toBe(200);
  });
});
