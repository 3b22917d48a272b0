import { expect, type APIRequestContext } from '@playwright/test';

const WEEK = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

/** A consultant's week, set by an admin's API: every day round the clock (on shift), or every day off. */
export async function setOnShift(admin: APIRequestContext, userId: number, on: boolean) {
  const res = await admin.post('/api/accounts/user/update_work_times/', {
    data: {
      user_id: userId,
      work_times: WEEK.map((weekday) =>
        on
          ? { weekday, time_from: '00:00', time_to: '23:59', is_day_off: false }
          : { weekday, time_from: null, time_to: null, is_day_off: true },
      ),
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/**
 * Every consultant off shift but `onlyId` (none when it is left out), for a spec whose lead must go to its
 * own consultant: earlier specs leave consultants with hours (admin.spec's demo consultant works Monday
 * 08:30–17:00 Berlin), and routing offers a lead to any consultant on shift.
 */
export async function onlyOnShift(admin: APIRequestContext, onlyId?: number) {
  const res = await admin.get('/api/v1/users/?role=consultant&page_size=200');
  expect(res.ok(), await res.text()).toBeTruthy();
  const { results } = (await res.json()) as { results: { id: number }[] };
  await Promise.all(results.filter((c) => c.id !== onlyId).map((c) => setOnShift(admin, c.id, false)));
  if (onlyId !== undefined) await setOnShift(admin, onlyId, true);
}

/**
 * The admin takes every lead earlier specs left waiting (members made without a consultant are leads),
 * for a spec that counts or finds its own offer in a consultant's bell: routing offers each waiting lead
 * to whoever is on shift (its minute sweep), and twenty such offers push the spec's own out of the bell.
 */
export async function takeWaitingLeads(admin: APIRequestContext) {
  for (let round = 0; round < 20; round += 1) {
    const res = await admin.post('/api/team/get_waiting_users/?page=1&page_size=100');
    expect(res.ok(), await res.text()).toBeTruthy();
    const { results } = (await res.json()) as { results: { id: number }[] };
    if (!results.length) return;
    for (const lead of results) {
      const taken = await admin.post('/api/leads/take/', { data: { user_id: lead.id } });
      // 409: someone took it meanwhile, which is as good.
      expect([200, 409], await taken.text()).toContain(taken.status());
    }
  }
  throw new Error('leads kept waiting after twenty rounds of taking them');
}
