import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { makeMember, mailsTo, waitFor, type Json } from '../setup/accounts';
import { addElement, leadForm, makeFlow } from '../setup/flows';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * No public call tells whether an email or phone has an account (issue #37): the landing's field
 * checks, its sign-up (API and the form posted without JavaScript) and registration answer a held
 * address exactly as a new one, and the account's holder gets a mail in their language instead.
 */
let t: TestApp;
let flow: Json;
let ips = 0;
/** Each call from an address of its own: the per-address limits are not what is tested here. */
const ip = () => `198.51.100.${String(++ips)}`;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeMember(t);
  const token = await t.login(owner.email, owner.password);
  flow = await makeFlow(t, token, { is_published: true });
  await addElement(
    t,
    token,
    flow.id,
    leadForm(1000, [
      { name: 'first_name', required: true },
      { name: 'email', required: false },
      { name: 'phone', required: false },
    ]),
  );
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: Json, lang = 'en') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip(), headers: { 'accept-language': lang } });
const formToken = async () => {
  const page = await t.app.inject({ method: 'GET', url: `/l/${String(flow.landing_name)}` });
  return /name="form_token" value="([^"]+)"/.exec(page.body)![1]!;
};
/** A member whose account holds this phone (and an email of its own), in the given language. */
async function holder(language: 'ru' | 'en' | 'de', phone?: string) {
  const m = await makeMember(t, { language });
  if (phone) await t.pool.query('update users set phone = $1 where id = $2', [phone, m.id]);
  return m;
}
const answer = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: res.body });
const attemptMail = (email: string, lang: 'ru' | 'en' | 'de') =>
  waitFor(
    async () => (await mailsTo(t, email)).find((m) => m.subject === catalogues[lang].mail_signup_attempt_subject),
    `the sign-up attempt mail to ${email}`,
  );
const usersWith = async (column: 'email' | 'phone', value: string) =>
  (await t.pool.query(`select id from users where ${column} = $1`, [value])).rowCount;

describe('the landing page', () => {
  it("answers a held email's and phone's field checks as a new one's", async () => {
    const known = await holder('en', '+4915112345601');
    const at = { landing_name: flow.landing_name, form_token: await formToken() };
    const email = async (v: string) => answer(await post('/api/landings/validate_email/', { email: v, ...at }));
    const phone = async (v: string) => answer(await post('/api/landings/validate_phone/', { phone: v, ...at }));
    expect(await email(known.email)).toEqual(await email('nobody-1@example.com'));
    expect(await phone('+49 151 12345601')).toEqual(await phone('+49 151 12345699'));
  });

  it("signs up a held email as a new one (the same status and body) and mails the holder in the account's language", async () => {
    const known = await holder('de');
    const form_token = await formToken();
    const signup = (email: string) =>
      post(`/api/landings/${String(flow.landing_name)}/signup/`, { first_name: 'Ida', email, form_token });
    const held = await signup(known.email);
    const fresh = await signup('ida-new@example.com');
    expect(answer(held)).toEqual(answer(fresh));
    expect(held.statusCode).toBe(201);
    const mail = await attemptMail(known.email, 'de');
    expect(mail.text).toContain(catalogues.de.mail_signup_attempt_email_text);
    expect(mail.text).toContain('/login');
    // Nothing was made for the held address; the new one is a lead.
    expect(await usersWith('email', known.email)).toBe(1);
    expect(await usersWith('email', 'ida-new@example.com')).toBe(1);
  });

  it("signs up a held phone as a new one, leaves it out of the new lead and mails the phone's holder", async () => {
    const known = await holder('ru', '+4915112345602');
    const form_token = await formToken();
    const signup = (body: Json) =>
      post(`/api/landings/${String(flow.landing_name)}/signup/`, { first_name: 'Ole', form_token, ...body });
    const held = await signup({ email: 'ole-1@example.com', phone: '+49 151 12345602' });
    const fresh = await signup({ email: 'ole-2@example.com', phone: '+49 151 12345603' });
    expect(answer(held)).toEqual(answer(fresh));
    // The phone as the only contact: the same again, and nobody is made.
    const only = await signup({ phone: '+49 151 12345602' });
    expect(answer(only)).toEqual(answer(fresh));
    expect(await usersWith('phone', '+4915112345602')).toBe(1);
    const { rows } = await t.pool.query(`select phone from users where email = 'ole-1@example.com'`);
    expect(rows).toEqual([{ phone: null }]);
    const mail = await attemptMail(known.email, 'ru');
    expect(mail.text).toContain(catalogues.ru.mail_signup_attempt_phone_text);
  });

  it('answers the form posted without JavaScript alike for a held and a new email', async () => {
    const known = await holder('en');
    const send = async (email: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/l/${String(flow.landing_name)}`,
        remoteAddress: ip(),
        payload: new URLSearchParams({ first_name: 'Nojs', email, form_token: await formToken() }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      });
      // Each page has a nonce of its own.
      return { status: res.statusCode, body: res.body.replace(/nonce="[^"]+"/g, 'nonce') };
    };
    const held = await send(known.email);
    expect(held).toEqual(await send('nojs-new@example.com'));
    expect(held.status).toBe(201);
    await attemptMail(known.email, 'en');
  });
});

describe('registration', () => {
  const register = (body: Json, lang = 'en') =>
    post(
      '/api/accounts/register/',
      { password: 'new-password-1', first_name: 'Nina', last_name: 'Neu', time_zone: 'Europe/Berlin', ...body },
      lang,
    );

  it('answers a held email as a new one and mails the holder, in each of ru, en and de', async () => {
    for (const lang of ['ru', 'en', 'de'] as const) {
      const known = await holder(lang);
      const held = await register({ email: known.email }, 'en');
      const fresh = await register({ email: `reg-${lang}@example.com` }, 'en');
      expect(answer(held)).toEqual(answer(fresh));
      expect(held.statusCode).toBe(200);
      const mail = await attemptMail(known.email, lang);
      expect(mail.text).toContain(catalogues[lang].mail_signup_attempt_email_text);
      // The holder's password and name stay as they were; no activation mail goes to them.
      expect((await mailsTo(t, known.email)).map((m) => m.subject)).toEqual([
        catalogues[lang].mail_signup_attempt_subject,
      ]);
    }
  });

  it("answers a held phone as a new one, makes the account without it and mails the phone's holder", async () => {
    const known = await holder('en', '+4915112345604');
    const held = await register({ email: 'reg-phone-1@example.com', phone: '+49 151 12345604' });
    const fresh = await register({ email: 'reg-phone-2@example.com', phone: '+49 151 12345605' });
    expect(answer(held)).toEqual(answer(fresh));
    const { rows } = await t.pool.query(`select phone from users where email = 'reg-phone-1@example.com'`);
    expect(rows).toEqual([{ phone: null }]);
    expect(await usersWith('phone', '+4915112345604')).toBe(1);
    const mail = await attemptMail(known.email, 'en');
    expect(mail.text).toContain(catalogues.en.mail_signup_attempt_phone_text);
  });

  it('mails a holder at most three times an hour, however often someone tries', async () => {
    const known = await holder('en');
    for (let i = 0; i < 5; i++) expect((await register({ email: known.email })).statusCode).toBe(200);
    await attemptMail(known.email, 'en');
    // The mailer sends after the answer: give the last ones time to arrive if they were (wrongly) sent.
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(t, known.email)).toHaveLength(3);
  });
});
