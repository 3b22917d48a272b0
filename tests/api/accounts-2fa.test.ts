import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { clock } from '../../src/server/clock';
import { catalogues } from '../../src/server/i18n';
import { createTestApp, type TestApp } from '../setup/test-app';
import { call, makeMember, me, postLogin, type Json } from '../setup/accounts';

const en = catalogues.en;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  clock.reset();
});
afterAll(async () => {
  await t.close();
});

/** The code of the app clock's current 30-second step. */
const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

/** Moves the app clock into the next time step (a step's code works once) and gives its code. */
async function nextCode(secret: string): Promise<string> {
  clock.advance(31_000);
  return codeNow(secret);
}

/** A code that is none of the codes the server accepts now (its window is one step either side). */
async function wrongCode(secret: string): Promise<string> {
  const epoch = Math.floor(clock.now().getTime() / 1000);
  const valid = new Set(await Promise.all([-30, 0, 30].map((d) => generate({ secret, epoch: epoch + d }))));
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

const connect = (token: string, body: Json) => call(t, 'POST', '/api/accounts/google_auth/connect/', { token, body });
const disconnect = (token: string, body: Json) =>
  call(t, 'POST', '/api/accounts/google_auth/disconnect/', { token, body });

/** A fresh member (rate limits are per account) with Google Authenticator enabled. */
async function memberWith2fa() {
  const m = await makeMember(t);
  const token = await t.login(m.email, m.password);
  const start = await connect(token, { password: m.password });
  expect(start.statusCode).toBe(200);
  const secret = start.json().secret as string;
  const done = await connect(token, { code: await codeNow(secret) });
  expect(done.statusCode).toBe(200);
  expect(done.json()).toEqual({ enabled: true, backup_codes: expect.any(Array) });
  return { ...m, token, secret };
}

async function firstStep(m: { email: string; password: string }): Promise<string> {
  const res = await postLogin(t, { username: m.email, password: m.password });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  return body.challenge;
}

const secondStep = (m: { email: string; password: string }, challenge: string, code?: string) =>
  postLogin(t, { username: m.email, password: m.password, challenge, ...(code !== undefined && { code }) });

describe('connecting Google Authenticator', () => {
  it('gives a secret, an otpauth URL and a QR code, then enables with the first right code', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);

    const start = await connect(token, { password: m.password });
    expect(start.statusCode).toBe(200);
    const body = start.json();
    expect(body.enabled).toBe(false);
    expect(body.secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(body.otpauth_url).toContain(`secret=${body.secret}`);
    expect(body.otpauth_url).toContain('issuer=Atrium');
    expect(body.qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(body.qr_code.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');

    // Not enabled until confirmed: login stays one step.
    expect((await me(t, token)).body.google_auth_enabled).toBe(false);
    expect((await postLogin(t, { username: m.email, password: m.password })).json().token).toEqual(expect.any(String));

    const wrong = await connect(token, { code: await wrongCode(body.secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: ['Wrong code'] });
    expect((await me(t, token)).body.google_auth_enabled).toBe(false);

    const right = await connect(token, { code: await codeNow(body.secret) });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ enabled: true, backup_codes: expect.any(Array) });
    expect((await me(t, token)).body.google_auth_enabled).toBe(true);

    // Encrypted at rest: neither the secret nor its text form is in the row.
    const { rows } = await t.pool.query('select totp_secret_enc, totp_enabled from users where id = $1', [m.id]);
    expect(rows[0].totp_enabled).toBe(true);
    expect(rows[0].totp_secret_enc).toEqual(expect.any(String));
    expect(rows[0].totp_secret_enc).not.toBe(body.secret);
    expect(rows[0].totp_secret_enc).not.toContain(body.secret);
    expect(rows[0].totp_secret_enc).not.toContain(Buffer.from(body.secret).toString('base64url'));
    expect(t.app.ctx.box.open(rows[0].totp_secret_enc)).toBe(body.secret);
  });
});

describe('connecting again while enabled', () => {
  it('neither replaces the secret nor switches two-factor login off', async () => {
    const m = await memberWith2fa();
    const before = (await t.pool.query('select totp_secret_enc from users where id = $1', [m.id])).rows[0]
      .totp_secret_enc;

    const res = await connect(m.token, { password: m.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true });

    const { rows } = await t.pool.query('select totp_secret_enc, totp_enabled from users where id = $1', [m.id]);
    expect(rows[0]).toEqual({ totp_secret_enc: before, totp_enabled: true });
    expect((await me(t, m.token)).body.google_auth_enabled).toBe(true);
    await firstStep(m);
  });
});

describe('two-step login', () => {
  it('asks for the code, refuses a missing or wrong one, accepts the right one once', async () => {
    const m = await memberWith2fa();
    const challenge = await firstStep(m);

    const none = await secondStep(m, challenge);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ code: ['Please, enter code'] });

    const wrong = await secondStep(m, challenge, await wrongCode(m.secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: ['Wrong code'] });

    const code = await nextCode(m.secret);
    const right = await secondStep(m, challenge, code);
    expect(right.statusCode).toBe(200);
    const body = right.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ email: m.email, google_auth_enabled: true });
    expect((await me(t, body.token)).status).toBe(200);

    // The challenge is spent.
    const again = await secondStep(m, challenge, await nextCode(m.secret));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [en.login_expired] });

    // The same code does not work twice, not even with a new challenge.
    clock.reset();
    clock.advance(31_000);
    const replay = await secondStep(m, await firstStep(m), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ code: ['Wrong code'] });
  });

  it('refuses the right code with a wrong password or a challenge of another user', async () => {
    const a = await memberWith2fa();
    const b = await memberWith2fa();
    const challengeOfB = await firstStep(b);

    const badPassword = await postLogin(t, {
      username: a.email,
      password: 'wrong-password',
      challenge: challengeOfB,
      code: await nextCode(a.secret),
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toEqual({ non_field_errors: [en.wrong_email_or_password] });

    const foreign = await secondStep(a, challengeOfB, await codeNow(a.secret));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ non_field_errors: [en.login_expired] });
  });

  it('spends a challenge after 5 wrong codes', async () => {
    const m = await memberWith2fa();
    const challenge = await firstStep(m);
    const bad = await wrongCode(m.secret);
    for (let i = 1; i <= 4; i++) {
      const res = await secondStep(m, challenge, bad);
      expect(res.statusCode, `attempt ${i}`).toBe(400);
      expect(res.json(), `attempt ${i}`).toEqual({ code: ['Wrong code'] });
    }
    const fifth = await secondStep(m, challenge, bad);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual({ non_field_errors: ['Login time has expired. Please try again'] });

    const right = await secondStep(m, challenge, await nextCode(m.secret));
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ non_field_errors: [en.login_expired] });
    expect(right.json().token).toBeUndefined();

    // A new challenge still works with that (unused) code.
    const fresh = await secondStep(m, await firstStep(m), await codeNow(m.secret));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().token).toEqual(expect.any(String));
  });

  it('refuses an expired challenge', async () => {
    const m = await memberWith2fa();
    const challenge = await firstStep(m);
    clock.advance(6 * 60_000);
    const res = await secondStep(m, challenge, await codeNow(m.secret));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [en.login_expired] });
  });

  it('answers in the language asked for', async () => {
    const m = await memberWith2fa();
    const challenge = await firstStep(m);
    const res = await postLogin(t, { username: m.email, password: m.password, challenge }, { 'accept-language': 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: [catalogues.de.enter_code] });
  });
});

describe('disconnecting Google Authenticator', () => {
  it('needs a right code, then login is one step again', async () => {
    const m = await memberWith2fa();

    const wrong = await disconnect(m.token, { code: await wrongCode(m.secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [en.wrong_code] });
    expect((await me(t, m.token)).body.google_auth_enabled).toBe(true);

    clock.advance(31_000);
    const code = await generate({ secret: m.secret, epoch: Math.floor((Date.now() + 31_000) / 1000) });
    const res = await disconnect(m.token, { code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false });
    expect((await me(t, m.token)).body.google_auth_enabled).toBe(false);
    const { rows } = await t.pool.query('select totp_secret_enc, totp_enabled from users where id = $1', [m.id]);
    expect(rows[0]).toEqual({ totp_secret_enc: null, totp_enabled: false });

    const login = await postLogin(t, { username: m.email, password: m.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toEqual(expect.any(String));
    expect(login.json().two_factor_required).toBeUndefined();
  });

  it('needs a session', async () => {
    const res = await call(t, 'POST', '/api/accounts/google_auth/disconnect/', { body: { code: '123456' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('wrong codes and the login wait', () => {
  it('counts each spent challenge as a wrong try, so an address that knows the password cannot guess codes on', async () => {
    const m = await memberWith2fa();
    const bad = await wrongCode(m.secret);
    for (let round = 1; round <= 5; round++) {
      const challenge = await firstStep(m);
      for (let i = 1; i <= 4; i++)
        expect((await secondStep(m, challenge, bad)).json(), `round ${round}`).toEqual({ code: [en.wrong_code] });
      expect((await secondStep(m, challenge, bad)).json(), `round ${round}`).toEqual({
        non_field_errors: [en.login_expired],
      });
    }
    // Five challenges spent: the address now waits, even with the password and a right code.
    const waiting = await postLogin(t, { username: m.email, password: m.password });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().code).toBe('throttled');
    const { rows } = await t.pool.query(`select failures from login_failures where account = $1`, [`user:${m.id}`]);
    expect(rows).toEqual([{ failures: 5 }]);
  });
});
