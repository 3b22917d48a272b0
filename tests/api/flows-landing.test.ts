import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { mailsTo, makeMember, waitFor, waitForMail } from '../setup/accounts';
import { addElement, heading, leadForm, makeFlow } from '../setup/flows';
import { api, type Json } from '../setup/learning';
import { createTestApp, type TestApp } from '../setup/test-app';
import { viewCounter } from '../../src/server/services/flows/views';
import { clock } from '../../src/server/clock';

let t: TestApp;
let owner: { id: number; token: string };
const en = catalogues.en;

beforeAll(async () => {
  t = await createTestApp();
  const m = await makeMember(t);
  owner = { id: m.id, token: await t.login(m.email, m.password) };
});
afterAll(async () => {
  await t.close();
});

async function publishedFlow(extra: Json[] = []): Promise<Json> {
  const flow = await makeFlow(t, owner.token, { is_published: true });
  await addElement(t, owner.token, flow.id, heading('Grow with <us> & "friends"'));
  for (const e of extra) await addElement(t, owner.token, flow.id, e);
  await addElement(t, owner.token, flow.id, leadForm());
  return flow;
}

const page = (name: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url: `/l/${name}`, headers: { 'accept-language': lang } });
const signup = (name: string, body: Json) => api(t, 'POST', `/api/landings/${name}/signup/`, { body });
/** The form token a rendered page carries in its lead form. */
const tokenIn = (html: string) => {
  const token = /<input type="hidden" name="form_token" value="([^"]+)">/.exec(html)?.[1];
  expect(token, 'the page has a form token').toBeTruthy();
  return token!;
};
const formToken = async (name: string) => tokenIn((await page(name)).body);
/** A lookup from a visitor of their own (each test its own addresses: the per-IP limit is tight). */
let visitors = 0;
const visitor = () => `198.51.100.${++visitors}`;
const lookup = (kind: 'email' | 'phone', body: Json, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/landings/validate_${kind}/`,
    payload: body,
    remoteAddress: ip,
    headers: { 'accept-language': 'en' },
  });
const stats = async (id: number) =>
  (await api(t, 'GET', `/api/user_flows/stats/${id}/?days=7`, { token: owner.token })).json();

describe('the public page', () => {
  it('renders escaped content under a strict nonce CSP, outside the login wall', async () => {
    const flow = await publishedFlow([
      {
        type: 'text',
        order: 1000,
        content: { html: '<p>See <img src=x onerror=alert(1)> <a href="javascript:alert(1)">this</a></p>' },
      },
      { type: 'button', order: 1000, content: { label: 'Sign up', link: '#form' } },
      { type: 'video', order: 1000, content: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', caption: 'Intro' } },
      {
        type: 'countdown',
        order: 1000,
        content: { target_at: '2099-01-01T00:00:00Z', title: 'Starts in', expired_text: 'Started' },
      },
    ]);
    const res = await page(flow.landing_name);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const body = res.body;
    expect(body).toContain('<h1>Grow with &lt;us&gt; &amp; &quot;friends&quot;</h1>');
    expect(body).not.toMatch(/onerror|javascript:/i);
    // Every script and style carries this response's nonce; there is no inline handler.
    expect(body.match(/<script[^>]*>/g)).toEqual([`<script nonce="${nonce}">`]);
    expect(body.match(/<style[^>]*>/g)).toEqual([`<style nonce="${nonce}">`]);
    expect(body).toContain('src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"');
    expect(body).toContain(`action="/l/${flow.landing_name}"`);
    expect(body).toContain('<label for="f-first_name">First name *</label>');
    const again = await page(flow.landing_name);
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce!);
  });

  it('shows an edit at the next visit and each language its own page, though pages are kept rendered', async () => {
    const flow = await publishedFlow();
    const first = await page(flow.landing_name);
    const nonceOf = (res: typeof first) =>
      /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
    const second = await page(flow.landing_name);
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(second.body).toContain(`<script nonce="${nonceOf(second)}">`);
    expect(second.body.split(nonceOf(second)).join('N')).toBe(first.body.split(nonceOf(first)).join('N'));
    await addElement(t, owner.token, flow.id, {
      type: 'button',
      order: 1000,
      content: { label: 'Join the course', link: '#form' },
    });
    expect((await page(flow.landing_name)).body).toContain('Join the course');
    const de = await page(flow.landing_name, 'de');
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).not.toContain('<label for="f-first_name">First name *</label>');
  });

  it('answers 404 for a draft, an unknown or a malformed name, and counts no view', async () => {
    const draft = await makeFlow(t, owner.token);
    for (const name of [draft.landing_name, 'nobody-here', '..%2F..%2Fetc']) {
      const res = await page(name);
      expect(res.statusCode, name).toBe(404);
      expect(res.body).toContain(en.landing_not_found_title);
    }
    expect((await signup(draft.landing_name, { email: 'x@example.com', form_token: 'any' })).statusCode).toBe(404);
    expect((await stats(draft.id)).views).toBe(0);
  });
});

describe('view counting', () => {
  it('counts concurrent views exactly, in batches, and skips a flow deleted before the write', async () => {
    const [kept, gone] = await Promise.all([publishedFlow(), publishedFlow()]);
    await Promise.all([...Array.from({ length: 25 }, () => page(kept.landing_name)), page(gone.landing_name)]);
    expect((await api(t, 'DELETE', `/api/user_flows/${gone.id}/`, { token: owner.token })).statusCode).toBe(200);
    await waitFor(async () => (await stats(kept.id)).views === 25, '25 views');
    await new Promise((r) => setTimeout(r, 700));
    expect((await stats(kept.id)).views).toBe(25);
    const { rows } = await t.pool.query('select count(*)::int n from flow_daily_stats where flow_id = $1', [gone.id]);
    expect(rows[0].n).toBe(0);
  });

  it('writes the batch at once when a flow in it is being deleted meanwhile', async () => {
    const [kept, gone] = await Promise.all([publishedFlow(), publishedFlow()]);
    const deleting = await t.pool.connect();
    try {
      await deleting.query('begin');
      await deleting.query('delete from flows where id = $1', [gone.id]);
      await Promise.all([page(kept.landing_name), page(gone.landing_name)]);
      const written = viewCounter(t.app.ctx).flush();
      await new Promise((r) => setTimeout(r, 200));
      await deleting.query('commit');
      await written;
    } finally {
      deleting.release();
    }
    // Not on a later retry: the first write already counts the kept flow and leaves the deleted one out.
    expect((await stats(kept.id)).views).toBe(1);
  });

  it('tries a refused batch again with the next one, three times in all', async () => {
    const [once, never] = await Promise.all([publishedFlow(), publishedFlow()]);
    const counter = viewCounter(t.app.ctx);
    const refuse = (on: boolean) =>
      t.pool.query(
        on
          ? `alter table flow_daily_stats add constraint refuse_views check (views < 0) not valid`
          : `alter table flow_daily_stats drop constraint refuse_views`,
      );
    await refuse(true);
    try {
      await page(never.landing_name);
      for (let i = 0; i < 3; i++) await counter.flush();
      await page(once.landing_name);
      await counter.flush();
    } finally {
      await refuse(false);
    }
    await counter.flush();
    // Refused once, written with the next batch; refused three times, given up.
    expect((await stats(once.id)).views).toBe(1);
    expect((await stats(never.id)).views).toBe(0);
  });
});

describe('lead form', () => {
  it('validates email and phone for a visitor of a published page, with its form token, in the spec texts, never saying whether an account has them', async () => {
    const flow = await publishedFlow();
    const res = await page(flow.landing_name);
    const form_token = tokenIn(res.body);
    // The token sits in the form as it was sent: a page kept rendered gets a fresh one at every answer.
    expect(res.body).toContain(`<input type="hidden" name="form_token" value="${form_token}">`);
    const ip = visitor();
    const at = { landing_name: flow.landing_name, form_token };
    const email = async (v: string) => (await lookup('email', { email: v, ...at }, ip)).json();
    const phone = async (v: string) => (await lookup('phone', { phone: v, ...at }, ip)).json();
    expect(await email('fresh-1@example.com')).toEqual({ valid: true });
    expect(await email('member@demo.atrium')).toEqual({ valid: true });
    expect(await email('not-an-email')).toEqual({ email: [en.email_invalid] });
    await t.pool.query(`update users set phone = '+4930123456' where id = $1`, [owner.id]);
    expect(await phone('+49 30 123456')).toEqual({ valid: true });
    expect(await phone('12ab')).toEqual({ phone: [en.phone_incorrect] });
    expect(await phone('+49 30 654321')).toEqual({ valid: true });
  });

  it('refuses lookups without a landing, for a made-up or draft one, without its form token or with an expired or forged one, telling nothing', async () => {
    const [flow, elsewhere] = await Promise.all([publishedFlow(), publishedFlow()]);
    const draft = await makeFlow(t, owner.token);
    const token = await formToken(flow.landing_name);
    const [id, exp, mac] = token.split('.') as [string, string, string];
    const forged = [
      `${id}.${exp}.${'A'.repeat(22)}`,
      `${id}.${Number(exp) + 3600}.${mac}`,
      `${elsewhere.id}.${exp}.${mac}`,
      'not-a-token',
    ];
    const expired = { detail: en.landing_form_expired, code: 'landing_form_expired' };
    const missing = { detail: en.not_found, code: 'not_found' };
    const cases: Array<[Json, number, Json]> = [
      [{}, 400, { landing_name: [en.field_required], form_token: [en.field_required] }],
      [{ form_token: token }, 400, { landing_name: [en.field_required] }],
      [{ landing_name: flow.landing_name }, 400, { form_token: [en.field_required] }],
      [{ landing_name: 'nobody-here', form_token: token }, 404, missing],
      [{ landing_name: draft.landing_name, form_token: token }, 404, missing],
      [{ landing_name: elsewhere.landing_name, form_token: token }, 403, expired],
      ...forged.map((form_token): [Json, number, Json] => [
        { landing_name: flow.landing_name, form_token },
        403,
        expired,
      ]),
    ];
    for (const [extra, status, body] of cases) {
      const ip = visitor();
      // A taken and a free address get the same answer: nothing is told about either.
      for (const address of ['member@demo.atrium', 'nobody-knows@example.com']) {
        const res = await lookup('email', { email: address, ...extra }, ip);
        expect(res.statusCode, JSON.stringify(extra)).toBe(status);
        expect(res.json(), JSON.stringify(extra)).toEqual(body);
      }
      const res = await lookup('phone', { phone: '+49 30 123456', ...extra }, ip);
      expect(res.statusCode, JSON.stringify(extra)).toBe(status);
      expect(res.json()).toEqual(body);
    }
    // The page's own token works until it expires (60 minutes), then it is refused like a forged one.
    const ok = visitor();
    const at = { landing_name: flow.landing_name, form_token: token };
    expect((await lookup('email', { email: 'member@demo.atrium', ...at }, ok)).json()).toEqual({ valid: true });
    clock.advance(59 * 60_000);
    try {
      expect((await lookup('email', { email: 'member@demo.atrium', ...at }, ok)).json()).toEqual({ valid: true });
      clock.advance(2 * 60_000);
      const late = await lookup('email', { email: 'member@demo.atrium', ...at }, ok);
      expect(late.statusCode).toBe(403);
      expect(late.json()).toEqual(expired);
      // A page rendered now carries a token that works now.
      const fresh = { landing_name: flow.landing_name, form_token: await formToken(flow.landing_name) };
      expect((await lookup('email', { email: 'member@demo.atrium', ...fresh }, ok)).json()).toEqual({ valid: true });
    } finally {
      clock.reset();
    }
  });

  it('limits lookups per visitor and per landing, whatever the addresses', async () => {
    const [flow, other] = await Promise.all([publishedFlow(), publishedFlow()]);
    const at = { landing_name: flow.landing_name, form_token: await formToken(flow.landing_name) };
    // One visitor: 20 a minute.
    const one = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push(
        (
          await lookup(
            i % 2 ? 'email' : 'phone',
            i % 2 ? { email: `x${i}@example.com`, ...at } : { phone: `+49 30 9${i}0000`, ...at },
            one,
          )
        ).statusCode,
      );
    // Email and phone are counted apart, 11 each of 22: all answered.
    expect(statuses).toEqual(Array(22).fill(200));
    for (let i = 0; i < 9; i++)
      expect((await lookup('email', { email: `y${i}@example.com`, ...at }, one)).statusCode).toBe(200);
    const throttled = await lookup('email', { email: 'z@example.com', ...at }, one);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'throttled' });
    // Many visitors of one landing: 120 a minute in all, then refused for every visitor of it.
    const answers: number[] = [];
    for (let v = 0; v < 7; v++) {
      const ip = visitor();
      for (let i = 0; i < 18; i++)
        answers.push((await lookup('email', { email: `v${v}-${i}@example.com`, ...at }, ip)).statusCode);
    }
    // The first visitor's 20 answered email lookups above count for the landing too (the refused one not).
    expect(answers.slice(0, 100)).toEqual(Array(100).fill(200));
    expect(answers.slice(100)).toEqual(Array(26).fill(429));
    // Another landing is not held up by this one.
    const elsewhere = { landing_name: other.landing_name, form_token: await formToken(other.landing_name) };
    expect((await lookup('email', { email: 'w@example.com', ...elsewhere }, visitor())).json()).toEqual({
      valid: true,
    });
  });

  it('signs a visitor up as a waiting lead of the owner, in one transaction with the history and the count', async () => {
    const flow = await publishedFlow();
    const form_token = tokenIn((await page(flow.landing_name)).body);
    await waitFor(async () => (await stats(flow.id)).views === 1, 'the view to be counted');

    const missing = await signup(flow.landing_name, { email: '', form_token });
    expect(missing.json()).toEqual({ first_name: [en.field_required], email: [en.field_required] });
    // An address that has an account gets the sign-up's own answer (its holder is mailed), and no lead.
    const dup = await signup(flow.landing_name, { first_name: 'Eve', email: 'member@demo.atrium', form_token });
    expect(dup.statusCode).toBe(201);
    expect(dup.json()).toEqual({ detail: 'Welcome aboard!' });
    expect((await stats(flow.id)).signups).toBe(0);

    const ok = await signup(flow.landing_name, {
      first_name: 'Eve',
      email: 'eve.lead@example.com',
      phone: '+49 170 1234567',
      city: 'ignored',
      form_token,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({ detail: 'Welcome aboard!' });
    const { rows } = await t.pool.query(
      `select role, lead_status, referrer_id, first_name, city, phone, password_hash from users where email = 'eve.lead@example.com'`,
    );
    expect(rows[0]).toEqual({
      role: 'member',
      lead_status: 'waiting',
      referrer_id: owner.id,
      first_name: 'Eve',
      city: '',
      phone: '+491701234567',
      password_hash: null,
    });
    const log = await t.pool.query(
      `select details from action_logs where kind = 'lead_created' and details->>'source' = 'landing' and (details->>'flow_id')::int = $1`,
      [flow.id],
    );
    expect(log.rows).toHaveLength(1);
    expect(await stats(flow.id)).toMatchObject({ views: 1, signups: 1, conversion: 100 });
    const s = await stats(flow.id);
    expect(s.days).toHaveLength(7);
    expect(s.days.at(-1)).toMatchObject({ views: 1, signups: 1 });
    const listed = (await api(t, 'GET', '/api/user_flows/', { token: owner.token }))
      .json()
      .find((f: Json) => f.id === flow.id);
    expect(listed.stats).toEqual({ views: 1, signups: 1, conversion: 100 });

    // The same email again (and at the same time) gets the same answer; only one user exists.
    const twice = await Promise.all(
      [1, 2].map(() => signup(flow.landing_name, { first_name: 'Eve', email: 'EVE.lead@example.com', form_token })),
    );
    expect(twice.map((r) => [r.statusCode, r.json()])).toEqual(Array(2).fill([201, { detail: 'Welcome aboard!' }]));
    expect(
      (await t.pool.query(`select count(*)::int n from users where email = 'eve.lead@example.com'`)).rows[0].n,
    ).toBe(1);
    expect((await stats(flow.id)).signups).toBe(1);
  });

  it('concurrent sign-ups with one new email create exactly one lead', async () => {
    const flow = await publishedFlow();
    const form_token = await formToken(flow.landing_name);
    const res = await Promise.all(
      [1, 2, 3].map(() => signup(flow.landing_name, { first_name: 'Race', email: 'race@example.com', form_token })),
    );
    // Each is answered alike, the ones that lost the race too.
    expect(res.map((r) => [r.statusCode, r.json()])).toEqual(Array(3).fill([201, { detail: 'Welcome aboard!' }]));
    expect((await t.pool.query(`select count(*)::int n from users where email = 'race@example.com'`)).rows[0].n).toBe(
      1,
    );
    expect((await stats(flow.id)).signups).toBe(1);
  });

  it("signs up only with the form token of that landing's page, unexpired; a refused one creates nobody", async () => {
    const [flow, other] = await Promise.all([publishedFlow(), publishedFlow()]);
    const send = (body: Json) =>
      t.app.inject({
        method: 'POST',
        url: `/api/landings/${flow.landing_name}/signup/`,
        payload: body,
        remoteAddress: '203.0.113.20',
        headers: { 'accept-language': 'en' },
      });
    const fields = { first_name: 'Tok', email: 'token-lead@example.com' };
    const form_token = await formToken(flow.landing_name);
    const [id, exp, mac] = form_token.split('.') as [string, string, string];
    expect((await send(fields)).json()).toEqual({ form_token: [en.field_required] });
    for (const bad of [
      await formToken(other.landing_name),
      `${id}.${Number(exp) + 60}.${mac}`,
      `${id}.${exp}.${'B'.repeat(22)}`,
    ]) {
      const res = await send({ ...fields, form_token: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ detail: en.landing_form_expired, code: 'landing_form_expired' });
    }
    clock.advance(61 * 60_000);
    try {
      expect((await send({ ...fields, form_token })).statusCode).toBe(403);
    } finally {
      clock.reset();
    }
    expect(
      (await t.pool.query(`select count(*)::int n from users where email = 'token-lead@example.com'`)).rows[0].n,
    ).toBe(0);
    expect((await stats(flow.id)).signups).toBe(0);
    expect((await send({ ...fields, form_token })).statusCode).toBe(201);
  });

  it('works without JavaScript: a form post re-renders the page with errors or the success text', async () => {
    const flow = await publishedFlow();
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/l/${flow.landing_name}`,
        // A visitor of their own: the form post and the API signup share one per-IP limit, which the
        // tests above have used up.
        remoteAddress: '203.0.113.7',
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'de' },
      });
    // Without the page's token (or with a stale one) the page comes again, what was typed kept, with a fresh token.
    const stale = await post({ first_name: 'Nojs', email: 'nojs@example.com' });
    expect(stale.statusCode).toBe(403);
    expect(stale.body).toContain(catalogues.de.landing_form_expired);
    expect(stale.body).toContain('value="nojs@example.com"');
    const form_token = tokenIn(stale.body);
    const bad = await post({ first_name: '<b>Mal</b>', email: 'nope', form_token });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(catalogues.de.email_invalid);
    expect(bad.body).toContain('value="&lt;b&gt;Mal&lt;/b&gt;"');
    const good = await post({ first_name: 'Nojs', email: 'nojs@example.com', form_token: tokenIn(bad.body) });
    expect(good.statusCode).toBe(201);
    expect(good.body).toContain('Welcome aboard!');
    expect(good.body).not.toContain('<form');
  });

  it("makes the lead a contact of the owner ('From funnels', the funnel's name as source) and mails the visitor in the page's language", async () => {
    const flow = await makeFlow(t, owner.token, { is_published: true, name: 'Spring webinar' });
    await addElement(t, owner.token, flow.id, leadForm());
    const send = (body: Json, lang: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/landings/${flow.landing_name}/signup/`,
        payload: body,
        remoteAddress: '203.0.113.31',
        headers: { 'accept-language': lang },
      });
    const form_token = await formToken(flow.landing_name);
    const res = await send({ first_name: 'Lena', email: 'lena.funnel@example.com', form_token }, 'de');
    expect(res.statusCode, res.body).toBe(201);

    const contacts = (await api(t, 'GET', '/api/contacts/?search=lena.funnel', { token: owner.token })).json();
    expect(contacts.results).toHaveLength(1);
    const contact = contacts.results[0];
    expect(contact).toMatchObject({ first_name: 'Lena', email: 'lena.funnel@example.com', source: 'Spring webinar' });
    const categories = (await api(t, 'GET', '/api/contacts/category', { token: owner.token })).json<Json[]>();
    const funnels = categories.filter((c) => c.name === en.contact_category_funnels);
    expect(funnels).toHaveLength(1);
    expect(contact.categories).toEqual([funnels[0]!.id]);

    const mail = await waitForMail(t, 'lena.funnel@example.com');
    expect(mail.subject).toBe(catalogues.de.mail_landing_signup_subject);
    expect(mail.text).toContain('Lena');
    expect(mail.text).toContain(`/l/${flow.landing_name}`);

    // The same visitor again: the same answer, nothing new is made; the account's holder is told by mail,
    // in the account's language (the page's when she signed up).
    const again = await send({ first_name: 'Lena', email: 'lena.funnel@example.com', form_token }, 'en');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(res.json());
    const told = await waitFor(
      async () =>
        (await mailsTo(t, 'lena.funnel@example.com')).find(
          (m) => m.subject === catalogues.de.mail_signup_attempt_subject,
        ),
      'the mail about the second sign-up',
    );
    expect(told.text).toContain(catalogues.de.mail_signup_attempt_email_text);
    // A second lead finds the owner's category again, however it was renamed.
    const renamed = await api(t, 'PUT', `/api/contacts/category/${String(funnels[0]!.id)}/`, {
      token: owner.token,
      body: { name: 'Webinar leads' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await send({ first_name: 'Max', email: 'max.funnel@example.com', form_token }, 'en')).statusCode).toBe(201);
    const max = (await api(t, 'GET', '/api/contacts/?search=max.funnel', { token: owner.token })).json().results[0];
    expect(max.categories).toEqual([funnels[0]!.id]);
    expect((await mailsTo(t, 'lena.funnel@example.com')).length).toBe(2);
  });
});
