import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { clock } from '../../src/server/clock';
import { catalogues } from '../../src/server/i18n';
import { createTestApp, type TestApp } from '../setup/test-app';
import { call, mailsTo, makeMember, me, postLogin, tokenOf, waitForMail, type Json } from '../setup/accounts';

/**
 * A stolen session must not be enough to take the account (issues 24, 37): a new email or phone needs the
 * current password (and, with two-factor on, a code), a new email counts only once the link sent to it is opened,
 * the old address is told with a link that undoes the change and ends every session, and a password an
 * admin sets ends the user's sessions at once. The session cache is on (30 s) so "at once" is real.
 */

const en = catalogues.en;
const CONFIRM = /\/email-change\/([A-Za-z0-9_%-]+)\?lang=[a-z]{2}$/m;
const UNDO = /\/credentials-undo\/([A-Za-z0-9_%-]+)\?lang=[a-z]{2}$/m;
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

const putMe = (token: string, body: Json) => call(t, 'PUT', '/api/accounts/me/', { token, body });
const confirm = (token: string) => call(t, 'POST', '/api/accounts/email_change/confirm/', { body: { token } });
const undo = (token: string) => call(t, 'POST', '/api/accounts/credentials_change/undo/', { body: { token } });
const linkIn = (text: string, pattern: RegExp) => tokenOf(pattern.exec(text)?.[0] ?? '', pattern);

async function member() {
  const m = await makeMember(t, { language: 'en' });
  return { ...m, token: await t.login(m.email, m.password) };
}

const fresh = (m: { id: number }) => `new-${m.id}-${Date.now()}@test.atrium`;

/** Asks for a new email with the password; returns the confirm and undo tokens from the two mails. */
async function askForEmail(m: { id: number; email: string; password: string; token: string }, email: string) {
  const res = await putMe(m.token, { email, old_password: m.password });
  expect(res.statusCode, res.body).toBe(200);
  const toNew = await waitForMail(t, email);
  const toOld = await waitForMail(t, m.email);
  return { res, toNew, toOld, confirmToken: linkIn(toNew.text, CONFIRM), undoToken: linkIn(toOld.text, UNDO) };
}

describe('changing the email', () => {
  it('is refused without the current password or with a wrong one, and nothing changes', async () => {
    const m = await member();
    const email = fresh(m);
    const missing = await putMe(m.token, { email, city: 'Bremen' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ old_password: [en.current_password_required] });
    const wrong = await putMe(m.token, { email, old_password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ old_password: [en.wrong_password] });
    // In the user's language.
    await t.pool.query(`update users set language = 'de' where id = $1`, [m.id]);
    const german = await call(t, 'PUT', '/api/accounts/me/', {
      token: await t.login(m.email, m.password),
      body: { email },
    });
    expect(german.json()).toEqual({ old_password: [catalogues.de.current_password_required] });

    expect((await me(t, m.token)).body).toMatchObject({ email: m.email, city: '' });
    expect(await mailsTo(t, email)).toEqual([]);
    expect(await mailsTo(t, m.email)).toEqual([]);
  });

  it('with the password, keeps the old email until the link sent to the new address is opened', async () => {
    const m = await member();
    const email = fresh(m);
    const { res, toNew, confirmToken } = await askForEmail(m, email);
    expect(res.json().user.email).toBe(m.email);
    expect(res.json().pending_email).toBe(email);
    expect(toNew.subject).toBe(en.mail_email_change_subject);
    expect(toNew.text).toContain(`${t.config.publicUrl}/email-change/`);

    // Until then: the old email is the account's, the new one signs nobody in.
    expect((await me(t, m.token)).body.email).toBe(m.email);
    expect((await postLogin(t, { username: email, password: m.password })).statusCode).toBe(400);
    expect((await postLogin(t, { username: m.email, password: m.password })).statusCode).toBe(200);

    const ok = await confirm(confirmToken);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ detail: en.email_change_confirmed });
    expect((await me(t, m.token)).body.email).toBe(email);
    expect((await postLogin(t, { username: email, password: m.password })).statusCode).toBe(200);
    expect((await postLogin(t, { username: m.email, password: m.password })).statusCode).toBe(400);
  });

  it('the confirm link works once', async () => {
    const m = await member();
    const { confirmToken } = await askForEmail(m, fresh(m));
    expect((await confirm(confirmToken)).statusCode).toBe(200);
    const again = await confirm(confirmToken);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [en.link_expired] });
  });

  it('the confirm link expires after a day', async () => {
    const m = await member();
    const email = fresh(m);
    const { confirmToken } = await askForEmail(m, email);
    clock.advance(24 * 3600_000 + 60_000);
    const late = await confirm(confirmToken);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ token: [en.link_expired] });
    expect((await me(t, m.token)).body.email).toBe(m.email);
  });

  it('a password reset to the new address before the confirmation does not reach the account', async () => {
    const m = await member();
    const email = fresh(m);
    await askForEmail(m, email);
    const reset = await call(t, 'POST', '/api/password_reset/', { body: { email } });
    expect(reset.statusCode).toBe(200);
    // The same answer as for any address, but no reset link goes out: only the confirmation mail is there.
    await new Promise((r) => setTimeout(r, 300));
    const mails = await mailsTo(t, email);
    expect(mails.map((x) => x.subject)).toEqual([en.mail_email_change_subject]);
    const { rows } = await t.pool.query(
      `select 1 from one_time_tokens where user_id = $1 and purpose = 'password_reset'`,
      [m.id],
    );
    expect(rows).toEqual([]);
    expect((await me(t, m.token)).status).toBe(200);
  });

  it('tells the old address; its undo link restores the old email and ends every session', async () => {
    const m = await member();
    const email = fresh(m);
    const other = await t.login(m.email, m.password);
    const { toOld, confirmToken, undoToken } = await askForEmail(m, email);
    expect(toOld.subject).toBe(en.mail_email_changed_subject);
    expect(toOld.text).toContain(email);
    // The thief confirms the new address; the owner undoes it from the old one.
    expect((await confirm(confirmToken)).statusCode).toBe(200);
    expect((await me(t, m.token)).status).toBe(200);

    const res = await undo(undoToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: en.credentials_change_undone });
    expect((await me(t, m.token)).status).toBe(401);
    expect((await me(t, other)).status).toBe(401);
    const back = await t.login(m.email, m.password);
    expect((await me(t, back)).body.email).toBe(m.email);
    expect((await postLogin(t, { username: email, password: m.password })).statusCode).toBe(400);
    // Once only.
    expect((await undo(undoToken)).json()).toEqual({ token: [en.link_expired] });
  });

  it('an undo before the confirmation voids the pending link', async () => {
    const m = await member();
    const { confirmToken, undoToken } = await askForEmail(m, fresh(m));
    expect((await undo(undoToken)).statusCode).toBe(200);
    expect((await confirm(confirmToken)).json()).toEqual({ token: [en.link_expired] });
    expect((await me(t, await t.login(m.email, m.password))).body.email).toBe(m.email);
  });

  it('a later change does not void the undo link of an earlier one', async () => {
    const m = await member();
    const first = fresh(m);
    const { confirmToken, undoToken } = await askForEmail(m, first);
    expect((await confirm(confirmToken)).statusCode).toBe(200);
    // Now signed in with the first new address, the thief asks for yet another one.
    const second = `again-${first}`;
    const res = await putMe(m.token, { email: second, old_password: m.password });
    expect(res.statusCode).toBe(200);
    expect((await undo(undoToken)).statusCode).toBe(200);
    expect((await me(t, await t.login(m.email, m.password))).body.email).toBe(m.email);
  });

  it('with two-factor on, needs the password and a code: the code does not stand in for the password', async () => {
    const m = await member();
    const connect = (body: Json) => call(t, 'POST', '/api/accounts/google_auth/connect/', { token: m.token, body });
    const secret = (await connect({ password: m.password })).json().secret as string;
    const code = () => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
    expect((await connect({ code: await code() })).statusCode).toBe(200);
    clock.advance(31_000);
    const right = await code();
    const wrong = right === '000000' ? '111111' : '000000';
    const email = fresh(m);
    const alone = await putMe(m.token, { email, code: right });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toEqual({ old_password: [en.current_password_required] });
    const refused = await putMe(m.token, { email, old_password: m.password, code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: [en.wrong_code] });
    const res = await putMe(m.token, { email, old_password: m.password, code: right });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pending_email).toBe(email);
  });

  it('a code does not stand in for the password without two-factor on', async () => {
    const m = await member();
    const res = await putMe(m.token, { email: fresh(m), code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ old_password: [en.current_password_required] });
  });

  it('the same email (in any case) needs no password', async () => {
    const m = await member();
    const res = await putMe(m.token, { email: m.email.toUpperCase(), city: 'Kiel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pending_email).toBeUndefined();
  });
});

describe('changing the phone', () => {
  it('needs the password; then takes effect and is told to the email with an undo link', async () => {
    const m = await member();
    const phone = `+4930${String(m.id).padStart(7, '0')}`;
    const missing = await putMe(m.token, { phone });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ old_password: [en.current_password_required] });
    expect((await me(t, m.token)).body.phone).toBeNull();

    const res = await putMe(m.token, { phone, old_password: m.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.phone).toBe(phone);
    const notice = await waitForMail(t, m.email);
    expect(notice.subject).toBe(en.mail_phone_changed_subject);
    expect(notice.text).toContain(phone);

    expect((await undo(linkIn(notice.text, UNDO))).statusCode).toBe(200);
    expect((await me(t, m.token)).status).toBe(401);
    expect((await me(t, await t.login(m.email, m.password))).body.phone).toBeNull();
  });

  it('the same phone, written otherwise, needs no password', async () => {
    const m = await member();
    const phone = `+4930${String(5_000_000 + m.id)}`; // a valid Berlin number
    await t.pool.query('update users set phone = $1 where id = $2', [phone, m.id]);
    const res = await putMe(m.token, { phone: `${phone.slice(0, 5)} ${phone.slice(5)}`, city: 'Ulm' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('an admin sets a password', () => {
  it('is in the contract with the same rules as elsewhere', async () => {
    const adminToken = await t.login('admin@demo.atrium');
    const m = await makeMember(t);
    const short = await call(t, 'PUT', `/api/v1/users/${m.id}`, { token: adminToken, body: { password: 'short' } });
    expect(short.statusCode).toBe(400);
    // The demo admin reads Russian.
    expect(short.json()).toEqual({ password: [catalogues.ru.field_too_short.replace('{limit}', '8')] });
    expect((await postLogin(t, { username: m.email, password: m.password })).statusCode).toBe(200);
  });

  it("ends the user's sessions at once, and the new password signs in", async () => {
    const adminToken = await t.login('admin@demo.atrium');
    const m = await member();
    const other = await t.login(m.email, m.password);
    // Both sessions are checked and kept in the session cache.
    expect((await me(t, m.token)).status).toBe(200);
    expect((await me(t, other)).status).toBe(200);
    const res = await call(t, 'PUT', `/api/v1/users/${m.id}`, {
      token: adminToken,
      body: { password: 'admin-set-password-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(t, m.token)).status).toBe(401);
    expect((await me(t, other)).status).toBe(401);
    // The admin's own session goes on.
    expect((await me(t, adminToken)).status).toBe(200);
    expect((await postLogin(t, { username: m.email, password: 'admin-set-password-1' })).statusCode).toBe(200);
  });

  it('an edit without a password leaves the sessions alone', async () => {
    const adminToken = await t.login('admin@demo.atrium');
    const m = await member();
    const res = await call(t, 'PUT', `/api/v1/users/${m.id}`, { token: adminToken, body: { city: 'Essen' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(t, m.token)).status).toBe(200);
  });
});
