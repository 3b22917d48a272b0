import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { issueBotLoginToken } from '../../src/server/services/accounts';
import { createTestApp, type TestApp } from '../setup/test-app';
import { call, makeMember, me, postLogin, userId } from '../setup/accounts';

const en = catalogues.en;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/accounts/admin_reg_link/', () => {
  it("is public and links to registration with the admin's promo code", async () => {
    const adminPromo = (await me(t, await t.login('admin@demo.atrium'))).body.promo_code as string;
    expect(adminPromo).toMatch(/^[A-Z0-9]{8}$/);
    const res = await call(t, 'GET', '/api/accounts/admin_reg_link/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ link: `${t.config.publicUrl}/register/${adminPromo}` });
    expect(res.json().link.endsWith(`/register/${adminPromo}`)).toBe(true);
  });
});

describe('POST /api/token-auth-bot/', () => {
  it('logs in once with a bot token (form) and names where to go', async () => {
    const memberId = await userId(t, 'member@demo.atrium');
    const { token } = await issueBotLoginToken(t.app.ctx, memberId, '/lessons');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token-auth-bot/',
      payload: new URLSearchParams({ token }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.any(String),
      user: expect.objectContaining({ id: memberId, email: 'member@demo.atrium' }),
      redirect_to: '/lessons',
    });
    expect((await me(t, body.token)).status).toBe(200);

    const again = await call(t, 'POST', '/api/token-auth-bot/', { body: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [en.link_expired] });
  });

  it('accepts JSON and defaults to /dashboard', async () => {
    const memberId = await userId(t, 'member@demo.atrium');
    const { token } = await issueBotLoginToken(t.app.ctx, memberId);
    const res = await call(t, 'POST', '/api/token-auth-bot/', { body: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ redirect_to: '/dashboard', user: { id: memberId } });
  });

  it('does not log in an account whose email is not activated', async () => {
    const m = await makeMember(t);
    await t.pool.query('update users set email_activation = false where id = $1', [m.id]);
    const { token } = await issueBotLoginToken(t.app.ctx, m.id, '/lessons');
    const res = await call(t, 'POST', '/api/token-auth-bot/', { body: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email_activation_required: true });
  });

  it('refuses an unknown token', async () => {
    const res = await call(t, 'POST', '/api/token-auth-bot/', { body: { token: 'made-up' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: [en.link_expired] });
  });
});

describe('Telegram', () => {
  it('gives a one-time deep link into the bot', async () => {
    const token = await t.login('member@demo.atrium');
    const before = Date.now();
    const body = { password: 'demo-password' };
    const res = await call(t, 'POST', '/api/accounts/telegram/link/', { token, body });
    expect(res.statusCode).toBe(200);
    const { link, expires_at } = res.json();
    expect(link.startsWith(`https://t.me/${t.config.telegramBotUsername}?start=`)).toBe(true);
    const start = new URL(link).searchParams.get('start')!;
    expect(start).toMatch(/^[A-Za-z0-9_-]{40,64}$/);
    expect(Date.parse(expires_at)).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(Date.parse(expires_at)).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);

    const second = (await call(t, 'POST', '/api/accounts/telegram/link/', { token, body })).json().link;
    expect(second).not.toBe(link);
  });

  it('unlinks', async () => {
    const m = await makeMember(t);
    await t.pool.query(`update users set telegram_chat_id = '424242' where id = $1`, [m.id]);
    const token = await t.login(m.email, m.password);
    expect((await me(t, token)).body.telegram_linked).toBe(true);

    const res = await call(t, 'POST', '/api/accounts/telegram/unlink/', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: m.id, telegram_linked: false });
    expect((await me(t, token)).body.telegram_linked).toBe(false);
    const { rows } = await t.pool.query('select telegram_chat_id from users where id = $1', [m.id]);
    expect(rows[0].telegram_chat_id).toBeNull();
  });

  it('needs a session', async () => {
    expect((await call(t, 'POST', '/api/accounts/telegram/link/')).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/accounts/telegram/unlink/')).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('makes an address wait after 5 wrong logins for one account; another account still logs in', async () => {
    const victim = await makeMember(t);
    const statuses: number[] = [];
    let throttled: { body: unknown; headers: Record<string, unknown> } | undefined;
    for (let i = 0; i < 12; i++) {
      const res = await postLogin(t, { username: victim.email, password: `guess-${i}` }, { 'accept-language': 'de' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) throttled ??= { body: res.json(), headers: res.headers };
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(400));
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    expect(throttled!.body).toEqual({
      detail: expect.stringMatching(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Sekunden erneut\.$/),
      code: 'throttled',
    });
    expect(Number(throttled!.headers['retry-after'])).toBeGreaterThan(0);

    // Even the right password waits now, and the same account by another spelling is the same account.
    expect((await postLogin(t, { username: victim.email, password: victim.password })).statusCode).toBe(429);
    expect((await postLogin(t, { username: victim.email.toUpperCase(), password: victim.password })).statusCode).toBe(
      429,
    );

    // Same IP, another account.
    const other = await postLogin(t, { username: 'consultant@demo.atrium', password: DEMO_PASSWORD });
    expect(other.statusCode).toBe(200);
    expect(other.json().token).toEqual(expect.any(String));
  });

  it('counts one phone number as one account however it is written, and with its email', async () => {
    const m = await makeMember(t);
    await t.pool.query(`update users set phone = '+4915112345678' where id = $1`, [m.id]);
    const spellings = ['+4915112345678', '+49 151 1234 5678', '4915112345678', '+49 (151) 12345678', '49-151-12345678'];
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await postLogin(t, { username: spellings[i % spellings.length]!, password: `guess-${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(400));
    expect(statuses.slice(5)).toEqual([429, 429]);
    // The same account by email is the same count.
    expect((await postLogin(t, { username: m.email, password: m.password })).statusCode).toBe(429);
  });

  it('allows 5 password-reset mails per email an hour', async () => {
    const m = await makeMember(t);
    const reset = (email: string) => call(t, 'POST', '/api/password_reset/', { body: { email } });
    for (let i = 1; i <= 5; i++) {
      const res = await reset(m.email);
      expect(res.statusCode, `request ${i}`).toBe(200);
      expect(res.json()).toEqual({ detail: en.reset_sent });
    }
    const sixth = await reset(m.email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      code: 'throttled',
    });
    // Another email is not held up by it.
    expect((await reset('member@demo.atrium')).statusCode).toBe(200);
  });
});
