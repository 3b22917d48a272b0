import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { makeMember } from '../setup/accounts';
import { api, type Json } from '../setup/learning';
import { makeEmployee } from '../setup/staff';
import { createTestApp, type TestApp } from '../setup/test-app';
import { startTelegramPeer } from '../e2e/support/telegram-peer';

const en = catalogues.en;
const BOT_TOKEN = '123456:test-bot-token';
let t: TestApp;
let peer: Awaited<ReturnType<typeof startTelegramPeer>>;
let cons: Awaited<ReturnType<typeof makeEmployee>>;
let member: { id: number; token: string };

beforeAll(async () => {
  peer = await startTelegramPeer({ refuse: ['666'] });
  t = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_API_ROOT: peer.url } });
  cons = await makeEmployee(t);
  const m = await makeMember(t, { responsibleId: cons.id });
  member = { id: m.id, token: await t.login(m.email, m.password) };
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

async function open(subject = 'Cannot open lesson 3'): Promise<Json> {
  const res = await api(t, 'POST', '/api/tickets/create/', {
    token: member.token,
    body: { type: 'technical', subject, message: 'The video does not start.' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const update = (token: string, body: Json) => api(t, 'POST', '/api/tickets/consultant/update_ticket/', { token, body });

describe('tickets', () => {
  it('offers translated types and statuses', async () => {
    const res = await api(t, 'GET', '/api/tickets/tickets_choices/', { token: member.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().types).toContainEqual({ value: 'technical', label: en.ticket_type_technical });
    expect(res.json().statuses.map((s: Json) => s.value)).toEqual([
      'new',
      'in_progress',
      'completed',
      'canceled',
      'paid',
      'rejected',
    ]);
  });

  it('a member opens a ticket; the responsible consultant is notified, takes it, comments and completes it', async () => {
    const ticket = await open();
    expect(ticket).toMatchObject({ status: 'new', consultant: null, user: { id: member.id }, messages_count: 1 });
    expect(ticket.messages).toEqual([
      expect.objectContaining({ kind: 'message', message: 'The video does not start.' }),
    ]);
    const notes = (await api(t, 'GET', '/api/notifications/', { token: cons.token })).json();
    expect(notes.unread_count).toBe(1);
    expect(notes.results[0]).toMatchObject({ kind: 'ticket_created', data: { ticket_id: ticket.id }, read: false });
    expect(notes.results[0].message).toContain('Cannot open lesson 3');

    const listed = await api(t, 'POST', '/api/tickets/consultant/list/?status=new', { token: cons.token });
    expect(listed.json().results.map((r: Json) => r.id)).toContain(ticket.id);
    const early = await update(cons.token, { ticket_id: ticket.id, action: 'complete' });
    expect(early.json().non_field_errors).toEqual([en.ticket_take_first]);

    const taken = await update(cons.token, { ticket_id: ticket.id, action: 'take', comment: 'Looking into it' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'in_progress', consultant: { id: cons.id } });
    const done = await update(cons.token, { ticket_id: ticket.id, action: 'complete', comment: 'Fixed the video' });
    expect(done.json()).toMatchObject({ status: 'completed', closed_at: expect.any(String) });
    expect(done.json().messages.map((m: Json) => [m.kind, m.status_to ?? m.message])).toEqual([
      ['message', 'The video does not start.'],
      ['status_change', 'in_progress'],
      ['comment', 'Looking into it'],
      ['status_change', 'completed'],
      ['comment', 'Fixed the video'],
    ]);
    const after = await update(cons.token, { ticket_id: ticket.id, action: 'cancel' });
    expect(after.json().non_field_errors).toEqual([en.ticket_closed]);
    // The member reads the answer on their own page; another member gets 404.
    const mine = await api(t, 'GET', `/api/tickets/my/${ticket.id}/`, { token: member.token });
    expect(mine.json()).toMatchObject({
      id: ticket.id,
      status: 'completed',
      messages: expect.arrayContaining([expect.objectContaining({ message: 'Fixed the video' })]),
    });
    const stranger = await makeMember(t);
    const peek = await api(t, 'GET', `/api/tickets/my/${ticket.id}/`, {
      token: await t.login(stranger.email, stranger.password),
    });
    expect(peek.statusCode).toBe(404);
  });

  it("member_id lists only that member's tickets (the person page's Tickets tab)", async () => {
    const other = await makeMember(t, { responsibleId: cons.id });
    const theirs = await api(t, 'POST', '/api/tickets/create/', {
      token: await t.login(other.email, other.password),
      body: { type: 'technical', subject: `Other ${other.email}`, message: 'Mine' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const mine = await open('Only mine');
    const byMember = (id: number) =>
      api(t, 'POST', `/api/tickets/consultant/list/?member_id=${String(id)}&page_size=100`, { token: cons.token });
    const listed = (await byMember(member.id)).json();
    expect(listed.results.map((r: Json) => r.id)).toContain(mine.id);
    expect(listed.results.every((r: Json) => r.user.id === member.id)).toBe(true);
    expect((await byMember(other.id)).json().results.map((r: Json) => r.id)).toEqual([theirs.json().id]);
  });

  it('20 consultants take one ticket at once: exactly one wins, 19 get the spec message', async () => {
    const ticket = await open('Race');
    const rivals = await Promise.all(Array.from({ length: 20 }, () => makeEmployee(t, { role: 'admin' })));
    const answers = await Promise.all(rivals.map((r) => update(r.token, { ticket_id: ticket.id, action: 'take' })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toEqual({ detail: en.ticket_taken, code: 'ticket_taken' });
    const winner = rivals[answers.findIndex((a) => a.statusCode === 200)]!;
    const row = (await t.pool.query('select consultant_id, messages_count from tickets where id = $1', [ticket.id]))
      .rows[0];
    expect(row).toEqual({ consultant_id: winner.id, messages_count: 2 });
  });

  it('a consultant outside the structure sees 403; rejecting keeps the reason; cancel, paid', async () => {
    const outsider = await makeEmployee(t);
    const ticket = await open('Payout please');
    expect(
      (
        await api(t, 'POST', '/api/tickets/consultant/detail/', {
          token: outsider.token,
          body: { ticket_id: ticket.id },
        })
      ).statusCode,
    ).toBe(403);
    expect((await api(t, 'POST', '/api/tickets/consultant/list/', { token: outsider.token })).json().count).toBe(0);
    const rejected = await api(t, 'POST', '/api/tickets/consultant/reject_ticket/', {
      token: cons.token,
      body: { ticket_id: ticket.id, reason: 'Not eligible yet' },
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejection_reason: 'Not eligible yet' });

    const payout = await api(t, 'POST', '/api/tickets/consultant/create_ticket/', {
      token: cons.token,
      body: { user_id: member.id, type: 'payout', subject: 'Payout for May', message: 'Requested by phone' },
    });
    expect(payout.statusCode, payout.body).toBe(201);
    expect(payout.json()).toMatchObject({
      status: 'in_progress',
      consultant: { id: cons.id },
      created_by: { id: cons.id },
    });
    expect((await update(cons.token, { ticket_id: payout.json().id, action: 'mark_paid' })).json().status).toBe('paid');
    const forOutsider = await api(t, 'POST', '/api/tickets/consultant/create_ticket/', {
      token: outsider.token,
      body: { user_id: member.id, type: 'other', subject: 'x', message: 'y' },
    });
    expect(forOutsider.statusCode).toBe(403);
  });

  it('messages the member through the Telegram bot and keeps the message on the ticket', async () => {
    const ticket = await open('Telegram');
    await update(cons.token, { ticket_id: ticket.id, action: 'take' });
    const unlinked = await api(t, 'POST', '/api/chatbot_telegram/send_msg_through_chatbot/', {
      token: cons.token,
      body: { ticket_id: ticket.id, message: 'Hello' },
    });
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json()).toEqual({ non_field_errors: [en.telegram_not_linked] });

    await t.pool.query(`update users set telegram_chat_id = '4242' where id = $1`, [member.id]);
    const res = await api(t, 'POST', '/api/chatbot_telegram/send_msg_through_chatbot/', {
      token: cons.token,
      body: { ticket_id: ticket.id, message: 'Your video works again' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      detail: en.telegram_sent,
      ticket_message: { kind: 'telegram', message: 'Your video works again' },
    });
    expect(peer.sent.at(-1)).toEqual({ token: BOT_TOKEN, chat_id: '4242', text: 'Your video works again' });
    const detail = (
      await api(t, 'POST', '/api/tickets/consultant/detail/', { token: cons.token, body: { ticket_id: ticket.id } })
    ).json();
    expect(detail.messages.at(-1)).toMatchObject({ kind: 'telegram', author: { id: cons.id } });

    await t.pool.query(`update users set telegram_chat_id = '666' where id = $1`, [member.id]);
    const blocked = await api(t, 'POST', '/api/chatbot_telegram/send_msg_through_chatbot/', {
      token: cons.token,
      body: { user_id: member.id, message: 'x' },
    });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toEqual({ non_field_errors: [en.telegram_failed] });
    const both = await api(t, 'POST', '/api/chatbot_telegram/send_msg_through_chatbot/', {
      token: cons.token,
      body: { ticket_id: ticket.id, user_id: member.id, message: 'x' },
    });
    expect(both.json()).toEqual({ non_field_errors: [en.telegram_one_target] });
  });
});
