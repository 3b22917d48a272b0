import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { periodDays } from '../../src/server/services/statistics/period';
import type { TaskType } from '../../src/server/db/schema';
import { createPayment, createTask } from '../factories';
import { api, type Json } from '../setup/learning';
import { makeEmployee, makeLead } from '../setup/staff';
import { zoneAtNoon } from '../setup/zone';
import { createTestApp, type TestApp } from '../setup/test-app';

const en = catalogues.en;
let t: TestApp;
let boss: Awaited<ReturnType<typeof makeEmployee>>;
let cons: Awaited<ReturnType<typeof makeEmployee>>;
let junior: Awaited<ReturnType<typeof makeEmployee>>;

beforeAll(async () => {
  t = await createTestApp();
  boss = await makeEmployee(t, { role: 'admin', timeZone: zoneAtNoon() });
  cons = await makeEmployee(t, { timeZone: zoneAtNoon() });
  junior = await makeEmployee(t, { referrerId: cons.id, timeZone: zoneAtNoon() });
});
afterAll(async () => t.close());

const stats = (token: string, body: Json = {}) =>
  api(t, 'POST', '/api/accounts/dashboard/statistics/', { token, body });

async function completedTask(owner: number, linked: number | null, minutes = 30, type: TaskType = 'call') {
  const startAt = new Date(Date.now() - 3_600_000);
  await createTask(t.db, {
    ownerId: owner,
    linkedUserId: linked,
    type,
    status: 'completed',
    startAt,
    endAt: new Date(startAt.getTime() + minutes * 60_000),
    completedAt: new Date(),
    description: 'x',
  });
}

describe('staff statistics', () => {
  it("counts today's completed tasks, time spent, registrations and their tasks; money only for admins", async () => {
    const before = (await stats(cons.token)).json();
    expect(before).toMatchObject({
      current_period: 'today',
      completed_tasks: { available: true, value: 0 },
      donations_sum: { available: false },
    });
    expect(before.available_periods).toEqual(['today', 'week', 'month', 'quarter', 'half_year', 'year', 'range']);

    const fresh = await makeLead(t, { responsibleId: cons.id, status: 'processing', country: 'DE' });
    const old = await makeLead(t, {
      responsibleId: cons.id,
      status: 'active',
      joined: new Date(Date.now() - 400 * 86_400_000),
    });
    await completedTask(cons.id, fresh, 30);
    await completedTask(cons.id, old, 15, 'meet');
    await completedTask(cons.id, old, 20, 'message');
    await createPayment(t.db, { userId: fresh, amountCents: 1250 });
    await createPayment(t.db, { userId: fresh, kind: 'subscription', amountCents: 900 });

    const after = (await stats(cons.token)).json();
    expect(after).toMatchObject({
      completed_tasks: { available: true, value: 3 },
      time_spent: { available: true, value: 45 },
      new_registrations: { available: true, value: 1 },
      tasks_of_new_registrations: { available: true, value: 1 },
      donations_sum: { available: false, value: '0.00' },
      new_subscriptions: { available: false, value: 0 },
    });
    const asCons = (await stats(boss.token, { user_id: cons.id })).json();
    expect(asCons).toMatchObject({
      completed_tasks: { value: 3 },
      donations_sum: { available: true, value: '12.50' },
      new_subscriptions: { value: 1 },
    });

    const countries = (
      await api(t, 'POST', '/api/accounts/dashboard/statistics_by_countries/', {
        token: boss.token,
        body: { user_id: cons.id },
      })
    ).json();
    expect(countries).toContainEqual({ country: 'DE', registrations: 1, donations_sum: '12.50', subscriptions: 1 });
    // The consultant sees their registrations per country, not the money.
    const ownCountries = (
      await api(t, 'POST', '/api/accounts/dashboard/statistics_by_countries/', { token: cons.token, body: {} })
    ).json();
    expect(ownCountries).toContainEqual({ country: 'DE', registrations: 1, donations_sum: '0.00', subscriptions: 0 });

    const staff = await api(t, 'POST', '/api/accounts/dashboard/staff_statistics/?ordering=-completed_tasks', {
      token: boss.token,
      body: {},
    });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().results[0]).toMatchObject({
      user: { id: cons.id },
      completed_tasks: 3,
      time_spent: 45,
      donations_sum: '12.50',
      tasks_of_new_registrations: 1,
    });
    const mine = (
      await api(t, 'POST', '/api/accounts/dashboard/staff_statistics/', {
        token: cons.token,
        body: { period: 'month' },
      })
    ).json();
    expect(mine.results.map((r: Json) => r.user.id).sort()).toEqual([cons.id, junior.id].sort());
  });

  it('view-as: a consultant may open their structure, not the other way round', async () => {
    expect((await stats(cons.token, { user_id: junior.id })).statusCode).toBe(200);
    expect((await stats(junior.token, { user_id: cons.id })).statusCode).toBe(403);
    const member = await makeLead(t);
    expect((await stats(boss.token, { user_id: member })).statusCode).toBe(404);
  });

  it("a range needs both dates ('Please, fill both fields') in order", async () => {
    const res = await stats(cons.token, { period: 'range', date_from: '2026-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ date_to: [en.fill_both_fields] });
    const back = await stats(cons.token, { period: 'range', date_from: '2026-02-01', date_to: '2026-01-01' });
    expect(back.json()).toEqual({ date_from: [en.date_range_invalid] });
    const ok = (await stats(cons.token, { period: 'range', date_from: '2020-01-01', date_to: '2099-12-31' })).json();
    expect(ok).toMatchObject({
      current_period: 'range',
      date_from: '2020-01-01',
      date_to: '2099-12-31',
      completed_tasks: { value: 3 },
    });
  });

  it('periods start on Monday, the 1st, the quarter, the half year and the year in the time zone', () => {
    const days = (period: 'week' | 'month' | 'quarter' | 'half_year' | 'year') => periodDays({ period }, 'UTC');
    const today = new Date().toISOString().slice(0, 10);
    expect(new Date(`${days('week').from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(days('month').from).toBe(`${today.slice(0, 8)}01`);
    expect(['01', '04', '07', '10']).toContain(days('quarter').from.slice(5, 7));
    expect(['01', '07']).toContain(days('half_year').from.slice(5, 7));
    expect(days('year').from).toBe(`${today.slice(0, 4)}-01-01`);
  });
});
