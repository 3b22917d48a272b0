import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { clock } from '../../src/server/clock';
import { notify } from '../../src/server/services/notifications';
import { sweepOffers } from '../../src/server/services/leads/routing';
import { makeMember } from '../setup/accounts';
import { api, type Json } from '../setup/learning';
import { openEvents, type EventReader } from '../setup/sse';
import { makeEmployee, makeLead } from '../setup/staff';
import { auth, createTestApp, type TestApp } from '../setup/test-app';

/**
 * The live bell's stream (GET /notifications/stream/): opened with the session token or a ticket,
 * told of every change to the caller's notifications (a new ticket, an offer taken by someone else or
 * expired, some read), and ended when the server stops.
 */
let t: TestApp;
let base: string;
let a: Awaited<ReturnType<typeof makeEmployee>>;
let b: Awaited<ReturnType<typeof makeEmployee>>;
const readers: EventReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  a = await makeEmployee(t);
  b = await makeEmployee(t);
});
afterAll(async () => {
  clock.reset();
  for (const r of readers) r.close();
  await t.close();
});

async function stream(headers: Record<string, string>, query = ''): Promise<EventReader> {
  const r = await openEvents(`${base}/api/notifications/stream/${query}`, headers);
  readers.push(r);
  return r;
}

const bell = async (token: string) => {
  const res = await api(t, 'GET', '/api/notifications/', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ unread_count: number; results: Json[] }>();
};

/** An open offer of a lead to a consultant, with its notification, as routing makes them. */
async function offer(leadId: number, consultantId: number, minutes = 10) {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  return t.db.transaction(async (tx) => {
    const res = await tx.execute<{ id: number }>(
      sql`insert into lead_offers (lead_id, consultant_id, offered_at, expires_at)
          values (${leadId}, ${consultantId}, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz) returning id`,
    );
    const offerId = res.rows[0]!.id;
    const data = { lead_id: leadId, offer_id: offerId, expires_at: expiresAt.toISOString(), name: 'Lead', minutes };
    await notify(tx, consultantId, 'lead_offered', data, now);
    return offerId;
  });
}

describe('the notification stream', () => {
  it('opens with the session token as an event stream and says ready', async () => {
    const s = await stream(auth(a.token));
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    await s.waitFor('ready');
  });

  it('refuses anonymous callers and forged or expired tickets; members have a bell too', async () => {
    const member = await makeMember(t);
    const memberToken = await t.login(member.email, member.password);
    expect((await stream({})).status).toBe(401);
    expect((await stream(auth(memberToken))).status).toBe(200);
    expect((await api(t, 'POST', '/api/notifications/stream/ticket/', { token: memberToken })).statusCode).toBe(200);
    const issued = await api(t, 'POST', '/api/notifications/stream/ticket/', { token: a.token });
    const { ticket } = issued.json<{ ticket: string }>();
    const [user, session, until] = ticket.split('.') as [string, string, string];
    const forged = `${b.id}.${session}.${until}.${ticket.split('.')[3]!}`;
    expect((await stream({}, `?ticket=${encodeURIComponent(forged)}`)).status).toBe(401);
    const pastBody = `${user}.${session}.${Date.now() - 1000}`;
    const past = `${pastBody}.${t.app.ctx.box.mac('notification-stream', pastBody).toString('base64url')}`;
    expect((await stream({}, `?ticket=${encodeURIComponent(past)}`)).status).toBe(401);
  });

  it('opens with a ticket (for EventSource, which sends no header), and a member’s new ticket reaches the consultant', async () => {
    const issued = await api(t, 'POST', '/api/notifications/stream/ticket/', { token: a.token });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toEqual({ ticket: expect.any(String), expires_in: 60 });
    const s = await stream({}, `?ticket=${encodeURIComponent(issued.json<{ ticket: string }>().ticket)}`);
    expect(s.status).toBe(200);
    await s.waitFor('ready');

    const m = await makeMember(t, { responsibleId: a.id });
    const memberToken = await t.login(m.email, m.password);
    const created = await api(t, 'POST', '/api/tickets/create/', {
      token: memberToken,
      body: { type: 'technical', subject: 'Stream me', message: 'Please.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await s.waitFor('notifications');
    expect((await bell(a.token)).results[0]).toMatchObject({ kind: 'ticket_created', read: false });
  });

  it('an offer taken by another consultant leaves the bell of the one it was offered to, count included', async () => {
    const lead = await makeLead(t);
    const sa = await stream(auth(a.token));
    await sa.waitFor('ready');
    await offer(lead, a.id);
    await sa.waitFor('notifications', 1);
    const before = await bell(a.token);
    expect(before.results.filter((n) => n.kind === 'lead_offered' && n.data.lead_id === lead)).toHaveLength(1);

    const taken = await api(t, 'POST', '/api/leads/take/', { token: b.token, body: { user_id: lead } });
    expect(taken.statusCode, taken.body).toBe(200);
    await sa.waitFor('notifications', 2);
    const after = await bell(a.token);
    expect(after.results.filter((n) => n.kind === 'lead_offered' && n.data.lead_id === lead)).toEqual([]);
    expect(after.unread_count).toBe(before.unread_count - 1);
  });

  it('an expired offer leaves the bell when the sweep expires it', async () => {
    const lead = await makeLead(t);
    const sb = await stream(auth(b.token));
    await sb.waitFor('ready');
    await offer(lead, b.id, 5);
    await sb.waitFor('notifications', 1);
    expect((await bell(b.token)).results.some((n) => n.data.lead_id === lead)).toBe(true);
    clock.advance(6 * 60_000);
    await sweepOffers(t.app.ctx);
    await sb.waitFor('notifications', 2);
    expect((await bell(b.token)).results.some((n) => n.data.lead_id === lead)).toBe(false);
  });

  it('marking read tells the caller’s other streams, so every tab shows the new count', async () => {
    const s = await stream(auth(a.token));
    await s.waitFor('ready');
    expect((await bell(a.token)).unread_count).toBeGreaterThan(0);
    const read = await api(t, 'POST', '/api/notifications/read/', { token: a.token, body: {} });
    expect(read.json()).toEqual({ unread_count: 0 });
    await s.waitFor('notifications');
  });

  it('a user holds at most ten streams in a process: an eleventh ends their oldest', async () => {
    const c = await makeEmployee(t);
    const first = await stream(auth(c.token));
    await first.waitFor('ready');
    const more: EventReader[] = [];
    for (let i = 0; i < 10; i++) more.push(await stream(auth(c.token)));
    await first.ended;
    for (const s of more) await s.waitFor('ready');
    expect(more.map((s) => s.status)).toEqual(Array(10).fill(200));
  });

  it('a lost listening connection ends the streams (the bells poll) and is opened again', async () => {
    const s = await stream(auth(a.token));
    await s.waitFor('ready');
    const killed = await t.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'atrium-notifications' and datname = current_database()`,
    );
    expect(killed.rowCount).toBe(1);
    await s.ended;
    let again: EventReader | undefined;
    for (let i = 0; i < 50 && again?.status !== 200; i++) {
      again?.close();
      if (i) await new Promise((r) => setTimeout(r, 200));
      again = await stream(auth(a.token));
    }
    expect(again?.status).toBe(200);
    await again!.waitFor('ready');
    await t.db.transaction((tx) =>
      notify(tx, a.id, 'ticket_created', { ticket_id: 1, id: 1, subject: 'x' }, clock.now()),
    );
    await again!.waitFor('notifications');
  });

  it('a stopping server ends its streams instead of waiting for them', async () => {
    const s = await stream(auth(a.token));
    await s.waitFor('ready');
    expect(t.app.ctx.push.size).toBeGreaterThan(0);
    const began = Date.now();
    await t.app.close();
    await s.ended;
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(t.app.ctx.push.size).toBe(0);
  });
});
