import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { catalogues } from '../../src/server/i18n';
import { api, type Json } from '../setup/learning';
import { makeEmployee, makeLead } from '../setup/staff';
import { zoneAtNoon } from '../setup/zone';
import { createTestApp, type TestApp } from '../setup/test-app';

const en = catalogues.en;
let t: TestApp;
let boss: Awaited<ReturnType<typeof makeEmployee>>;
let cons: Awaited<ReturnType<typeof makeEmployee>>;
let other: Awaited<ReturnType<typeof makeEmployee>>;
let lead: number;

beforeAll(async () => {
  t = await createTestApp();
  boss = await makeEmployee(t, { role: 'admin', timeZone: zoneAtNoon() });
  cons = await makeEmployee(t, { timeZone: zoneAtNoon() });
  other = await makeEmployee(t, { timeZone: zoneAtNoon() });
  lead = await makeLead(t, { responsibleId: cons.id, status: 'processing' });
});
afterAll(async () => t.close());

const create = (token: string, body: Json) => api(t, 'POST', '/api/user_tasks/create/', { token, body });
const list = async (token: string, query = '', body: Json = {}) => {
  const res = await api(t, 'POST', `/api/user_tasks/list/${query}`, { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('tasks', () => {
  it('creates a call in 15 minutes about a lead, lists it under Today, completes it with a result', async () => {
    const before = Date.now();
    const res = await create(cons.token, {
      type: 'call',
      start_in: '15',
      description: 'Call about the course',
      linked_user_id: lead,
    });
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json();
    expect(task).toMatchObject({
      type: 'call',
      status: 'planned',
      description: 'Call about the course',
      linked_user: { id: lead },
      owner: { id: cons.id },
    });
    const start = Date.parse(task.start_at);
    expect(start - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(start - before).toBeLessThan(16 * 60_000);

    const page = await list(cons.token, '?tab=today');
    expect(page.results.map((r: Json) => r.id)).toContain(task.id);
    expect(page.tab_counts.today).toBeGreaterThanOrEqual(1);

    const noResult = await api(t, 'POST', '/api/user_tasks/update/', {
      token: cons.token,
      body: { task_id: task.id, action: 'complete' },
    });
    expect(noResult.statusCode).toBe(400);
    expect(noResult.json().result).toEqual([en.field_required]);

    const done = await api(t, 'POST', '/api/user_tasks/update/', {
      token: cons.token,
      body: { task_id: task.id, action: 'complete', result: 'Agreed to a meeting' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'completed',
      result: 'Agreed to a meeting',
      completed_at: expect.any(String),
    });
    const completed = await list(cons.token, '?tab=completed');
    expect(completed.results[0].id).toBe(task.id);
    // A second completion (another tab of the browser) changes nothing.
    const again = await api(t, 'POST', '/api/user_tasks/update/', {
      token: cons.token,
      body: { task_id: task.id, action: 'cancel' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().non_field_errors).toEqual([en.task_not_planned]);
    const log = await t.pool.query(
      `select kind, actor_id, view_as_id from action_logs where details->>'task_id' = $1 order by id`,
      [String(task.id)],
    );
    expect(log.rows.map((r) => r.kind)).toEqual(['task_create', 'task_complete']);
  });

  it("answers the spec's messages: no start time, empty description, no linked user", async () => {
    const res = await create(cons.token, { type: 'meet', description: '  ', linked_user_id: lead });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ description: [en.field_required], start_at: [en.start_time_required] });
    const noUser = await create(cons.token, { type: 'meet', description: 'x', start_in: 'now' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().linked_user_id).toEqual([en.field_required]);
    expect(
      (await t.pool.query('select count(*)::int as n from tasks where owner_id = $1 and type = $2', [cons.id, 'meet']))
        .rows[0].n,
    ).toBe(0);
  });

  it('refuses a user the consultant does not look after, and an end before the start', async () => {
    const stranger = await makeLead(t, { responsibleId: other.id });
    const res = await create(cons.token, {
      type: 'message',
      start_in: 'now',
      description: 'Hi',
      linked_user_id: stranger,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().linked_user_id).toEqual([en.task_user_not_linkable]);
    const end = await create(cons.token, {
      type: 'meet',
      start_in: '60',
      end_at: new Date().toISOString(),
      description: 'x',
      linked_user_id: lead,
    });
    expect(end.json().end_at).toEqual([en.task_end_before_start]);
  });

  it('refuses a user who does not exist, also to an admin (who may link anybody else)', async () => {
    const admin = await makeEmployee(t, { role: 'admin' });
    const missing = (await t.pool.query('select max(id) + 1000 as id from users')).rows[0].id;
    const before = (await t.pool.query('select count(*)::int as n from tasks')).rows[0].n;
    const res = await create(admin.token, {
      type: 'call',
      start_in: 'now',
      description: 'Nobody',
      linked_user_id: missing,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().linked_user_id).toEqual([en.task_user_not_linkable]);
    expect((await t.pool.query('select count(*)::int as n from tasks')).rows[0].n).toBe(before);
    const anybody = await makeLead(t, { responsibleId: other.id });
    expect(
      (await create(admin.token, { type: 'call', start_in: 'now', description: 'Somebody', linked_user_id: anybody }))
        .statusCode,
    ).toBe(201);
  });

  it('sorts into Future, reschedules and cancels; the list filters by type and search', async () => {
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const task = (
      await create(cons.token, {
        type: 'meet',
        start_at: later,
        description: 'Coffee with Zelda',
        linked_user_id: lead,
      })
    ).json();
    const future = await list(cons.token, '?tab=future');
    expect(future.results.map((r: Json) => r.id)).toContain(task.id);
    expect((await list(cons.token, '?tab=future&type=call')).results.map((r: Json) => r.id)).not.toContain(task.id);
    expect((await list(cons.token, '?tab=future&search=zelda')).results.map((r: Json) => r.id)).toEqual([task.id]);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const ids = async (body: Json) => (await list(cons.token, '?tab=future', body)).results.map((r: Json) => r.id);
    expect(await ids({ linked_user_id: lead, date_from: day(2), date_to: day(4) })).toContain(task.id);
    expect(await ids({ date_from: day(5) })).not.toContain(task.id);
    expect(await ids({ date_to: day(1) })).not.toContain(task.id);
    expect(await ids({ linked_user_id: other.id })).not.toContain(task.id);
    const moved = await api(t, 'POST', '/api/user_tasks/update/', {
      token: cons.token,
      body: { task_id: task.id, action: 'reschedule', start_in: '30' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await list(cons.token, '?tab=today')).results.map((r: Json) => r.id)).toContain(task.id);
    const noTime = await api(t, 'POST', '/api/user_tasks/update/', {
      token: cons.token,
      body: { task_id: task.id, action: 'reschedule' },
    });
    expect(noTime.json().start_at).toEqual([en.start_time_required]);
    const canceled = await api(t, 'POST', '/api/user_tasks/update/', {
      token: cons.token,
      body: { task_id: task.id, action: 'cancel', result: 'Ill' },
    });
    expect(canceled.json()).toMatchObject({ status: 'canceled', result: 'Ill' });
    expect((await list(cons.token, '?tab=canceled')).results.map((r: Json) => r.id)).toEqual([task.id]);
  });

  it('another consultant can neither see nor change these tasks; an admin acts in view-as, logged under both', async () => {
    const task = (
      await create(cons.token, { type: 'call', start_in: 'now', description: 'View-as', linked_user_id: lead })
    ).json();
    const peek = await api(t, 'POST', `/api/user_tasks/list/?user_id=${cons.id}`, { token: other.token, body: {} });
    expect(peek.statusCode).toBe(403);
    const touch = await api(t, 'POST', '/api/user_tasks/update/', {
      token: other.token,
      body: { task_id: task.id, action: 'cancel' },
    });
    expect(touch.statusCode).toBe(403);

    const asCons = await list(boss.token, `?user_id=${cons.id}&tab=today`);
    expect(asCons.results.map((r: Json) => r.id)).toContain(task.id);
    const done = await api(t, 'POST', '/api/user_tasks/update/', {
      token: boss.token,
      body: { task_id: task.id, action: 'complete', result: 'Done by manager' },
    });
    expect(done.statusCode).toBe(200);
    const made = await create(boss.token, {
      type: 'meet',
      start_in: '90',
      description: 'Planned for cons',
      linked_user_id: lead,
      user_id: cons.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().owner.id).toBe(cons.id);
    const log = await t.pool.query(
      `select kind, actor_id, view_as_id from action_logs where actor_id = $1 order by id`,
      [boss.id],
    );
    expect(log.rows).toEqual([
      { kind: 'task_complete', actor_id: boss.id, view_as_id: cons.id },
      { kind: 'task_create', actor_id: boss.id, view_as_id: cons.id },
    ]);
  });

  it('users to link: only those the consultant looks after, searchable', async () => {
    const mine = await makeLead(t, { responsibleId: cons.id, name: 'Quentin' });
    const below = await makeLead(t, { referrerId: cons.id, name: 'Quirin' });
    await makeLead(t, { responsibleId: other.id, name: 'Quasimodo' });
    const res = await api(t, 'GET', '/api/user_tasks/get_users_to_link/?search=qu', { token: cons.token });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((u: Json) => u.id)
        .sort(),
    ).toEqual([mine, below].sort());
  });

  it('creates a new lead and a task about them in one step; a taken phone changes nothing', async () => {
    const body = {
      first_name: 'Nina',
      last_name: 'Neu',
      phone: '+49 170 5550101',
      type: 'call',
      start_in: '45',
      description: 'First call',
    };
    const res = await api(t, 'POST', '/api/user_tasks/create_new_lead_task/', { token: cons.token, body });
    expect(res.statusCode, res.body).toBe(201);
    const leadId = res.json().linked_user.id;
    const u = (await t.pool.query('select lead_status, responsible_id from users where id = $1', [leadId])).rows[0];
    expect(u).toEqual({ lead_status: 'processing', responsible_id: cons.id });
    const dup = await api(t, 'POST', '/api/user_tasks/create_new_lead_task/', {
      token: cons.token,
      body: { ...body, start_in: undefined },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ phone: [en.phone_in_use], start_at: [en.start_time_required] });
  });

  it("gives a new lead their phone's zone and language, not the creator's, and sends the invitation asked for in the lead's language", async () => {
    // A German-speaking admin in Berlin types a New York number (#40 finding 11).
    const berlin = await makeEmployee(t, { role: 'admin', timeZone: 'Europe/Berlin' });
    await t.pool.query(`update users set language = 'de' where id = $1`, [berlin.id]);
    const email = `ny-lead-${Date.now()}@example.test`;
    const body = {
      first_name: 'Nora',
      last_name: 'York',
      phone: '+1 212 555 0142',
      email,
      type: 'call',
      start_in: '30',
      description: 'First call',
      send_invitation: true,
    };
    const res = await api(t, 'POST', '/api/user_tasks/create_new_lead_task/', { token: berlin.token, body });
    expect(res.statusCode, res.body).toBe(201);
    const leadId = res.json().linked_user.id;
    const u = (await t.pool.query('select time_zone, language from users where id = $1', [leadId])).rows[0];
    expect(u).toEqual({ time_zone: 'America/New_York', language: 'en' });
    const mails = await t.pool.query(`select subject from mail_outbox where "to" = $1`, [email]);
    expect(mails.rows.map((r: Json) => r.subject)).toEqual([en.mail_invitation_subject]);

    // What the form names wins; without the choice nobody is mailed; an invitation needs an email.
    const chosen = await api(t, 'POST', '/api/user_tasks/create_new_lead_task/', {
      token: berlin.token,
      body: {
        ...body,
        phone: '+1 212 555 0143',
        email: `de-${email}`,
        language: 'de',
        time_zone: 'America/Chicago',
        send_invitation: false,
      },
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    const c = (
      await t.pool.query('select time_zone, language from users where id = $1', [chosen.json().linked_user.id])
    ).rows[0];
    expect(c).toEqual({ time_zone: 'America/Chicago', language: 'de' });
    expect((await t.pool.query(`select 1 from mail_outbox where "to" = $1`, [`de-${email}`])).rowCount).toBe(0);
    const noEmail = await api(t, 'POST', '/api/user_tasks/create_new_lead_task/', {
      token: berlin.token,
      body: { ...body, phone: '+1 212 555 0144', email: undefined },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ email: [catalogues.de.field_required] }); // in the caller's language
  });

  it("keeps every tab's count equal to the owner's tasks through creates, status changes, hand-overs and deletes", async () => {
    const owner = await makeEmployee(t, { timeZone: 'Europe/Berlin' });
    const exact = async (id: number) =>
      (
        await t.pool.query(
          `select count(*) filter (where status = 'planned' and start_at < date_trunc('day', now() at time zone 'Europe/Berlin') at time zone 'Europe/Berlin' + interval '1 day')::int as today,
             count(*) filter (where status = 'planned' and start_at >= date_trunc('day', now() at time zone 'Europe/Berlin') at time zone 'Europe/Berlin' + interval '1 day')::int as future,
             count(*) filter (where status = 'completed')::int as completed, count(*) filter (where status = 'canceled')::int as canceled
           from tasks where owner_id = $1`,
          [id],
        )
      ).rows[0];
    const counts = async (who: typeof owner) =>
      (await list(who.token, '?tab=today')).tab_counts as Record<'today' | 'future' | 'completed' | 'canceled', number>;
    await t.pool.query(
      `insert into tasks (owner_id, type, status, start_at) select $1, 'call', s, now() + make_interval(days => d)
       from unnest(array['planned', 'planned', 'planned', 'completed', 'canceled'], array[0, 2, 5, -1, 3]) as a(s, d)`,
      [owner.id],
    );
    expect(await counts(owner)).toEqual(await exact(owner.id));
    expect(await counts(owner)).toMatchObject({ future: 2, completed: 1, canceled: 1 });
    await t.pool.query(
      `update tasks set status = 'completed', completed_at = now() where owner_id = $1 and status = 'planned' and start_at > now() + interval '4 days'`,
      [owner.id],
    );
    await t.pool.query(
      `update tasks set start_at = now() + interval '10 days' where owner_id = $1 and status = 'planned'`,
      [owner.id],
    );
    expect(await counts(owner)).toEqual(await exact(owner.id));
    expect(await counts(owner)).toMatchObject({ today: 0, future: 2, completed: 2 });
    const before = await counts(other);
    await t.pool.query(`update tasks set owner_id = $2 where owner_id = $1 and status = 'completed'`, [
      owner.id,
      other.id,
    ]);
    await t.pool.query(`delete from tasks where owner_id = $1 and status = 'canceled'`, [owner.id]);
    expect(await counts(owner)).toEqual(await exact(owner.id));
    expect(await counts(owner)).toMatchObject({ completed: 0, canceled: 0 });
    expect((await counts(other)).completed).toBe(before.completed + 2);
  });
  it('a task started "now" is not overdue until its start minute has passed, in the list and in the answers', async () => {
    const made = await create(cons.token, {
      type: 'call',
      start_in: 'now',
      description: 'Overdue by the minute',
      linked_user_id: lead,
    });
    expect(made.statusCode, made.body).toBe(201);
    const task = made.json();
    expect(task.is_overdue).toBe(false);
    // The start at :30 of the current minute; the app clock then just before and just after that minute ends.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    await t.pool.query(`update tasks set start_at = $2 where id = $1`, [task.id, new Date(minute + 30_000)]);
    const at = async (instant: number) => {
      clock.reset();
      clock.advance(instant - Date.now());
      const listed = (await list(cons.token, '?tab=today&search=Overdue%20by%20the%20minute')).results;
      const edited = await api(t, 'POST', '/api/user_tasks/update/', {
        token: cons.token,
        body: { task_id: task.id, action: 'edit', description: 'Overdue by the minute' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      return [listed.map((r: Json) => [r.id, r.is_overdue]), edited.json().is_overdue];
    };
    try {
      expect(await at(minute + 55_000)).toEqual([[[task.id, false]], false]);
      expect(await at(minute + 61_000)).toEqual([[[task.id, true]], true]);
    } finally {
      clock.reset();
    }
  });
});
