import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { createPayment } from '../factories';
import { makeMember, mailsTo, waitFor } from '../setup/accounts';
import { addElement, heading, leadForm, makeFlow } from '../setup/flows';
import { api, type Json } from '../setup/learning';
import { makeEmployee } from '../setup/staff';
import { createTestApp, type TestApp } from '../setup/test-app';

const { en, de } = catalogues;
let t: TestApp;
let cons: Awaited<ReturnType<typeof makeEmployee>>;

beforeAll(async () => {
  t = await createTestApp();
  cons = await makeEmployee(t);
});
afterAll(async () => {
  await t.close();
});

async function member(language: 'ru' | 'en' | 'de' = 'en') {
  const m = await makeMember(t, { responsibleId: cons.id, language });
  return { ...m, token: await t.login(m.email, m.password) };
}
async function open(token: string, subject: string): Promise<Json> {
  const res = await api(t, 'POST', '/api/tickets/create/', {
    token,
    body: { type: 'question', subject, message: 'How do I start?' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const update = (body: Json, token = cons.token) =>
  api(t, 'POST', '/api/tickets/consultant/update_ticket/', { token, body });
const notes = async (token: string) => (await api(t, 'GET', '/api/notifications/', { token })).json();
const reply = (token: string, id: number, message: string) =>
  api(t, 'POST', `/api/tickets/my/${id}/reply/`, { token, body: { message } });
/** The mails to `email` whose subject is `subject`, once `count` of them are there. */
const mailed = (email: string, subject: string, count = 1) =>
  waitFor(
    async () => {
      const rows = (await mailsTo(t, email)).filter((m) => m.subject === subject);
      return rows.length >= count ? rows : null;
    },
    `${count} mail(s) "${subject}" to ${email}`,
    5000,
  );

/** The ids an admin may hand people to (GET accounts/user/hand_over_choices/). */
const handOverChoices = async (token: string): Promise<number[]> =>
  ((await api(t, 'GET', '/api/accounts/user/hand_over_choices/', { token })).json().results as Json[]).map(
    (c) => c.id as number,
  );

describe('support for members', () => {
  it('lists the member’s own requests with status, last answer and date; others see none of them', async () => {
    const m = await member();
    const empty = await api(t, 'GET', '/api/tickets/my/', { token: m.token });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ count: 0, results: [] });
    const first = await open(m.token, 'First question');
    const second = await open(m.token, 'Second question');
    await update({ ticket_id: first.id, action: 'take', comment: 'Start with lesson 1' });
    const list = (await api(t, 'GET', '/api/tickets/my/', { token: m.token })).json();
    expect(list.count).toBe(2);
    expect(list.results.map((r: Json) => r.id)).toEqual([second.id, first.id]);
    expect(list.results[0]).toMatchObject({ status: 'new', last_answer: null });
    expect(list.results[1]).toMatchObject({
      status: 'in_progress',
      last_answer: { message: 'Start with lesson 1', author: { id: cons.id }, created_at: expect.any(String) },
    });
    const open_ = (await api(t, 'GET', '/api/tickets/my/?status=new', { token: m.token })).json();
    expect(open_.results.map((r: Json) => r.id)).toEqual([second.id]);
    const other = await member();
    expect((await api(t, 'GET', '/api/tickets/my/', { token: other.token })).json().count).toBe(0);
    expect((await api(t, 'GET', '/api/tickets/my/')).statusCode).toBe(401);
  });

  it('an answer reaches the member in the bell and by mail in their language; the reply reaches the consultant', async () => {
    const m = await member('de');
    const ticket = await open(m.token, 'Video');
    expect((await notes(m.token)).unread_count).toBe(0);
    await update({ ticket_id: ticket.id, action: 'take' });
    await update({ ticket_id: ticket.id, action: 'update', comment: 'Bitte neu laden' });
    const mine = await notes(m.token);
    expect(mine.unread_count).toBe(1);
    const text = de.notification_ticket_answered
      .replace('{ticket_id}', String(ticket.id))
      .replace('{subject}', 'Video');
    expect(mine.results[0]).toMatchObject({
      kind: 'ticket_answered',
      message: text,
      data: { ticket_id: ticket.id },
      read: false,
    });
    const [mail] = await mailed(m.email, text);
    expect(mail!.text).toContain(`/user/new-request/${String(ticket.id)}`);
    expect(mail!.text).toContain(de.mail_notification_button);

    const before: number = (await notes(cons.token)).results.filter((n: Json) => n.kind === 'ticket_reply').length;
    const res = await reply(m.token, ticket.id, 'Danke, es geht wieder');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages.at(-1)).toMatchObject({
      kind: 'message',
      message: 'Danke, es geht wieder',
      author: { id: m.id },
    });
    const staff = (await notes(cons.token)).results.filter((n: Json) => n.kind === 'ticket_reply');
    expect(staff).toHaveLength(before + 1);
    expect(staff[0]).toMatchObject({ data: { ticket_id: ticket.id }, message: expect.stringContaining('Test Member') });
    await mailed(cons.email, staff[0].message);
  });

  it('a request of a member nobody looks after reaches the admins, and so does its reply (issue #40, 17)', async () => {
    const admin = await makeEmployee(t, { role: 'admin' });
    const m = await makeMember(t, { language: 'en' });
    const token = await t.login(m.email, m.password);
    const ticket = await open(token, 'Nobody’s member');
    // The member is told the truth: the support team, not a consultant, answers.
    expect(ticket.answered_by).toBe('support');
    const bell = async () => (await notes(admin.token)).results.filter((n: Json) => n.data?.ticket_id === ticket.id);
    expect(await bell()).toMatchObject([{ kind: 'ticket_created' }]);
    expect((await reply(token, ticket.id, 'Anyone there?')).statusCode).toBe(200);
    expect((await bell()).map((n: Json) => n.kind).sort()).toEqual(['ticket_created', 'ticket_reply']);
    // A member with a consultant still reaches only that consultant.
    const own = await member();
    const theirs = await open(own.token, 'Mine');
    const adminSees = (await notes(admin.token)).results.filter((n: Json) => n.data?.ticket_id === theirs.id);
    expect(adminSees).toEqual([]);
  });

  it('a member whose consultant was deactivated is told support answers and reaches the admins, not the old consultant; a consultant assigned later sees the open request, another consultant does not (issue #40, 17)', async () => {
    const admin = await makeEmployee(t, { role: 'admin' });
    const gone = await makeEmployee(t);
    const m = await makeMember(t, { language: 'en', responsibleId: gone.id });
    const token = await t.login(m.email, m.password);
    // Before: the member's consultant answers, and the member is told so.
    const before = await open(token, 'While Clara is here');
    expect(before.answered_by).toBe('consultant');
    // The profile names who looks after the member and who would answer a new request (issue #40).
    const profile = async () => (await api(t, 'GET', '/api/accounts/me/', { token })).json();
    expect(await profile()).toMatchObject({ responsible: { id: gone.id }, requests_answered_by: 'consultant' });
    // An admin deactivates the consultant; the member keeps them as responsible.
    const off = await api(t, 'PUT', `/api/v1/users/${String(gone.id)}`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    // A deactivated consultant looks after nobody: the profile names none, and a request would go to support.
    expect(await profile()).toMatchObject({ responsible: null, requests_answered_by: 'support' });
    const ticket = await open(token, 'Nobody answers me');
    expect(ticket.answered_by).toBe('support');
    expect((await api(t, 'GET', `/api/tickets/my/${String(ticket.id)}/`, { token })).json().answered_by).toBe(
      'support',
    );
    const bellOf = async (who: { token: string } | { id: number }) => {
      const rows =
        'token' in who
          ? (await notes(who.token)).results
          : (await t.pool.query('select kind, data from notifications where user_id = $1', [who.id])).rows;
      return rows.filter((n: Json) => n.data?.ticket_id === ticket.id).map((n: Json) => n.kind as string);
    };
    expect(await bellOf(admin)).toEqual(['ticket_created']);
    expect(await bellOf({ id: gone.id })).toEqual([]);
    // Every active admin sees it in the staff list and may answer it.
    const listed = await api(t, 'POST', `/api/tickets/consultant/list/?member_id=${String(m.id)}`, {
      token: admin.token,
      body: {},
    });
    expect(listed.json().results.map((r: Json) => r.id)).toContain(ticket.id);
    // A reply goes to the admins too.
    expect((await reply(token, ticket.id, 'Hello?')).statusCode).toBe(200);
    expect((await bellOf(admin)).sort()).toEqual(['ticket_created', 'ticket_reply']);
    expect(await bellOf({ id: gone.id })).toEqual([]);

    // An admin hands the member to a new consultant: the open request is theirs to see and take.
    const next = await makeEmployee(t);
    const stranger = await makeEmployee(t);
    const handed = await api(t, 'POST', '/api/accounts/user/give_away_user/', {
      token: admin.token,
      body: { user_id: m.id, consultant_id: next.id },
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect((await api(t, 'GET', `/api/tickets/my/${String(ticket.id)}/`, { token })).json().answered_by).toBe(
      'consultant',
    );
    expect(await profile()).toMatchObject({ responsible: { id: next.id }, requests_answered_by: 'consultant' });
    const theirs = await api(t, 'POST', '/api/tickets/consultant/list/', { token: next.token, body: {} });
    expect(theirs.json().results.map((r: Json) => r.id)).toEqual(expect.arrayContaining([ticket.id, before.id]));
    const detail = await api(t, 'POST', '/api/tickets/consultant/detail/', {
      token: next.token,
      body: { ticket_id: ticket.id },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    // Another consultant's list has none of them, and the request itself is refused.
    const other = await api(t, 'POST', '/api/tickets/consultant/list/', { token: stranger.token, body: {} });
    expect(other.json().results.map((r: Json) => r.id)).not.toContain(ticket.id);
    const refused = await api(t, 'POST', '/api/tickets/consultant/detail/', {
      token: stranger.token,
      body: { ticket_id: ticket.id },
    });
    expect(refused.statusCode).toBe(403);
    expect((await update({ ticket_id: ticket.id, action: 'take' }, stranger.token)).statusCode).toBe(403);
    // The new consultant hears of the member's next reply; the admins no longer do.
    expect((await reply(token, ticket.id, 'Still there?')).statusCode).toBe(200);
    const nextBell = (await notes(next.token)).results.filter((n: Json) => n.data?.ticket_id === ticket.id);
    expect(nextBell.map((n: Json) => n.kind)).toEqual(['ticket_reply']);
    expect((await bellOf(admin)).sort()).toEqual(['ticket_created', 'ticket_reply']);
    const taken = await update(
      { ticket_id: ticket.id, action: 'take', comment: 'I am your new consultant' },
      next.token,
    );
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('who answers a member’s requests is one rule (tickets/answerers.ts): for each state of the member’s consultant, the profile, a new request, whom it reaches and the hand-over choices agree', async () => {
    const admin = await makeEmployee(t, { role: 'admin' });
    const states = [
      { keeper: 'an active consultant', role: 'consultant', set: null, answers: true },
      { keeper: 'an active admin', role: 'admin', set: null, answers: true },
      { keeper: 'a deactivated consultant', role: 'consultant', set: 'is_active = false', answers: false },
      { keeper: 'a blocked consultant', role: 'consultant', set: 'is_blocked = true', answers: false },
      { keeper: 'a consultant made a member', role: 'consultant', set: "role = 'member'", answers: false },
      { keeper: 'nobody', role: null, set: null, answers: false },
    ] as const;
    const seen = [];
    for (const s of states) {
      const keeper = s.role ? await makeEmployee(t, { role: s.role, login: false }) : null;
      if (keeper && s.set) await t.pool.query(`update users set ${s.set} where id = $1`, [keeper.id]);
      const m = await makeMember(t, keeper ? { responsibleId: keeper.id } : {});
      const token = await t.login(m.email, m.password);
      const profile = (await api(t, 'GET', '/api/accounts/me/', { token })).json();
      const ticket = await open(token, `Looked after by ${s.keeper}`);
      const reached = await t.pool.query<{ user_id: number }>(
        `select user_id from notifications where kind = 'ticket_created' and (data->>'ticket_id')::int = $1`,
        [ticket.id],
      );
      const to = reached.rows.map((r) => r.user_id);
      seen.push({
        keeper: s.keeper,
        responsible: keeper && profile.responsible?.id === keeper.id ? 'named' : profile.responsible,
        promised: profile.requests_answered_by,
        told: ticket.answered_by,
        reaches: keeper && to.includes(keeper.id) ? 'keeper' : to.includes(admin.id) ? 'admins' : to,
        choosable: keeper ? await handOverChoices(admin.token).then((ids) => ids.includes(keeper.id)) : false,
      });
    }
    const answered = (keeper: string, by: 'consultant' | 'support') => ({
      keeper,
      responsible: 'named',
      promised: by,
      told: by,
      reaches: 'keeper',
      choosable: true,
    });
    const support = (keeper: string) => ({
      keeper,
      responsible: null,
      promised: 'support',
      told: 'support',
      reaches: 'admins',
      choosable: false,
    });
    expect(seen).toEqual([
      answered('an active consultant', 'consultant'),
      // An admin who looks after the member answers, as the support team.
      answered('an active admin', 'support'),
      support('a deactivated consultant'),
      support('a blocked consultant'),
      support('a consultant made a member'),
      support('nobody'),
    ]);
  });

  it('a reply needs text, an open request of the caller’s own', async () => {
    const m = await member();
    const ticket = await open(m.token, 'Closed soon');
    const blank = await reply(m.token, ticket.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: [en.field_required] });
    const other = await member();
    expect((await reply(other.token, ticket.id, 'Not mine')).statusCode).toBe(404);
    expect((await reply(m.token, 999_999, 'Nothing')).statusCode).toBe(404);
    const rejected = await api(t, 'POST', '/api/tickets/consultant/reject_ticket/', {
      token: cons.token,
      body: { ticket_id: ticket.id, reason: 'Ask in the group' },
    });
    expect(rejected.statusCode).toBe(200);
    const late = await reply(m.token, ticket.id, 'But why?');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ non_field_errors: [en.ticket_closed] });
    const note = (await notes(m.token)).results[0];
    expect(note).toMatchObject({ kind: 'ticket_rejected', message: expect.stringContaining('Ask in the group') });
  });

  it('completing notifies once; a kind switched off in the settings is neither shown nor mailed', async () => {
    const m = await member();
    const settings = await api(t, 'GET', '/api/notifications/settings/', { token: m.token });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().settings).toContainEqual({ kind: 'ticket_answered', enabled: true });
    // Nine kinds, and since the hand-over notices (issue #40) the person's 'consultant changed'.
    expect(settings.json().settings).toContainEqual({ kind: 'consultant_changed', enabled: true });
    expect(settings.json().settings).toHaveLength(10);

    const ticket = await open(m.token, 'Quiet please');
    await update({ ticket_id: ticket.id, action: 'take' });
    await update({ ticket_id: ticket.id, action: 'complete', comment: 'Done' });
    const after = await notes(m.token);
    expect(after.results.map((n: Json) => n.kind)).toEqual(['ticket_completed']);

    const off = await api(t, 'POST', '/api/notifications/settings/', {
      token: m.token,
      body: { settings: [{ kind: 'ticket_answered', enabled: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().settings).toContainEqual({ kind: 'ticket_answered', enabled: false });
    expect(off.json().settings).toContainEqual({ kind: 'ticket_completed', enabled: true });
    const again = await api(t, 'GET', '/api/notifications/settings/', { token: m.token });
    expect(again.json()).toEqual(off.json());

    const quiet = await open(m.token, 'Still quiet');
    await update({ ticket_id: quiet.id, action: 'take', comment: 'Answer nobody hears of' });
    expect((await notes(m.token)).results.map((n: Json) => n.kind)).toEqual(['ticket_completed']);
    const mails = await mailsTo(t, m.email);
    expect(mails.map((x) => x.subject).filter((s) => s.includes('Still quiet'))).toEqual([]);

    const bad = await api(t, 'POST', '/api/notifications/settings/', {
      token: m.token,
      body: { settings: [{ kind: 'lead_offered', enabled: false }] },
    });
    expect(bad.statusCode).toBe(400);
    expect((await api(t, 'GET', '/api/notifications/settings/')).statusCode).toBe(401);
  });

  it('members open the live stream of their bell and mark notices read', async () => {
    const m = await member();
    const ticket = await open(m.token, 'Stream');
    await update({ ticket_id: ticket.id, action: 'take', comment: 'Hello' });
    const streamTicket = await api(t, 'POST', '/api/notifications/stream/ticket/', { token: m.token });
    expect(streamTicket.statusCode).toBe(200);
    expect(streamTicket.json()).toMatchObject({ ticket: expect.any(String), expires_in: 60 });
    const read = await api(t, 'POST', '/api/notifications/read/', { token: m.token, body: {} });
    expect(read.json()).toEqual({ unread_count: 0 });
  });
});

describe('other notices for members', () => {
  it('a manual donation approved or rejected by staff', async () => {
    const m = await member();
    const pay = async (cents: number) =>
      (
        await createPayment(t.db, {
          userId: m.id,
          state: 'pending',
          amountCents: cents,
          method: 'manual',
          provider: 'manual',
        })
      ).id;
    const a = await pay(3000);
    const b = await pay(1200);
    const ok = await api(t, 'POST', `/api/staff/payments/${String(a)}/approve`, { token: cons.token });
    expect(ok.statusCode, ok.body).toBe(200);
    const no = await api(t, 'POST', `/api/staff/payments/${String(b)}/reject`, {
      token: cons.token,
      body: { reason: 'Unreadable check' },
    });
    expect(no.statusCode, no.body).toBe(200);
    const kinds = (await notes(m.token)).results.map((n: Json) => [n.kind, n.message]);
    expect(kinds).toEqual([
      [
        'donation_rejected',
        en.notification_donation_rejected.replace('{amount}', '$12.00').replace('{reason}', 'Unreadable check'),
      ],
      ['donation_approved', en.notification_donation_approved.replace('{amount}', '$30.00')],
    ]);
    await mailed(m.email, kinds[0][1]);
  });

  it('a lead from the member’s landing page reaches its owner', async () => {
    const owner = await member();
    const flow = await makeFlow(t, owner.token, { is_published: true });
    await addElement(t, owner.token, flow.id, heading('Join us'));
    await addElement(t, owner.token, flow.id, leadForm());
    const html = (await t.app.inject({ method: 'GET', url: `/l/${String(flow.landing_name)}` })).body;
    const form_token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
    const res = await api(t, 'POST', `/api/landings/${String(flow.landing_name)}/signup/`, {
      body: { first_name: 'Lena', email: `lena-${String(Date.now())}@example.com`, form_token },
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = (await notes(owner.token)).results[0];
    expect(note).toMatchObject({ kind: 'landing_lead', data: { name: 'Lena', lead_id: expect.any(Number) } });
    expect(note.message).toContain('Lena');
    await mailed(owner.email, note.message);
  });
});
