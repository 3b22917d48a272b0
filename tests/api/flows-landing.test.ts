import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { makeMember, waitFor } from '../setup/accounts';
import { addElement, heading, leadForm, makeFlow } from '../setup/flows';
import { api, type Json } from '../setup/learning';
import { createTestApp, type TestApp } from '../setup/test-app';
import { viewCounter } from '../../src/server/services/flows/views';

let t: TestApp;
let owner: { id: number; token: string };
const en = catalogues.en;

beforeAll(async () => {
  t = await createTestApp();
  const m = await makeMember(t);
  owner = { id: m.id, token: await t.login(m.email, m.password) };
});
afterAll(async () => {
  await t?.close();
});

async function publishedFlow(extra: Json[] = []): Promise<Json> {
  const flow = await makeFlow(t, owner.token, { is_published: true });
  await addElement(t, owner.token, flow.id, heading('Grow with <us> & "friends"'));
  for (const e of extra) await addElement(t, owner.token, flow.id, e);
  await addElement(t, owner.token, flow.id, leadForm());
  return flow;
}

const page = (name: string, lang = 'en') => t.app.inject({ method: 'GET', url: `/l/${name}`, headers: { 'accept-language': lang } });
const signup = (name: string, body: Json) => api(t, 'POST', `/api/landings/${name}/signup/`, { body });
const stats = async (id: number) => (await api(t, 'GET', `/api/user_flows/stats/${id}/?days=7`, { token: owner.token })).json();

describe('the public page', () => {
  it('renders escaped content under a strict nonce CSP, outside the login wall', async () => {
    const flow = await publishedFlow([
      { type: 'text', order: 1000, content: { html: '<p>See <img src=x onerror=alert(1)> <a href="javascript:alert(1)">this</a></p>' } },
      { type: 'button', order: 1000, content: { label: 'Sign up', link: '#form' } },
      { type: 'video', order: 1000, content: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', caption: 'Intro' } },
      { type: 'countdown', order: 1000, content: { target_at: '2099-01-01T00:00:00Z', title: 'Starts in', expired_text: 'Started' } },
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
    const nonceOf = (res: typeof first) => /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
    const second = await page(flow.landing_name);
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(second.body).toContain(`<script nonce="${nonceOf(second)}">`);
    expect(second.body.split(nonceOf(second)).join('N')).toBe(first.body.split(nonceOf(first)).join('N'));
    await addElement(t, owner.token, flow.id, { type: 'button', order: 1000, content: { label: 'Join the course', link: '#form' } });
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
    expect((await signup(draft.landing_name, { email: 'x@example.com' })).statusCode).toBe(404);
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
  it('validates email and phone publicly with the spec texts', async () => {
    const email = (v: string) => api(t, 'POST', '/api/landings/validate_email/', { body: { email: v } });
    const phone = (v: string) => api(t, 'POST', '/api/landings/validate_phone/', { body: { phone: v } });
    expect((await email('fresh-1@example.com')).json()).toEqual({ valid: true });
    expect((await email('member@demo.atrium')).json()).toEqual({ email: [en.email_in_use] });
    expect((await email('not-an-email')).json()).toEqual({ email: [en.email_invalid] });
    await t.pool.query(`update users set phone = '+4930123456' where id = $1`, [owner.id]);
    expect((await phone('+49 30 123456')).json()).toEqual({ phone: [en.phone_in_use] });
    expect((await phone('12ab')).json()).toEqual({ phone: [en.phone_incorrect] });
    expect((await phone('+49 30 654321')).json()).toEqual({ valid: true });
  });

  it('signs a visitor up as a waiting lead of the owner, in one transaction with the history and the count', async () => {
    const flow = await publishedFlow();
    await page(flow.landing_name);
    await waitFor(async () => (await stats(flow.id)).views === 1, 'the view to be counted');

    const missing = await signup(flow.landing_name, { email: '' });
    expect(missing.json()).toEqual({ first_name: [en.field_required], email: [en.field_required] });
    const dup = await signup(flow.landing_name, { first_name: 'Eve', email: 'member@demo.atrium' });
    expect(dup.json()).toEqual({ email: [en.email_in_use] });

    const ok = await signup(flow.landing_name, { first_name: 'Eve', email: 'eve.lead@example.com', phone: '+49 170 1234567', city: 'ignored' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({ detail: 'Welcome aboard!' });
    const { rows } = await t.pool.query(
      `select role, lead_status, referrer_id, first_name, city, phone, password_hash from users where email = 'eve.lead@example.com'`,
    );
    expect(rows[0]).toEqual({ role: 'member', lead_status: 'waiting', referrer_id: owner.id, first_name: 'Eve', city: '', phone: '+491701234567', password_hash: null });
    const log = await t.pool.query(`select details from action_logs where kind = 'lead_created' and details->>'source' = 'landing' and (details->>'flow_id')::int = $1`, [flow.id]);
    expect(log.rows).toHaveLength(1);
    expect(await stats(flow.id)).toMatchObject({ views: 1, signups: 1, conversion: 100 });
    const s = await stats(flow.id);
    expect(s.days).toHaveLength(7);
    expect(s.days.at(-1)).toMatchObject({ views: 1, signups: 1 });
    const listed = (await api(t, 'GET', '/api/user_flows/', { token: owner.token })).json().find((f: Json) => f.id === flow.id);
    expect(listed.stats).toEqual({ views: 1, signups: 1, conversion: 100 });

    // The same email again (and at the same time) is refused; only one user exists.
    const twice = await Promise.all([1, 2].map(() => signup(flow.landing_name, { first_name: 'Eve', email: 'EVE.lead@example.com' })));
    expect(twice.map((r) => r.statusCode)).toEqual([400, 400]);
    expect((await t.pool.query(`select count(*)::int n from users where email = 'eve.lead@example.com'`)).rows[0].n).toBe(1);
    expect((await stats(flow.id)).signups).toBe(1);
  });

  it('concurrent sign-ups with one new email create exactly one lead', async () => {
    const flow = await publishedFlow();
    const res = await Promise.all([1, 2, 3].map(() => signup(flow.landing_name, { first_name: 'Race', email: 'race@example.com' })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(res.filter((r) => r.statusCode === 400).map((r) => r.json())).toEqual([{ email: [en.email_in_use] }, { email: [en.email_in_use] }]);
    expect((await stats(flow.id)).signups).toBe(1);
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
    const bad = await post({ first_name: '<b>Mal</b>', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(catalogues.de.email_invalid);
    expect(bad.body).toContain('value="&lt;b&gt;Mal&lt;/b&gt;"');
    const good = await post({ first_name: 'Nojs', email: 'nojs@example.com' });
    expect(good.statusCode).toBe(201);
    expect(good.body).toContain('Welcome aboard!');
    expect(good.body).not.toContain('<form');
  });
});
