import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeMember, type Json } from '../setup/accounts';
import { createTestApp, type TestApp } from '../setup/test-app';
import { rows, sandboxDecide } from './payments-support';

/** Money exactly once (issue 24): one open checkout per member and item, a book paid once, periods that never overlap. */
let t: TestApp;
let proId: number;
let bookId: number;

beforeAll(async () => {
  t = await createTestApp();
  proId = (await rows<{ id: number }>(t, `select id from packages where name = 'Pro'`))[0]!.id;
  bookId = (
    await rows<{ id: number }>(t, `select id from books where not is_free and price_cents > 0 order by id limit 1`)
  )[0]!.id;
});
afterAll(async () => t.close());

async function member(language: 'en' | 'ru' | 'de' = 'en') {
  const m = await makeMember(t, { language });
  return { ...m, token: await t.login(m.email, m.password) };
}

const periods = (userId: number) =>
  rows<{ package_id: number; status: string; starts_at: Date; ends_at: Date }>(
    t,
    `select package_id, status, starts_at, ends_at from user_packages where user_id = $1 and status = 'active' order by starts_at, id`,
    [userId],
  );

/** Each period starts at or after the end of the one before: no day is bought twice. */
function expectNoOverlap(list: Array<{ starts_at: Date; ends_at: Date }>) {
  for (let i = 1; i < list.length; i++)
    expect(list[i]!.starts_at.getTime()).toBeGreaterThanOrEqual(list[i - 1]!.ends_at.getTime());
}

describe('a book', () => {
  it('four concurrent purchases answer one checkout; paying it (four times) leaves one paid payment and one purchase', async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(t, 'POST', '/api/books/purchase/', { token: m.token, body: { book: bookId } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const urls = answers.map((a) => a.json<Json>().payment_url as string);
    expect(urls[0]).toContain('/api/payments/sandbox/checkout/');
    expect(new Set(urls).size).toBe(1);
    expect(await rows(t, 'select state from payments where user_id = $1', [m.id])).toEqual([{ state: 'pending' }]);

    // Every tab the payer left open presses Pay, at once.
    await Promise.all(urls.map((u) => sandboxDecide(t, u)));
    expect(await rows(t, 'select kind, state from payments where user_id = $1', [m.id])).toEqual([
      { kind: 'book', state: 'paid' },
    ]);
    expect(await rows(t, 'select status from book_purchases where user_id = $1', [m.id])).toEqual([{ status: 'paid' }]);

    // Buying it again is refused, translated, and opens nothing.
    const again = await call(t, 'POST', '/api/books/purchase/', { token: m.token, body: { book: bookId } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: ['You have already bought this book.'] });
    expect(await rows(t, 'select count(*)::int as n from payments where user_id = $1', [m.id])).toEqual([{ n: 1 }]);
  });

  it('a checkout opened before and paid after the book was bought is refused before anything is taken', async () => {
    const m = await member('ru');
    const [book] = await rows<{ price_cents: number }>(t, 'select price_cents from books where id = $1', [bookId]);
    // A checkout of the book left open from before (made by an earlier version, which kept several).
    const ref = `sbx_earlier_checkout_${m.id}_abcdef`;
    const [earlier] = await rows<{ id: number }>(
      t,
      `insert into payments (user_id, kind, state, amount_cents, method, provider, provider_ref, book_id, created_at)
        values ($1, 'book', 'pending', $2, 'card', 'sandbox', $3, $4, now() - interval '1 hour') returning id`,
      [m.id, book!.price_cents, ref, bookId],
    );
    const buy = await call(t, 'POST', '/api/books/purchase/', { token: m.token, body: { book: bookId } });
    expect(buy.statusCode).toBe(200);
    expect(await sandboxDecide(t, buy.json().payment_url)).toContain('Payment confirmed.');

    // The earlier one is paid after: the page says the book is already bought, and takes nothing. The
    // hosted page speaks the payer's account language (Russian here), whatever the browser asks for.
    const url = `/api/payments/sandbox/checkout/${ref}/`;
    const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('Вы уже купили эту книгу');
    expect(page.body).not.toContain('name="action"');
    const paid = await t.app.inject({
      method: 'POST',
      url,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'de' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Sie haben dieses Buch bereits gekauft');
    expect(
      await rows(t, `select state, meta->>'refused' as refused from payments where id = $1`, [earlier!.id]),
    ).toEqual([{ state: 'canceled', refused: 'already_owned' }]);
    expect(
      await rows(t, `select count(*)::int as n from payments where user_id = $1 and state = 'paid'`, [m.id]),
    ).toEqual([{ n: 1 }]);
    expect(await rows(t, 'select status from book_purchases where user_id = $1', [m.id])).toEqual([{ status: 'paid' }]);
    const again = await call(t, 'POST', '/api/books/purchase/', { token: m.token, body: { book: bookId } });
    expect(again.json()).toEqual({ non_field_errors: ['Вы уже купили эту книгу.'] });
  });
});

describe('a package', () => {
  it('bought twice, one after the other: the second period starts where the first ends', async () => {
    const m = await member();
    for (let i = 0; i < 2; i++) {
      const buy = await call(t, 'POST', '/api/subscription/package_purchase/', {
        token: m.token,
        body: { package: proId },
      });
      expect(await sandboxDecide(t, buy.json().payment_url)).toContain('Payment confirmed.');
    }
    const list = await periods(m.id);
    expect(list).toHaveLength(2);
    expect(list[1]!.starts_at.toISOString()).toBe(list[0]!.ends_at.toISOString());
    expect(
      await rows(t, `select count(*)::int as n from payments where user_id = $1 and state = 'paid'`, [m.id]),
    ).toEqual([{ n: 2 }]);
    // The current one is still the first; the second is in the history, to follow it.
    const info = (await call(t, 'GET', '/api/subscription/info/', { token: m.token })).json<Json>();
    expect(info.current.ends_at).toBe(list[0]!.ends_at.toISOString());
    expect(info.history).toHaveLength(2);
  });

  it('bought four times at once while one runs: one checkout, paid once, following the running period', async () => {
    const m = await member();
    const first = await call(t, 'POST', '/api/subscription/package_purchase/', {
      token: m.token,
      body: { package: proId },
    });
    await sandboxDecide(t, first.json().payment_url);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(t, 'POST', '/api/subscription/package_purchase/', {
          token: m.token,
          body: { package: proId, auto_pay: true },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().payment_url)).size).toBe(1);
    expect(
      await rows(t, `select count(*)::int as n from payments where user_id = $1 and state = 'pending'`, [m.id]),
    ).toEqual([{ n: 1 }]);
    await Promise.all(answers.map((a) => sandboxDecide(t, a.json().payment_url)));
    const list = await periods(m.id);
    expect(list).toHaveLength(2);
    expect(list[1]!.starts_at.toISOString()).toBe(list[0]!.ends_at.toISOString());
    expect(
      await rows(t, `select count(*)::int as n from payments where user_id = $1 and state = 'paid'`, [m.id]),
    ).toEqual([{ n: 2 }]);
  });

  it('two packages paid at the same moment run one after the other', async () => {
    const [monthly] = await rows<{ id: number }>(t, `select id from subscription_periods where months = 1`);
    const [basic] = await rows<{ id: number }>(
      t,
      `insert into packages (name) values ('Basic ${Date.now()}') returning id`,
    );
    await rows(t, `insert into package_terms (package_id, period_id, price_cents) values ($1, $2, 900)`, [
      basic!.id,
      monthly!.id,
    ]);
    const m = await member();
    const buys = await Promise.all(
      [proId, basic!.id].map((id) =>
        call(t, 'POST', '/api/subscription/package_purchase/', { token: m.token, body: { package: id } }),
      ),
    );
    expect(buys.map((b) => b.statusCode)).toEqual([200, 200]);
    await Promise.all(buys.map((b) => sandboxDecide(t, b.json().payment_url)));
    const list = await periods(m.id);
    expect(list).toHaveLength(2);
    expectNoOverlap(list);
    expect(list[1]!.starts_at.toISOString()).toBe(list[0]!.ends_at.toISOString());
  });
});
