import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../setup/test-app';
import { call, mailsTo, me, postLogin, tokenOf, userId, waitForMail, type Json } from '../setup/accounts';

const en = catalogues.en;
let t: TestApp;
let memberPromo: string;
let memberId: number;

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('member@demo.atrium');
  memberPromo = (await me(t, token)).body.promo_code;
  memberId = await userId(t, 'member@demo.atrium');
});
afterAll(async () => {
  await t.close();
});

const register = (body: Json, headers: Record<string, string> = {}) =>
  call(t, 'POST', '/api/accounts/register/', { body, headers });

const newcomer = (email: string, extra: Json = {}) => ({
  email,
  password: 'new-password-1',
  first_name: 'Nina',
  last_name: 'Neu',
  time_zone: 'America/New_York',
  ...extra,
});

const ACTIVATION_LINK = /\/email-required\?token=([^"&\s<]+)/;

describe('registration without a promo code', () => {
  const email = 'nina@test.atrium';
  let activationToken: string;

  it('answers 200 with a detail and no token', async () => {
    const res = await register(newcomer(email, { phone: '+49 (30) 555-0101' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: en.activation_sent });
  });

  it('stores the user unactivated, as a waiting lead, without a referrer', async () => {
    const { rows } = await t.pool.query(
      'select email_activation, lead_status, referrer_id, phone, first_name, role, password_hash from users where email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email_activation: false,
      lead_status: 'waiting',
      referrer_id: null,
      phone: '+49305550101',
      first_name: 'Nina',
      role: 'member',
    });
    // Only a hash is kept.
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it('does not log in before the email is activated', async () => {
    const res = await postLogin(t, { username: email, password: 'new-password-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email_activation_required: true });
    expect(
      await t.pool.query('select 1 from sessions s join users u on u.id = s.user_id where u.email = $1', [email]),
    ).toMatchObject({
      rowCount: 0,
    });
  });

  it('mails an activation link, in text and html', async () => {
    const mail = await waitForMail(t, email);
    expect(mail.subject).toBe(en.mail_activation_subject);
    const fromText = tokenOf(mail.text, ACTIVATION_LINK);
    const fromHtml = tokenOf(mail.html, ACTIVATION_LINK);
    expect(fromText).toBe(fromHtml);
    expect(fromText.length).toBeGreaterThanOrEqual(40);
    expect(mail.text).toContain(`${t.config.publicUrl}/email-required?token=`);
    expect(mail.html).toContain('Nina');
    activationToken = fromText;
  });

  it('activates with the mailed token and logs in', async () => {
    const res = await call(t, 'POST', '/api/accounts/activate/', { body: { token: activationToken } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ email, email_activation: true, role: 'member', first_name: 'Nina' });

    const profile = await me(t, body.token);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email, email_activation: true });
    // Now the password login works too.
    const login = await postLogin(t, { username: email, password: 'new-password-1' });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toEqual(expect.any(String));
  });

  it('refuses the same activation token a second time, saying the email is already confirmed', async () => {
    const res = await call(t, 'POST', '/api/accounts/activate/', { body: { token: activationToken } });
    expect(res.statusCode).toBe(400);
    // Not "Link has expired" over "not activated" (issue #40, 17): the link did its work.
    expect(res.json()).toEqual({ email_activation: [en.email_already_confirmed] });
  });

  it('refuses an unknown activation token', async () => {
    const res = await call(t, 'POST', '/api/accounts/activate/', { body: { token: 'not-a-real-token' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: [en.link_expired] });
  });
});

describe('registration with a promo code', () => {
  it('makes the promo code owner the referrer', async () => {
    expect(memberPromo).toMatch(/^[A-Z0-9]{8}$/);
    const res = await register(newcomer('invited@test.atrium', { promo: memberPromo }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: en.activation_sent });
    const { rows } = await t.pool.query('select referrer_id, email_activation from users where email = $1', [
      'invited@test.atrium',
    ]);
    expect(rows[0]).toEqual({ referrer_id: memberId, email_activation: false });
  });

  it('comes in as a lead: the history says so and the waiting leads show it as a registration', async () => {
    const invited = await userId(t, 'invited@test.atrium');
    const { rows } = await t.pool.query(
      `select details from action_logs where subject_id = $1 and kind = 'lead_created'`,
      [invited],
    );
    expect(rows).toEqual([{ details: { source: 'registration', referrer_id: memberId } }]);
    const admin = await t.login('admin@demo.atrium');
    const res = await call(t, 'POST', `/api/team/get_waiting_users/?id=${String(invited)}`, { token: admin });
    expect(res.json()).toMatchObject({
      count: 1,
      results: [{ id: invited, source_kind: 'registration', source: null }],
    });
  });

  it('accepts the promo code in lower case too', async () => {
    const res = await register(newcomer('invited2@test.atrium', { promo: memberPromo.toLowerCase() }));
    expect(res.statusCode).toBe(200);
    const { rows } = await t.pool.query('select referrer_id from users where email = $1', ['invited2@test.atrium']);
    expect(rows[0].referrer_id).toBe(memberId);
  });

  it('refuses an unknown promo code with the combined message', async () => {
    const res = await register(newcomer('nopromo@test.atrium', { promo: 'NOSUCHCODE' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Error, email is in use or promo code is not available'] });
    const { rowCount } = await t.pool.query('select 1 from users where email = $1', ['nopromo@test.atrium']);
    expect(rowCount).toBe(0);
  });

  it('answers a taken email with a valid promo as a new one, and creates nothing (tests/api/account-oracle.test.ts)', async () => {
    const res = await register(newcomer('member@demo.atrium', { promo: memberPromo }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: en.activation_sent });
    const { rows } = await t.pool.query(`select first_name from users where email = 'member@demo.atrium'`);
    expect(rows).toEqual([{ first_name: 'Maria' }]);
  });
});

describe('the activation mail', () => {
  it('escapes the name in its html', async () => {
    const email = 'markup@test.atrium';
    const res = await register(newcomer(email, { first_name: '<img src=x onerror=alert(1)>', language: 'de' }));
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(t, email);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // In the language chosen at registration.
    expect(mail.subject).toBe(catalogues.de.mail_activation_subject);
  });
});

describe('registration errors', () => {
  it('answers a taken email (without a promo) as a new one, case-insensitively', async () => {
    const res = await register(newcomer('Member@Demo.Atrium'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: en.activation_sent });
    expect((await t.pool.query(`select 1 from users where email = 'member@demo.atrium'`)).rowCount).toBe(1);
  });

  it('says a bad phone is incorrect', async () => {
    const res = await register(newcomer('badphone@test.atrium', { phone: '12ab' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ phone: ['Phone is incorrect'] });
  });

  it('does not say that a phone is in use: the account is made without it', async () => {
    const res = await register(newcomer('samephone@test.atrium', { phone: '+49301234003' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: en.activation_sent });
    const { rows } = await t.pool.query(`select phone from users where email = 'samephone@test.atrium'`);
    expect(rows).toEqual([{ phone: null }]);
  });

  it('checks the fields by the contract', async () => {
    const res = await register({ email: 'not-an-email', password: 'short', first_name: '', last_name: 'X' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.email).toEqual([en.email_invalid]);
    expect(body.password).toEqual([en.field_too_short.replace('{limit}', '8')]);
    expect(body.first_name).toEqual([en.field_empty]);
  });

  it('answers in the language asked for', async () => {
    const res = await register(newcomer('promo-de@test.atrium', { promo: 'NOSUCHCODE' }), { 'accept-language': 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [catalogues.de.register_failed] });
  });
});

describe('resending the activation mail', () => {
  const resend = (email: string) => call(t, 'POST', '/api/accounts/activation/resend/', { body: { email } });

  it('answers the same for unknown, activated and waiting accounts; mails only the waiting one', async () => {
    const email = 'waiting@test.atrium';
    expect((await register(newcomer(email))).statusCode).toBe(200);
    const first = await waitForMail(t, email, 1);
    const memberMailsBefore = (await mailsTo(t, 'member@demo.atrium')).length;

    const unknown = await resend('nobody@test.atrium');
    const activated = await resend('member@demo.atrium');
    const waiting = await resend(email);
    for (const res of [unknown, activated, waiting]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: en.activation_sent });
    }

    const second = await waitForMail(t, email, 2);
    expect(second.id).toBeGreaterThan(first.id);
    // Give a stray mail the same time to show up, then count.
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(t, 'nobody@test.atrium')).toHaveLength(0);
    expect(await mailsTo(t, 'member@demo.atrium')).toHaveLength(memberMailsBefore);
    expect(await mailsTo(t, email)).toHaveLength(2);

    // The new link replaces the old one.
    const oldToken = tokenOf(first.text, ACTIVATION_LINK);
    const newToken = tokenOf(second.text, ACTIVATION_LINK);
    expect(newToken).not.toBe(oldToken);
    const old = await call(t, 'POST', '/api/accounts/activate/', { body: { token: oldToken } });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ token: [en.link_expired] });
    const fresh = await call(t, 'POST', '/api/accounts/activate/', { body: { token: newToken } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user).toMatchObject({ email, email_activation: true });

    // Once activated, no more activation mails.
    expect((await resend(email)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(t, email)).toHaveLength(2);
  });

  it('the demo password still logs the member in (nothing above touched it)', async () => {
    const res = await postLogin(t, { username: 'member@demo.atrium', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
  });
});
