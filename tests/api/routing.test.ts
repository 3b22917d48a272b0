import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { catalogues } from '../../src/server/i18n';
import { leadCreated } from '../../src/server/services/leads/intake';
import { routeLead, sweepOffers } from '../../src/server/services/leads/routing';
import { waitFor } from '../setup/accounts';
import { api, one, type Json } from '../setup/learning';
import { makeEmployee, makeLead } from '../setup/staff';
import { createUser, createUsers } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';

const en = catalogues.en;
let t: TestApp;
// Wednesday 9 January 2030, 10:00 in Berlin (09:00 UTC).
const WEDNESDAY_10_BERLIN = Date.parse('2030-01-09T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ env: { LEAD_OFFER_TIMEOUT_MINUTES: '5' } });
  clock.reset();
  clock.advance(WEDNESDAY_10_BERLIN - Date.now());
});
afterAll(async () => {
  clock.reset();
  await t.close();
});

/** Shift on a weekday (0 = Monday) from–to in the consultant's own time zone. */
const shift = (userId: number, weekday: number, from = '09:00', to = '18:00') =>
  t.pool.query('insert into work_times (user_id, weekday, time_from, time_to) values ($1, $2, $3, $4)', [
    userId,
    weekday,
    from,
    to,
  ]);

/** A new lead through the one door (in a transaction, as landings and imports do). */
async function newLead(name: string): Promise<number> {
  return t.db.transaction(async (tx) => {
    const { id } = await createUser(tx, { firstName: name, lastName: 'Lead' });
    await leadCreated(tx, t.app.ctx, { userId: id, source: 'landing' });
    return id;
  });
}

const offersOf = async (leadId: number) =>
  (
    await t.pool.query<{ consultant_id: number; status: string }>(
      'select consultant_id, status from lead_offers where lead_id = $1 order by id',
      [leadId],
    )
  ).rows;

/** Only these consultants take part (the other tests' consultants are switched off). */
const only = (ids: number[]) =>
  t.pool.query(`update users set is_active = (id = any($1::int[])) where role = 'consultant'`, [ids]);

describe('automatic lead routing', () => {
  it('offers new leads only to active consultants on shift (in their time zone) and under their daily limit', async () => {
    const onShift = await makeEmployee(t, { limit: 2 });
    const offShift = await makeEmployee(t);
    const blocked = await makeEmployee(t);
    const newYork = await makeEmployee(t, { timeZone: 'America/New_York' });
    await shift(onShift.id, 2);
    await shift(offShift.id, 3);
    await shift(blocked.id, 2);
    await shift(newYork.id, 2); // 04:00 there
    await t.pool.query('update users set is_blocked = true where id = $1', [blocked.id]);
    await only([onShift.id, offShift.id, blocked.id, newYork.id]);

    const all = [await newLead('Ada'), await newLead('Ben'), await newLead('Cid')];
    // The routing jobs run in parallel, so which two of the three get the two offers is not fixed.
    const offered = async () => {
      const rows = await Promise.all(all.map(async (id) => ({ id, offers: await offersOf(id) })));
      return rows.filter((r) => r.offers.length > 0);
    };
    await waitFor(async () => (await offered()).length === 2, 'two offers', 20_000);
    // And no third: nobody else is on shift and the one who is reached the limit of 2 for today.
    await new Promise((r) => setTimeout(r, 1500));
    const got = await offered();
    expect(got).toHaveLength(2);
    for (const r of got) expect(r.offers).toEqual([{ consultant_id: onShift.id, status: 'open' }]);
    const leads = got.map((r) => r.id);

    // The offer is in the history and in the consultant's notifications.
    const log = await t.pool.query(`select kind, details from action_logs where subject_id = $1 order by id`, [
      leads[0],
    ]);
    expect(log.rows.map((r) => r.kind)).toEqual(['lead_created', 'lead_offer']);
    const notes = (await api(t, 'GET', '/api/notifications/', { token: onShift.token })).json();
    expect(notes.unread_count).toBe(2);
    expect(notes.results[0]).toMatchObject({ kind: 'lead_offered', message: expect.stringContaining('5 minutes') });
    const read = await api(t, 'POST', '/api/notifications/read/', {
      token: onShift.token,
      body: { ids: [notes.results[0].id] },
    });
    expect(read.json()).toEqual({ unread_count: 1 });

    // Taking the lead accepts the offer.
    const take = await api(t, 'POST', '/api/leads/take/', { token: onShift.token, body: { user_id: leads[0] } });
    expect(take.statusCode, take.body).toBe(200);
    expect(take.json()).toMatchObject({ status: 'processing', responsible: { id: onShift.id } });
    expect(await offersOf(leads[0]!)).toEqual([{ consultant_id: onShift.id, status: 'accepted' }]);
  });

  it('an offer not taken in time goes back to the pool and to the next consultant', async () => {
    const first = await makeEmployee(t);
    const second = await makeEmployee(t);
    await shift(first.id, 2);
    await shift(second.id, 2);
    await only([first.id, second.id]);
    const lead = await makeLead(t);
    const firstPick = await routeLead(t.app.ctx, lead);
    expect([first.id, second.id]).toContain(firstPick);
    const next = firstPick === first.id ? second.id : first.id;

    await sweepOffers(t.app.ctx); // not expired yet
    expect((await offersOf(lead)).map((o) => o.status)).toEqual(['open']);
    clock.advance(6 * 60_000);
    try {
      await sweepOffers(t.app.ctx);
      await waitFor(async () => (await offersOf(lead)).length === 2, 're-offer', 20_000);
    } finally {
      clock.advance(-6 * 60_000);
    }
    expect(await offersOf(lead)).toEqual([
      { consultant_id: firstPick, status: 'expired' },
      { consultant_id: next, status: 'open' },
    ]);
    const kinds = (
      await t.pool.query(`select kind from action_logs where subject_id = $1 order by id`, [lead])
    ).rows.map((r) => r.kind);
    expect(kinds).toEqual(['lead_offer', 'lead_offer_expired', 'lead_offer']);
  });

  it('the minute sweep sends no routing jobs while nobody is on shift, and offers the pool once someone is', async () => {
    const later = await makeEmployee(t, { login: false });
    await only([later.id]);
    const lead = await makeLead(t, { joined: clock.now() });
    const jobsFor = async () =>
      (
        await one<{ n: number }>(
          t,
          `select count(*)::int as n from pgboss.job where name = 'route-lead' and data->>'leadId' = $1`,
          [String(lead)],
        )
      ).n;
    await sweepOffers(t.app.ctx);
    expect(await jobsFor()).toBe(0);
    await shift(later.id, 2);
    await sweepOffers(t.app.ctx);
    expect(await jobsFor()).toBe(1);
    await waitFor(async () => (await offersOf(lead)).length === 1, 'the offer', 20_000);
    expect(await offersOf(lead)).toEqual([{ consultant_id: later.id, status: 'open' }]);
  });

  it('the waiting leads tell staff, not members, when no consultant has work times or none is on shift now', async () => {
    const admin = await makeEmployee(t, { role: 'admin' });
    const later = await makeEmployee(t);
    await only([later.id]);
    await t.pool.query('delete from work_times where user_id = $1', [later.id]);
    const routing = async (token: string, query = '') =>
      (await api(t, 'POST', `/api/team/get_waiting_users/${query}`, { token })).json<Json>().routing as unknown;
    // A fresh install: nobody has work times, so no lead is offered to anyone.
    expect(await routing(admin.token)).toEqual({
      consultants_with_work_times: 0,
      consultants_without_work_times: 1,
      consultants_available_now: 0,
    });
    // Hours on another day (Thursday; it is Wednesday): some hours, nobody on shift now.
    await shift(later.id, 3);
    expect(await routing(later.token)).toEqual({
      consultants_with_work_times: 1,
      consultants_without_work_times: 0,
      consultants_available_now: 0,
    });
    await shift(later.id, 2);
    const onShift = {
      consultants_with_work_times: 1,
      consultants_without_work_times: 0,
      consultants_available_now: 1,
    };
    expect(await routing(admin.token)).toEqual(onShift);
    // Every page and filter of the queue tells it; a lookup of one lead (the brief) has no queue to tell of.
    expect(await routing(admin.token, '?page=3&page_size=1&search=Lead&queue_status=new')).toEqual(onShift);
    const lead = await makeLead(t);
    const brief = await api(t, 'POST', `/api/team/get_waiting_users/?id=${String(lead)}`, { token: admin.token });
    expect(brief.json<Json>()).toEqual(
      expect.objectContaining({ count: 1, results: [expect.objectContaining({ id: lead })] }),
    );
    expect(brief.json<Json>()).not.toHaveProperty('routing');
    const member = await createUser(t.db, { password: 'member-password-1', emailActivation: true });
    const memberToken = await t.login(member.email, 'member-password-1');
    expect(await routing(memberToken)).toBeUndefined();
  });

  it("an admin's new waiting lead, and one an admin sets back to waiting, are queued for routing at once", async () => {
    const onShift = await makeEmployee(t, { login: false });
    await only([onShift.id]);
    await shift(onShift.id, 2);
    const admin = await makeEmployee(t, { role: 'admin' });
    const jobsFor = async (lead: number) =>
      (
        await one<{ n: number }>(
          t,
          `select count(*)::int as n from pgboss.job where name = 'route-lead' and data->>'leadId' = $1`,
          [String(lead)],
        )
      ).n;

    const created = await api(t, 'POST', '/api/v1/users/', {
      token: admin.token,
      body: { first_name: 'Queued', last_name: 'Lead', role: 'member', lead_status: 'waiting' },
    });
    expect(created.statusCode).toBe(201);
    const lead = created.json<{ id: number }>().id;
    expect(await jobsFor(lead)).toBe(1);
    await waitFor(async () => (await offersOf(lead)).length === 1, 'the offer', 20_000);
    expect(await offersOf(lead)).toEqual([{ consultant_id: onShift.id, status: 'open' }]);
    const source = await one<{ source: string }>(
      t,
      `select details->>'source' as source from action_logs where subject_id = $1 and kind = 'lead_created'`,
      [lead],
    );
    expect(source.source).toBe('staff');

    const notActive = await makeLead(t, { status: 'not_active' });
    const back = await api(t, 'PUT', `/api/v1/users/${String(notActive)}`, {
      token: admin.token,
      body: { lead_status: 'waiting' },
    });
    expect(back.statusCode).toBe(200);
    expect(await jobsFor(notActive)).toBe(1);
    // An edit that leaves the status alone queues nothing more.
    await api(t, 'PUT', `/api/v1/users/${String(notActive)}`, { token: admin.token, body: { first_name: 'Again' } });
    expect(await jobsFor(notActive)).toBe(1);
  });

  it('weights by rating: ratings 1 and 3 get 1:3 of 400 leads (within 15 %)', async () => {
    const low = await makeEmployee(t, { rating: 1, limit: 1000, login: false });
    const high = await makeEmployee(t, { rating: 3, limit: 1000, login: false });
    await shift(low.id, 2);
    await shift(high.id, 2);
    await only([low.id, high.id]);
    const ids = (
      await createUsers(
        t.db,
        Array.from({ length: 400 }, (_, g) => ({ firstName: 'Bulk', lastName: `Lead ${g + 1}` })),
      )
    ).map((u) => u.id);
    for (const id of ids) await routeLead(t.app.ctx, id);
    const counts = await one<{ low: number; high: number }>(
      t,
      `select count(*) filter (where consultant_id = $1)::int as low, count(*) filter (where consultant_id = $2)::int as high
       from lead_offers where lead_id = any($3::int[])`,
      [low.id, high.id, ids],
    );
    expect(counts.low + counts.high).toBe(400);
    expect(counts.high / counts.low).toBeGreaterThan(3 * 0.85);
    expect(counts.high / counts.low).toBeLessThan(3 * 1.15);
  });
});

describe('taking waiting leads to work', () => {
  it('20 consultants take one lead at once: exactly one wins, 19 get the spec message', async () => {
    const lead = await makeLead(t);
    const rivals = await Promise.all(Array.from({ length: 20 }, () => makeEmployee(t)));
    const answers = await Promise.all(
      rivals.map((r) => api(t, 'POST', '/api/leads/take/', { token: r.token, body: { user_id: lead } })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const lost = answers.filter((a) => a.statusCode === 409);
    expect(lost).toHaveLength(19);
    for (const a of lost) expect(a.json()).toEqual({ detail: en.user_taken, code: 'user_taken' });
    const winner = rivals[answers.findIndex((a) => a.statusCode === 200)]!;
    const row = await one(t, 'select lead_status, responsible_id from users where id = $1', [lead]);
    expect(row).toEqual({ lead_status: 'processing', responsible_id: winner.id });
    const takes = await one<{ n: number }>(
      t,
      `select count(*)::int as n from action_logs where subject_id = $1 and kind = 'lead_take'`,
      [lead],
    );
    expect(takes.n).toBe(1);
  });

  it('moves Processing to Active or Not active, only for the responsible consultant', async () => {
    const mine = await makeEmployee(t);
    const stranger = await makeEmployee(t);
    const lead = await makeLead(t);
    await api(t, 'POST', '/api/leads/take/', { token: mine.token, body: { user_id: lead } });
    const denied = await api(t, 'POST', '/api/leads/status/', {
      token: stranger.token,
      body: { user_id: lead, status: 'active' },
    });
    expect(denied.statusCode).toBe(403);
    const active = await api(t, 'POST', '/api/leads/status/', {
      token: mine.token,
      body: { user_id: lead, status: 'active' },
    });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json<Json>().status).toBe('active');
    const waiting = await makeLead(t);
    const wrong = await api(t, 'POST', '/api/leads/status/', {
      token: mine.token,
      body: { user_id: waiting, status: 'active' },
    });
    expect(wrong.statusCode).toBe(403);
  });
});
