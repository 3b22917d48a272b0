import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeMember, waitFor, type Json } from '../setup/accounts';
import { createTestApp, type TestApp } from '../setup/test-app';
import { clock } from '../../src/server/clock';
import { expireCheckouts } from '../../src/server/services/payments/checkout';
import { runRenewals } from '../../src/server/services/subscription/renewal';
import { rows, sandboxDecide } from './payments-support';

let t: TestApp;
let proId: number;
let proLesson: number;
let freeCategoryLesson: number;

beforeAll(async () => {
  t = await createTestApp();
  proId = (await rows<{ id: number }>(t, `select id from packages where name = 'Pro'`))[0]!.id;
  proLesson = (
    await rows<{ id: number }>(
      t,
      `select l.id from lessons l join package_categories pc on pc.category_id = l.category_id
    where pc.package_id = $1 and not l.is_free order by l.id limit 1`,
      [proId],
    )
  )[0]!.id;
  freeCategoryLesson = (await rows<{ id: number }>(t, `select id from lessons where is_free order by id limit 1`))[0]!
    .id;
});
afterAll(async () => {
  clock.reset();
  await t.close();
});

async function member(language: 'en' | 'ru' | 'de' = 'en') {
  const m = await makeMember(t, { language });
  return { ...m, token: await t.login(m.email, m.password) };
}

const lessonLocked = async (token: string) =>
  (await call(t, 'GET', `/api/navigator/lesson/view/${proLesson}/`, { token })).json().access.locked as boolean;

describe('catalogue', () => {
  it('lists the periods (translated) and the packages on sale with what they grant', async () => {
    const m = await member('ru');
    const periods = await call(t, 'POST', '/api/subscription/periods/', { token: m.token });
    expect(periods.json()).toEqual([
      { id: expect.any(Number), name: '1 месяц', months: 1 },
      { id: expect.any(Number), name: '3 месяца', months: 3 },
      { id: expect.any(Number), name: '12 месяцев', months: 12 },
    ]);
    const monthly = periods.json()[0].id;
    const packages = await call(t, 'POST', '/api/subscription/packages/', {
      token: m.token,
      body: { period: monthly },
    });
    expect(packages.json()).toEqual([
      expect.objectContaining({
        id: proId,
        name: 'Pro',
        price: '19.00',
        period: { id: monthly, name: '1 месяц', months: 1 },
        is_current: false,
        lesson_categories: expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]),
      }),
    ]);
    expect(
      (
        await call(t, 'POST', '/api/subscription/packages/', { token: m.token, body: { period: periods.json()[2].id } })
      ).json(),
    ).toEqual([]);
    expect((await call(t, 'POST', '/api/subscription/packages/', { token: m.token })).json()).toHaveLength(1);
  });

  it('an unknown package is a 404; auto-pay without a subscription is a 400', async () => {
    const m = await member();
    expect(
      (await call(t, 'POST', '/api/subscription/package_purchase/', { token: m.token, body: { package: 999999 } }))
        .statusCode,
    ).toBe(404);
    const res = await call(t, 'POST', '/api/subscription/info/', { token: m.token, body: { auto_pay: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['You have no current subscription.'] });
  });
});

describe('buying a package through the sandbox checkout', () => {
  it('opens the granted lessons until the end of the period; auto-pay off lets it end and access stops', async () => {
    const m = await member();
    expect(await lessonLocked(m.token)).toBe(true);
    const buy = await call(t, 'POST', '/api/subscription/package_purchase/', {
      token: m.token,
      body: { package: proId, auto_pay: true },
    });
    expect(buy.statusCode).toBe(200);
    const url = buy.json<Json>().payment_url as string;
    // Unpaid: nothing yet.
    expect((await call(t, 'GET', '/api/subscription/info/', { token: m.token })).json()).toEqual({
      current: null,
      history: [],
    });
    expect(await sandboxDecide(t, url)).toContain('/subscription');

    const info = (await call(t, 'GET', '/api/subscription/info/', { token: m.token })).json<Json>();
    expect(info.current).toMatchObject({
      status: 'active',
      auto_pay: true,
      amount: '19.00',
      package: { id: proId, name: 'Pro' },
      paid_at: expect.any(String),
    });
    const days = (Date.parse(info.current.ends_at) - Date.parse(info.current.starts_at)) / 86400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(info.history).toHaveLength(1);
    expect(await lessonLocked(m.token)).toBe(false);
    expect((await call(t, 'POST', '/api/subscription/packages/', { token: m.token })).json()[0].is_current).toBe(true);
    await waitFor(
      async () =>
        (await rows(t, `select 1 from mail_outbox where "to" = $1 and subject = 'Your payment receipt'`, [m.email]))
          .length === 1,
      'receipt',
    );

    const off = await call(t, 'POST', '/api/subscription/info/', { token: m.token, body: { auto_pay: false } });
    expect(off.json().current.auto_pay).toBe(false);

    clock.advance(days * 86400_000 + 60_000);
    try {
      await runRenewals(t.app.ctx);
      expect(await lessonLocked(m.token)).toBe(true);
      const after = (await call(t, 'GET', '/api/subscription/info/', { token: m.token })).json<Json>();
      expect(after.current).toBeNull();
      expect(after.history).toMatchObject([{ status: 'expired' }]);
      expect(await rows(t, 'select count(*)::int as n from payments where user_id = $1', [m.id])).toEqual([{ n: 1 }]);
    } finally {
      clock.reset();
    }
  });

  it('auto-pay on renews once before the end, however many workers run; the new period follows the old one', async () => {
    const m = await member();
    const buy = await call(t, 'POST', '/api/subscription/package_purchase/', {
      token: m.token,
      body: { package: proId, auto_pay: true },
    });
    await sandboxDecide(t, buy.json().payment_url);
    const first = (await call(t, 'GET', '/api/subscription/info/', { token: m.token })).json().current as Json;
    clock.advance(Date.parse(first.ends_at) - clock.now().getTime() - 3600_000);
    try {
      await Promise.all([runRenewals(t.app.ctx), runRenewals(t.app.ctx), runRenewals(t.app.ctx)]);
      const list = await rows(
        t,
        'select up.status, up.starts_at, up.ends_at, p.state from user_packages up join payments p on p.user_package_id = up.id where up.user_id = $1 order by up.id',
        [m.id],
      );
      expect(list).toHaveLength(2);
      expect(list[1]).toMatchObject({ status: 'active', state: 'paid' });
      expect(new Date(list[1]!.starts_at).toISOString()).toBe(first.ends_at);
      // Two receipts and the notice of the renewal (issue 28), once however many workers ran.
      await waitFor(
        async () => (await rows(t, `select 1 from mail_outbox where "to" = $1`, [m.email])).length === 3,
        'two receipts and the renewal notice',
      );
      const notes = (await call(t, 'GET', '/api/notifications/', { token: m.token })).json();
      expect(notes.results.map((n: Json) => n.kind)).toEqual(['subscription_renewed']);
      expect(notes.results[0].message).toBe('Your subscription “Pro” was renewed.');
    } finally {
      clock.reset();
    }
  });

  it('a declined checkout leaves no subscription', async () => {
    const m = await member();
    const buy = await call(t, 'POST', '/api/subscription/package_purchase/', {
      token: m.token,
      body: { package: proId },
    });
    expect(await sandboxDecide(t, buy.json().payment_url, 'decline')).toContain('Payment declined.');
    expect((await call(t, 'GET', '/api/subscription/info/', { token: m.token })).json()).toEqual({
      current: null,
      history: [],
    });
    expect(
      await rows(
        t,
        'select up.status, p.state from user_packages up join payments p on p.user_package_id = up.id where up.user_id = $1',
        [m.id],
      ),
    ).toEqual([{ status: 'canceled', state: 'failed' }]);
    expect(freeCategoryLesson).toBeGreaterThan(0);
  });
});

describe('buying a book through the same checkout', () => {
  it('an unpaid checkout is canceled after a day, and the book can be bought again', async () => {
    const m = await member();
    const [book] = await rows<{ id: number }>(
      t,
      `select id from books where not is_free and price_cents > 0 order by id limit 1`,
    );
    const buy = await call(t, 'POST', '/api/books/purchase/', { token: m.token, body: { book: book!.id } });
    expect(buy.json().book.purchase_status).toBe('pending');
    clock.advance(25 * 3600_000);
    try {
      await expireCheckouts(t.app.ctx);
    } finally {
      clock.reset();
    }
    expect(await rows(t, `select state from payments where user_id = $1`, [m.id])).toEqual([{ state: 'canceled' }]);
    expect((await call(t, 'GET', `/api/books/view/${book!.id}/`, { token: m.token })).json().purchase_status).toBe(
      'canceled',
    );
    expect(await sandboxDecide(t, buy.json().payment_url)).toContain('already closed');
  });

  it('answers the payment URL; once paid the book opens', async () => {
    const m = await member();
    const [book] = await rows<{ id: number }>(
      t,
      `select id from books where not is_free and price_cents > 0 order by id limit 1`,
    );
    const buy = await call(t, 'POST', '/api/books/purchase/', { token: m.token, body: { book: book!.id } });
    expect(buy.json()).toMatchObject({
      status: 'payment_required',
      payment_url: expect.stringContaining('/api/payments/sandbox/checkout/'),
      book: { can_read: false },
    });
    expect(await sandboxDecide(t, buy.json().payment_url)).toContain(`/books/${book!.id}`);
    const view = await call(t, 'GET', `/api/books/view/${book!.id}/`, { token: m.token });
    expect(view.json()).toMatchObject({ purchased: true, can_read: true, purchase_status: 'paid' });
    expect(await rows(t, `select kind, state from payments where user_id = $1`, [m.id])).toEqual([
      { kind: 'book', state: 'paid' },
    ]);
  });
});
