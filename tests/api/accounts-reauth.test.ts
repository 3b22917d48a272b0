import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { clock } from '../../src/server/clock';
import { catalogues } from '../../src/server/i18n';
import { issueBotLoginToken } from '../../src/server/services/accounts';
import { issueInvitation } from '../../src/server/services/staff/invitations';
import { createTestApp, type TestApp } from '../setup/test-app';
import { call, mailsTo, makeMember, me, postLogin, tokenOf, waitForMail, type Json } from '../setup/accounts';

/**
 * Issue 37: a stolen session alone must not take the account. What gives lasting access (an
 * authenticator, backup codes, a Telegram chat, a new email, phone or password) needs the current
 * password, is told to the account's address with an undo link, and the owner's way back (undo, a
 * reset by mail, an admin's new password) ends the sessions and the Telegram link, and the undo also an
 * authenticator enrolled since. The session cache is on (30 s) so "ends at once" is real.
 */

const en = catalogues.en;
const UNDO = /\/credentials-undo\/([A-Za-z0-9_%-]+)\?lang=[a-z]{2}$/m;
const CONFIRM = /\/email-change\/([A-Za-z0-9_%-]+)\?lang=[a-z]{2}$/m;
const RESET = /\/password-reset\/([A-Za-z0-9_%-]+)\?lang=[a-z]{2}$/m;
const linkIn = (text: string, pattern: RegExp) => tokenOf(pattern.exec(text)?.[0] ?? '', pattern);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '30' } });
});
afterEach(() => {
  clock.reset();
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, token: string | undefined, body: Json = {}) =>
  call(t, 'POST', `/api/accounts/${path}`, { ...(token && { token }), body });
const putMe = (token: string, body: Json) => call(t, 'PUT', '/api/accounts/me/', { token, body });
const undo = (token: string) => call(t, 'POST', '/api/accounts/credentials_change/undo/', { body: { token } });
const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
const nextCode = (secret: string) => {
  clock.advance(31_000);
  return codeAt(secret);
};

async function member(language: 'ru' | 'en' | 'de' = 'en') {
  const m = await makeMember(t, { language });
  return { ...m, token: await t.login(m.email, m.password) };
}

/** Enrols an authenticator with the password; the secret and the backup codes. */
async function enrol(m: { token: string; password: string }) {
  const start = await post('google_auth/connect/', m.token, { password: m.password });
  expect(start.statusCode, start.body).toBe(200);
  const secret = start.json().secret as string;
  const done = await post('google_auth/connect/', m.token, { code: await codeAt(secret) });
  expect(done.statusCode, done.body).toBe(200);
  return { secret, codes: done.json().backup_codes as string[] };
}

const linkChat = (id: number, chat = `chat-${id}`) =>
  t.pool.query('update users set telegram_chat_id = $1 where id = $2', [chat, id]);
const state = async (id: number) =>
  (
    await t.pool.query<{ telegram_chat_id: string | null; totp_enabled: boolean; email: string }>(
      'select telegram_chat_id, totp_enabled, email from users where id = $1',
      [id],
    )
  ).rows[0]!;

describe('a stolen session alone meets the password prompt', () => {
  it('enrolling an authenticator, new backup codes, a Telegram link, a new email or phone each answer 400 under the password', async () => {
    const m = await member();
    const connect = await post('google_auth/connect/', m.token, {});
    expect(connect.statusCode).toBe(400);
    expect(connect.json()).toEqual({ password: [en.current_password_required] });
    const wrong = await post('google_auth/connect/', m.token, { password: 'not-the-password' });
    expect(wrong.json()).toEqual({ password: [en.wrong_password] });
    expect((await state(m.id)).totp_enabled).toBe(false);

    const telegram = await post('telegram/link/', m.token);
    expect(telegram.statusCode).toBe(400);
    expect(telegram.json()).toEqual({ password: [en.current_password_required] });
    const { rows } = await t.pool.query(
      `select 1 from one_time_tokens where user_id = $1 and purpose = 'telegram_link'`,
      [m.id],
    );
    expect(rows).toEqual([]);

    const email = await putMe(m.token, { email: `thief-${m.id}@test.atrium` });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({ old_password: [en.current_password_required] });
    const phone = await putMe(m.token, { phone: '+49305550931' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toEqual({ old_password: [en.current_password_required] });

    // The owner's own authenticator: new backup codes need the password besides the code.
    const { secret } = await enrol(m);
    const codes = await post('google_auth/backup_codes/', m.token, { code: await nextCode(secret) });
    expect(codes.statusCode).toBe(400);
    expect(codes.json()).toEqual({ password: [en.current_password_required] });
  });

  it('the answer is in the caller’s language', async () => {
    const m = await member('de');
    const res = await call(t, 'POST', '/api/accounts/google_auth/connect/', {
      token: m.token,
      body: {},
      headers: { 'accept-language': 'de' },
    });
    expect(res.json()).toEqual({ password: [catalogues.de.current_password_required] });
  });

  it('an account without a password is mailed a link to set one instead', async () => {
    const m = await member();
    await t.pool.query('update users set password_hash = null where id = $1', [m.id]);
    const res = await post('telegram/link/', m.token, { password: 'anything' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: [en.password_not_set_link_sent] });
    const mail = await waitForMail(t, m.email);
    expect(mail.subject).toBe(en.mail_reset_subject);
    expect(linkIn(mail.text, RESET)).toEqual(expect.any(String));
  });
});

describe('every such change is told to the account’s address with an undo link', () => {
  it('enrolling an authenticator (in the account’s language); the undo switches it off, unlinks Telegram, ends every session', async () => {
    const m = await member('de');
    const other = await t.login(m.email, m.password);
    await enrol(m);
    await linkChat(m.id);
    const mail = await waitForMail(t, m.email);
    expect(mail.subject).toBe(catalogues.de.mail_two_factor_on_subject);
    expect(mail.text).toContain(catalogues.de.mail_undo_button);

    expect((await undo(linkIn(mail.text, UNDO))).statusCode).toBe(200);
    expect(await state(m.id)).toMatchObject({ totp_enabled: false, telegram_chat_id: null });
    expect((await me(t, m.token)).status).toBe(401);
    expect((await me(t, other)).status).toBe(401);
    const again = await postLogin(t, { username: m.email, password: m.password });
    expect(again.json().token).toEqual(expect.any(String));
  });

  it('new backup codes: the undo drops them', async () => {
    const m = await member();
    const { secret } = await enrol(m);
    const res = await post('google_auth/backup_codes/', m.token, {
      code: await nextCode(secret),
      password: m.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForMail(t, m.email, 2);
    expect(mail.subject).toBe(en.mail_backup_codes_subject);
    expect((await undo(linkIn(mail.text, UNDO))).statusCode).toBe(200);
    const left = await t.pool.query('select count(*)::int n from totp_backup_codes where user_id = $1', [m.id]);
    expect(left.rows[0].n).toBe(0);
    // The owner's own authenticator, from before, stays.
    expect((await state(m.id)).totp_enabled).toBe(true);
  });

  it('a new password: the undo clears it and mails a link to set another', async () => {
    const m = await member();
    const res = await putMe(m.token, { old_password: m.password, password: 'thief-password-1' });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForMail(t, m.email);
    expect(mail.subject).toBe(en.mail_password_changed_subject);
    expect((await undo(linkIn(mail.text, UNDO))).statusCode).toBe(200);
    expect((await postLogin(t, { username: m.email, password: 'thief-password-1' })).statusCode).toBe(400);
    expect((await me(t, res.json().token)).status).toBe(401);
    const reset = await waitForMail(t, m.email, 2);
    expect(reset.subject).toBe(en.mail_reset_subject);
  });
});

describe('the owner takes the account back', () => {
  it('undoing an email change ends every session, unlinks Telegram and switches off an authenticator enrolled since', async () => {
    const m = await member();
    const email = `thief-${m.id}@test.atrium`;
    const asked = await putMe(m.token, { email, old_password: m.password });
    expect(asked.statusCode, asked.body).toBe(200);
    const toOld = await waitForMail(t, m.email);
    const toNew = await waitForMail(t, email);
    expect(
      (await call(t, 'POST', '/api/accounts/email_change/confirm/', { body: { token: linkIn(toNew.text, CONFIRM) } }))
        .statusCode,
    ).toBe(200);
    // The thief, now holding the address, puts on their own authenticator and a Telegram chat.
    await enrol(m);
    await linkChat(m.id);
    expect(await state(m.id)).toMatchObject({ email, totp_enabled: true });

    const res = await undo(linkIn(toOld.text, UNDO));
    expect(res.statusCode, res.body).toBe(200);
    expect(await state(m.id)).toEqual({ email: m.email, totp_enabled: false, telegram_chat_id: null });
    expect((await me(t, m.token)).status).toBe(401);
    // The owner signs in with the password alone: no authenticator of the thief's in the way.
    const back = await postLogin(t, { username: m.email, password: m.password });
    expect(back.json().token).toEqual(expect.any(String));
  });

  it('an authenticator the owner had before the change stays on', async () => {
    const m = await member();
    const { secret } = await enrol(m);
    const phone = '+49305550932';
    const res = await putMe(m.token, { phone, old_password: m.password, code: await nextCode(secret) });
    expect(res.statusCode, res.body).toBe(200);
    const notice = await waitForMail(t, m.email, 2);
    expect(notice.subject).toBe(en.mail_phone_changed_subject);
    expect((await undo(linkIn(notice.text, UNDO))).statusCode).toBe(200);
    expect((await state(m.id)).totp_enabled).toBe(true);
  });

  it('a reset by mail ends every session and the Telegram link', async () => {
    const m = await member();
    await linkChat(m.id);
    expect((await me(t, m.token)).status).toBe(200);
    expect((await call(t, 'POST', '/api/password_reset/', { body: { email: m.email } })).statusCode).toBe(200);
    const mail = await waitForMail(t, m.email);
    const res = await call(t, 'POST', '/api/password_reset/confirm/', {
      body: { token: linkIn(mail.text, RESET), password: 'owner-password-2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(t, m.token)).status).toBe(401);
    expect((await state(m.id)).telegram_chat_id).toBeNull();
  });

  it("an admin's new password ends every session and the Telegram link", async () => {
    const adminToken = await t.login('admin@demo.atrium');
    const m = await member();
    await linkChat(m.id);
    expect((await me(t, m.token)).status).toBe(200);
    const res = await call(t, 'PUT', `/api/v1/users/${m.id}`, { token: adminToken, body: { password: 'admin-set-2' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(t, m.token)).status).toBe(401);
    expect((await state(m.id)).telegram_chat_id).toBeNull();
  });
});

describe('the bot’s login link', () => {
  const botLogin = (body: Json) => call(t, 'POST', '/api/token-auth-bot/', { body });

  it('asks for the two-factor code when two-factor is on, and signs in with it', async () => {
    const m = await member();
    const { secret } = await enrol(m);
    const { token } = await issueBotLoginToken(t.app.ctx, m.id, '/lessons');
    const first = await botLogin({ token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    const { challenge } = first.json();

    const missing = await botLogin({ token, challenge });
    expect(missing.json()).toEqual({ code: [en.enter_code] });
    const done = await botLogin({ token, challenge, code: await nextCode(secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ token: expect.any(String), redirect_to: '/lessons' });
    // The link worked once.
    expect((await botLogin({ token })).json()).toEqual({ token: [en.link_expired] });
  });

  it('a challenge of the password login does not pass for the bot’s; five wrong codes spend the link', async () => {
    const m = await member();
    const { secret } = await enrol(m);
    const { token } = await issueBotLoginToken(t.app.ctx, m.id);
    const loginChallenge = (await postLogin(t, { username: m.email, password: m.password })).json().challenge;
    const crossed = await botLogin({ token, challenge: loginChallenge, code: await nextCode(secret) });
    expect(crossed.json()).toEqual({ non_field_errors: [en.login_expired] });
    // That counted as a failed try, and spent the link.
    expect((await botLogin({ token })).json()).toEqual({ token: [en.link_expired] });

    const { token: next } = await issueBotLoginToken(t.app.ctx, m.id);
    const { challenge } = (await botLogin({ token: next })).json();
    const right = await nextCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await botLogin({ token: next, challenge, code: wrong })).json()).toEqual({ code: [en.wrong_code] });
    expect((await botLogin({ token: next, challenge, code: wrong })).json()).toEqual({
      non_field_errors: [en.login_expired],
    });
    expect((await botLogin({ token: next })).json()).toEqual({ token: [en.link_expired] });
  });
});

describe('the lows', () => {
  it('wrong current passwords count with the login’s failures of the account', async () => {
    const m = await member();
    // Three wrong logins and two wrong current passwords: the five free tries of the address.
    for (let i = 0; i < 3; i++)
      expect((await postLogin(t, { username: m.email, password: `guess-${i}` })).statusCode).toBe(400);
    for (let i = 0; i < 2; i++)
      expect(
        (await putMe(m.token, { email: `x${i}-${m.id}@test.atrium`, old_password: `guess-${i}` })).statusCode,
      ).toBe(400);
    const slowed = await putMe(m.token, { email: `x-${m.id}@test.atrium`, old_password: 'guess-x' });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ code: 'throttled' });
    // The login of the account from this address waits as well.
    expect((await postLogin(t, { username: m.email, password: m.password })).statusCode).toBe(429);
  });

  it('a set-password link is refused after an email change or a password change', async () => {
    for (const change of ['email', 'password'] as const) {
      const m = await member();
      const sent = await t.app.ctx.db.transaction((tx) =>
        issueInvitation(t.app.ctx, tx, null, { id: m.id, email: m.email, firstName: 'Test', language: 'en' }),
      );
      const invitation = tokenOf(
        /\/set-password\/([A-Za-z0-9_%-]+)\?lang=[a-z]{2}$/m.exec(sent.mail.text)?.[0] ?? '',
        /\/set-password\/([A-Za-z0-9_%-]+)\?lang=[a-z]{2}$/,
      );
      if (change === 'password') {
        expect((await putMe(m.token, { old_password: m.password, password: 'owner-password-3' })).statusCode).toBe(200);
      } else {
        const email = `moved-${m.id}@test.atrium`;
        expect((await putMe(m.token, { email, old_password: m.password })).statusCode).toBe(200);
        const toNew = await waitForMail(t, email);
        const ok = await call(t, 'POST', '/api/accounts/email_change/confirm/', {
          body: { token: linkIn(toNew.text, CONFIRM) },
        });
        expect(ok.statusCode).toBe(200);
      }
      const res = await call(t, 'POST', '/api/password_reset/confirm/', {
        body: { token: invitation, password: 'invited-password-1' },
      });
      expect(res.statusCode, change).toBe(400);
      expect(res.json()).toEqual({ token: [en.link_expired] });
    }
  });

  it('a password change gives the changing session a new token; its old token is refused', async () => {
    const m = await member();
    expect((await me(t, m.token)).status).toBe(200);
    const res = await putMe(m.token, { old_password: m.password, password: 'owner-password-4' });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().token as string;
    expect(fresh).not.toBe(m.token);
    expect((await me(t, m.token)).status).toBe(401);
    expect((await me(t, fresh)).status).toBe(200);
    expect((await me(t, fresh)).body.email).toBe(m.email);
    expect(await mailsTo(t, m.email)).toEqual([expect.objectContaining({ subject: en.mail_password_changed_subject })]);
  });
});
