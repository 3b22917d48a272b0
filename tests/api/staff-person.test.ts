import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { t as tr } from '../../src/server/i18n';
import { api, form, makeTag, makeUser, type Json } from '../setup/admin';
import { makeMember, mailsTo, waitForMail } from '../setup/accounts';
import { addElement, leadForm, makeFlow } from '../setup/flows';
import { createTestApp, type TestApp } from '../setup/test-app';

/** The person page's calls (issue 27): notes, donations recorded by staff, invitations, and their history. */

let t: TestApp;
let admin: string;
let boss: { id: number; token: string };
let tagId: number;
const SET_PASSWORD = /\/set-password\/([A-Za-z0-9_%-]+)/;

beforeAll(async () => {
  t = await createTestApp();
  await t.pool.query(`update users set language = 'en' where email = 'admin@demo.atrium'`);
  admin = await t.login('admin@demo.atrium');
  const b = await makeUser(t, { role: 'consultant' });
  boss = { id: b.id, token: await t.login(b.email, b.password) };
  tagId = await makeTag(t, 'Invited');
});
afterAll(async () => {
  clock.reset();
  await t.close();
});

const post = (url: string, token: string, body: unknown) => api(t, 'POST', `/api/accounts/${url}`, { token, body });
const logsAbout = async (subjectId: number) =>
  (await t.pool.query(`select kind, actor_id, details from action_logs where subject_id = $1 order by id`, [subjectId]))
    .rows as Json[];
const linkToken = (text: string) => decodeURIComponent(SET_PASSWORD.exec(text)?.[1] ?? '');

describe('notes', () => {
  it('adds a note to the timeline of a user the consultant looks after, and refuses others and empty text', async () => {
    const mine = await makeUser(t, { responsibleId: boss.id });
    const foreign = await makeUser(t);
    const ok = await post('user/add_note/', boss.token, { user_id: mine.id, text: '  Called, call back Monday  ' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({ detail: 'Note added' });
    expect(await logsAbout(mine.id)).toEqual([
      { kind: 'note_added', actor_id: boss.id, details: { text: 'Called, call back Monday' } },
    ]);
    expect((await post('user/add_note/', boss.token, { user_id: foreign.id, text: 'x' })).statusCode).toBe(403);
    expect((await post('user/add_note/', boss.token, { user_id: 999999, text: 'x' })).statusCode).toBe(404);
    const empty = await post('user/add_note/', boss.token, { user_id: mine.id, text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ text: ['This field cannot be empty'] });
    // The timeline reads it back through the history, as a sentence.
    const page = await api(t, 'POST', `/api/accounts/user/action_logs/?subject_id=${mine.id}`, { token: admin });
    expect(page.json().results[0]).toMatchObject({ kind: 'note_added', data: { text: 'Called, call back Monday' } });
    expect(page.json().results[0].description).toContain('added a note about');
  });
});

describe('recording a donation', () => {
  it('records a paid donation that counts in the user details at once, and is in the history', async () => {
    const mine = await makeUser(t, { responsibleId: boss.id });
    const res = await post('user/record_donation/', boss.token, { user_id: mine.id, amount: '25.50', comment: 'cash' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ detail: 'Donation recorded', id: expect.any(Number) });
    const { rows } = await t.pool.query(`select kind, state, amount_cents, decided_by_id from payments where id = $1`, [
      res.json().id,
    ]);
    expect(rows).toEqual([{ kind: 'donation', state: 'paid', amount_cents: 2550, decided_by_id: boss.id }]);
    const details = await post('user/details/', boss.token, { user_id: mine.id });
    expect(details.json().donations).toMatchObject({ total: '25.50', count: 1 });
    expect((await logsAbout(mine.id)).map((l) => l.kind)).toEqual(['donation_recorded']);
  });

  it('names the way it was paid in the reader language, never the raw code "staff"', async () => {
    const mine = await makeUser(t, { responsibleId: boss.id });
    await t.pool.query(`update users set language = 'de' where id = $1`, [mine.id]);
    const res = await post('user/record_donation/', boss.token, { user_id: mine.id, amount: '12.00' });
    expect(res.statusCode, res.body).toBe(201);
    // The member's own donations (German), the staff's view of them (English).
    const own = await api(t, 'GET', '/api/payments/donations/', { token: await t.login(mine.email, mine.password) });
    expect(own.json().results[0].payment_method.name).toBe('Vom Team erfasst');
    const staff = await api(t, 'POST', '/api/team/contact/get_donations/', {
      token: boss.token,
      body: { user_id: mine.id },
    });
    expect(staff.json().results[0].payment_method).toBe('Recorded by staff');
  });

  it('refuses a bad amount, a future date and a user out of reach', async () => {
    const mine = await makeUser(t, { responsibleId: boss.id });
    const bad = await post('user/record_donation/', boss.token, { user_id: mine.id, amount: '0' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['amount']);
    const future = new Date(Date.now() + 86400_000).toISOString();
    const late = await post('user/record_donation/', boss.token, { user_id: mine.id, amount: '5', paid_at: future });
    expect(late.json()).toEqual({ paid_at: ['Payment date and time is invalid'] });
    const foreign = await makeUser(t);
    expect((await post('user/record_donation/', boss.token, { user_id: foreign.id, amount: '5' })).statusCode).toBe(
      403,
    );
    expect(await logsAbout(mine.id)).toEqual([]);
  });
});

describe('lead source', () => {
  it('names where a person came from as a lead, and nothing when no entry says', async () => {
    const made = await post('user/create_lead_user/', boss.token, {
      first_name: 'Sol',
      last_name: 'Source',
      email: 'sol.source@admin.test',
      tag_id: tagId,
      consultant_id: boss.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().user.lead_source).toEqual({ kind: 'staff', name: null });
    const details = await post('user/details/', boss.token, { user_id: made.json().user.id });
    expect(details.json().lead_source).toEqual({ kind: 'staff', name: null });
    const plain = await makeUser(t, { responsibleId: boss.id });
    expect((await post('user/details/', boss.token, { user_id: plain.id })).json().lead_source).toBeNull();
  });
});

describe('invitations', () => {
  it('emails a set-password link in the user language; the link sets the password once and shows as used', async () => {
    const mine = await makeUser(t, { responsibleId: boss.id });
    await t.pool.query(
      `update users set language = 'de', password_hash = null, email_activation = false where id = $1`,
      [mine.id],
    );
    const before = await post('user/details/', boss.token, { user_id: mine.id });
    expect(before.json().invitation).toBeNull();
    expect(before.json().last_login).toBeNull();
    const res = await post('user/send_invitation/', boss.token, { user_id: mine.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ detail: 'Invitation sent', invitation: { used_at: null } });
    const ttl = Date.parse(res.json().invitation.expires_at) - Date.parse(res.json().invitation.sent_at);
    expect(Math.abs(ttl - 7 * 86400_000)).toBeLessThan(5000);
    const mail = await waitForMail(t, mine.email);
    expect(mail.subject).toBe('Ihre Einladung zu Atrium');
    const token = linkToken(mail.text);
    expect(token.length).toBeGreaterThanOrEqual(40);

    // Sending again makes a new link; the first one stops working.
    await post('user/send_invitation/', boss.token, { user_id: mine.id });
    const second = linkToken((await waitForMail(t, mine.email, 2)).text);
    const old = await api(t, 'POST', '/api/password_reset/confirm/', { body: { token, password: 'invited-pass-1' } });
    expect(old.statusCode).toBe(400);

    const set = await api(t, 'POST', '/api/password_reset/confirm/', {
      body: { token: second, password: 'invited-pass-1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    await t.login(mine.email, 'invited-pass-1');
    const again = await api(t, 'POST', '/api/password_reset/confirm/', {
      body: { token: second, password: 'other-pass-2' },
    });
    expect(again.statusCode).toBe(400);
    const after = await post('user/details/', boss.token, { user_id: mine.id });
    expect(after.json().invitation.used_at).toEqual(expect.any(String));
    expect(after.json().email_activation).toBe(true);
    // Signed in: the person page offers no invitation to an active person (issue #40, 17).
    expect(Date.parse(after.json().last_login)).toBeGreaterThan(Date.parse(res.json().invitation.sent_at) - 1000);
    expect((await logsAbout(mine.id)).map((l) => l.kind)).toEqual([
      'invitation_sent',
      'invitation_sent',
      'invitation_used',
    ]);
  });

  it('expires after 7 days', async () => {
    const mine = await makeUser(t, { responsibleId: boss.id });
    await post('user/send_invitation/', boss.token, { user_id: mine.id });
    const token = linkToken((await waitForMail(t, mine.email)).text);
    clock.advance(7 * 86400_000 + 60_000);
    try {
      const res = await api(t, 'POST', '/api/password_reset/confirm/', { body: { token, password: 'invited-pass-1' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ token: ['Link has expired'] });
    } finally {
      clock.reset();
    }
  });

  it('refuses a user out of reach', async () => {
    const foreign = await makeUser(t);
    expect((await post('user/send_invitation/', boss.token, { user_id: foreign.id })).statusCode).toBe(403);
    expect(await mailsTo(t, foreign.email)).toEqual([]);
  });

  it('says who invited the person, to what and what they get, in the person language', async () => {
    const [me] = (await t.pool.query(`select first_name, last_name from users where id = $1`, [boss.id]))
      .rows as Array<{
      first_name: string;
      last_name: string;
    }>;
    const inviter = `${me!.first_name} ${me!.last_name}`.trim();
    expect(inviter.length).toBeGreaterThan(0);
    for (const lang of ['ru', 'en', 'de'] as const) {
      const person = await makeUser(t, { responsibleId: boss.id });
      await t.pool.query(`update users set language = $2, password_hash = null where id = $1`, [person.id, lang]);
      const res = await post('user/send_invitation/', boss.token, { user_id: person.id });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await waitForMail(t, person.email);
      expect(mail.subject).toBe(tr(lang, 'mail_invitation_subject'));
      // The inviter by name, the platform and what it offers, in the recipient's language.
      expect(mail.text).toContain(tr(lang, 'mail_invitation_text_by', { inviter }));
      expect(mail.text).toContain(inviter);
      expect(mail.text).toContain('Atrium');
    }
  });

  it('is sent on creating a lead or a partner when asked for, and not otherwise', async () => {
    const lead = await post('user/create_lead_user/', boss.token, {
      first_name: 'Ina',
      last_name: 'Invited',
      email: 'ina.invited@admin.test',
      language: 'en',
      tag_id: tagId,
      consultant_id: boss.id,
      send_invitation: true,
    });
    expect(lead.statusCode, lead.body).toBe(201);
    expect(lead.json().user.invitation).toMatchObject({ used_at: null });
    expect((await waitForMail(t, 'ina.invited@admin.test')).subject).toBe('Your invitation to Atrium');
    const quiet = await post('user/create_lead_user/', boss.token, {
      first_name: 'Quinn',
      last_name: 'Quiet',
      email: 'quinn.quiet@admin.test',
      tag_id: tagId,
      consultant_id: boss.id,
    });
    expect(quiet.json().user.invitation).toBeNull();
    const partner = form([
      { name: 'first_name', value: 'Pia' },
      { name: 'last_name', value: 'Partner' },
      { name: 'email', value: 'pia.partner@admin.test' },
      { name: 'company', value: 'Pia AG' },
      { name: 'language', value: 'ru' },
      { name: 'tag_id', value: String(tagId) },
      { name: 'consultant_id', value: String(boss.id) },
      { name: 'send_invitation', value: 'true' },
    ]);
    const p = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/user/create_partner_user/',
      headers: { ...partner.headers, authorization: `JWT ${boss.token}` },
      payload: partner.payload,
    });
    expect(p.statusCode, p.body).toBe(201);
    expect((await waitForMail(t, 'pia.partner@admin.test')).subject).toBe('Ваше приглашение в Atrium');
    expect(await mailsTo(t, 'quinn.quiet@admin.test')).toEqual([]);
  });
});

describe('landing-form invitations', () => {
  it('a lead form with send_invitation invites each visitor who signs up with an email, in the page language', async () => {
    const m = await makeMember(t);
    const owner = await t.login(m.email, m.password);
    const flow = await makeFlow(t, owner, { is_published: true });
    const form = leadForm();
    await addElement(t, owner, flow.id, { ...form, content: { ...form.content, send_invitation: true } });
    const quiet = await makeFlow(t, owner, { is_published: true });
    await addElement(t, owner, quiet.id, leadForm());
    const signUp = async (name: string, email: string) => {
      const html = (await t.app.inject({ method: 'GET', url: `/l/${name}`, headers: { 'accept-language': 'de' } }))
        .body;
      const form_token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/landings/${name}/signup/`,
        headers: { 'accept-language': 'de' },
        payload: { first_name: 'Lara', email, form_token },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await signUp(flow.landing_name, 'lara.landing@admin.test');
    await signUp(quiet.landing_name, 'lou.landing@admin.test');
    const mail = await waitForMail(t, 'lara.landing@admin.test');
    expect(mail.subject).toBe('Ihre Einladung zu Atrium');
    expect(linkToken(mail.text).length).toBeGreaterThanOrEqual(40);
    const { rows } = await t.pool.query(`select id from users where email = 'lara.landing@admin.test'`);
    expect((await logsAbout(rows[0].id)).map((l) => l.kind)).toContain('invitation_sent');
    // Without the invitation the visitor gets the sign-up's confirmation only; with it, the invitation only.
    expect((await mailsTo(t, 'lou.landing@admin.test')).map((m) => m.subject)).toEqual([
      'Ihre Anmeldung ist eingegangen',
    ]);
    expect((await mailsTo(t, 'lara.landing@admin.test')).map((m) => m.subject)).toEqual(['Ihre Einladung zu Atrium']);
  });
});

describe('reset-credentials links', () => {
  it('are written to the history', async () => {
    const mine = await makeUser(t, { responsibleId: boss.id });
    const res = await api(t, 'GET', `/api/accounts/user/reset_credentials/?user_id=${mine.id}`, { token: boss.token });
    expect(res.statusCode).toBe(200);
    expect((await logsAbout(mine.id)).map((l) => l.kind)).toEqual(['reset_credentials_link_created']);
  });
});
