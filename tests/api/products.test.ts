import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendReceipt } from '../../src/server/services/payments/receipts';
import { call, makeMember, mailsTo, type Json } from '../setup/accounts';
import { createTestApp, type TestApp } from '../setup/test-app';
import { rows, sandboxDecide } from './payments-support';

/** Brand products (issue 40): the admin catalogue, a member's purchase through the books' checkout, staff's orders. */
let t: TestApp;
let admin: string;
let consultant: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, consultant] = await Promise.all([t.login('admin@demo.atrium'), t.login('consultant@demo.atrium')]);
});
afterAll(async () => t.close());

async function member(language: 'en' | 'ru' | 'de' = 'en') {
  const m = await makeMember(t, { language });
  return { ...m, token: await t.login(m.email, m.password) };
}

const DELIVERY = {
  name: 'Anna Schmidt',
  phone: '+49 30 1234567',
  address: 'Hauptstraße 1',
  country: 'Germany',
  city: 'Berlin',
  postal_code: '10115',
  comment: 'Ring twice',
};

async function product(fields: Json = {}): Promise<number> {
  const res = await call(t, 'POST', '/api/admin/products', {
    token: admin,
    body: { name: `Mug ${Date.now()}`, price: '12.50', stock: 2, is_published: true, ...fields },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Json>().id as number;
}

const buy = (token: string, id: number, lang = 'en', delivery: Json = DELIVERY) =>
  call(t, 'POST', '/api/products/purchase/', {
    token,
    body: { product: id, delivery },
    headers: { 'accept-language': lang },
  });

describe('the catalogue', () => {
  it('is kept by admins only; members see published products only', async () => {
    const m = await member();
    const draft = await product({ is_published: false, name: 'Secret hoodie' });
    const shown = await product({ name: 'Brand cap', made_to_order: true, stock: 0 });

    for (const token of [m.token, consultant]) {
      const refused = await call(t, 'POST', '/api/admin/products', { token, body: { name: 'X', price: '1.00' } });
      expect(refused.statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/admin/products', { token })).statusCode).toBe(403);
    }

    const list = (await call(t, 'GET', '/api/products/list/', { token: m.token })).json<Json[]>();
    expect(list.map((p) => p.id)).toContain(shown);
    expect(list.map((p) => p.id)).not.toContain(draft);
    expect(list.find((p) => p.id === shown)).toMatchObject({
      name: 'Brand cap',
      price: '12.50',
      made_to_order: true,
      in_stock: true,
      stock: null,
    });
    expect((await call(t, 'GET', `/api/products/view/${draft}/`, { token: m.token })).statusCode).toBe(404);
    expect((await buy(m.token, draft)).statusCode).toBe(404);
  });

  it("refuses a price of zero in the admin's language, and stores nothing", async () => {
    const before = await rows(t, 'select count(*)::int as n from products');
    const res = await call(t, 'POST', '/api/admin/products', {
      token: admin,
      body: { name: 'Free thing', price: '0.00' },
    });
    expect(res.statusCode).toBe(400);
    // The demo admin's account speaks Russian.
    expect(res.json()).toEqual({ price: ['У товара должна быть цена больше нуля.'] });
    expect(await rows(t, 'select count(*)::int as n from products')).toEqual(before);
  });
});

describe('a purchase', () => {
  it('is paid once, takes one piece once and mails one receipt, however often the payment is confirmed', async () => {
    const m = await member();
    const id = await product({ stock: 2 });
    const res = await buy(m.token, id);
    expect(res.statusCode).toBe(200);
    const { payment_url: url, order } = res.json<Json>();
    expect(url).toContain('/api/payments/sandbox/checkout/');
    expect(order).toMatchObject({ product_id: id, status: 'pending', price: '12.50', delivery: DELIVERY });

    // The payer presses Pay in three tabs at once, then the provider's event comes again.
    await Promise.all([sandboxDecide(t, url), sandboxDecide(t, url), sandboxDecide(t, url)]);
    await sandboxDecide(t, url);
    expect(await rows(t, 'select kind, state from payments where user_id = $1', [m.id])).toEqual([
      { kind: 'product', state: 'paid' },
    ]);
    expect(await rows(t, 'select stock from products where id = $1', [id])).toEqual([{ stock: 1 }]);
    const mine = (await call(t, 'GET', '/api/products/orders/', { token: m.token })).json<Json[]>();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: order.id, status: 'paid', product_id: id });

    const [payment] = await rows<{ id: number }>(t, 'select id from payments where user_id = $1', [m.id]);
    await sendReceipt(t.app.ctx, { paymentId: payment!.id });
    await sendReceipt(t.app.ctx, { paymentId: payment!.id });
    const mails = await mailsTo(t, m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Product Mug');
  });

  it('of a product out of stock is refused, translated, and records nothing', async () => {
    const m = await member('ru');
    const id = await product({ stock: 0 });
    const res = await buy(m.token, id, 'ru');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Этого товара нет в наличии.'] });
    expect(await rows(t, 'select count(*)::int as n from payments where user_id = $1', [m.id])).toEqual([{ n: 0 }]);
    expect(await rows(t, 'select count(*)::int as n from product_orders where user_id = $1', [m.id])).toEqual([
      { n: 0 },
    ]);
  });

  it('of the last piece paid by someone else first is refunded, and the stock never goes below zero', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await product({ stock: 1 });
    const [ua, ub] = await Promise.all([buy(a.token, id), buy(b.token, id)]);
    await sandboxDecide(t, ua.json<Json>().payment_url);
    await sandboxDecide(t, ub.json<Json>().payment_url);
    expect(await rows(t, 'select stock from products where id = $1', [id])).toEqual([{ stock: 0 }]);
    expect(
      await rows(
        t,
        'select o.status, p.state from product_orders o join payments p on p.id = o.payment_id where o.user_id = $1',
        [b.id],
      ),
    ).toEqual([{ status: 'cancelled', state: 'refunded' }]);
  });

  it('with missing or blank delivery details is a translated 400 that records nothing', async () => {
    const m = await member('de');
    const id = await product();
    const missing = await buy(m.token, id, 'de', { ...DELIVERY, city: undefined });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('city');
    const blank = await buy(m.token, id, 'de', { ...DELIVERY, address: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json<Json>())).toEqual(['delivery.address']);
    expect(await rows(t, 'select count(*)::int as n from payments where user_id = $1', [m.id])).toEqual([{ n: 0 }]);
  });
});

describe('orders', () => {
  it('members see only their own; staff see them with delivery details and move them on; members cannot', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await product({ made_to_order: true });
    const order = (await buy(a.token, id)).json<Json>();
    await sandboxDecide(t, order.payment_url);
    const orderId = order.order.id as number;

    expect((await call(t, 'GET', '/api/products/orders/', { token: b.token })).json()).toEqual([]);
    expect((await call(t, 'GET', '/api/staff/orders', { token: a.token })).statusCode).toBe(403);
    const byMember = await call(t, 'POST', `/api/staff/orders/${orderId}/status`, {
      token: a.token,
      body: { status: 'sent' },
    });
    expect(byMember.statusCode).toBe(403);

    const list = await call(t, 'GET', `/api/staff/orders?filter=${encodeURIComponent('{"status":"paid"}')}`, {
      token: admin,
    });
    expect(list.statusCode).toBe(200);
    const found = list.json<Json[]>().find((o) => o.id === orderId);
    expect(found).toMatchObject({ status: 'paid', delivery: DELIVERY, user_id: a.id });
    // A count as the list's tabs ask for it (one row, react-admin's default order by id) and the "№" column's order.
    const counted = await call(
      t,
      'GET',
      `/api/staff/orders?sort=${encodeURIComponent('["id","ASC"]')}&range=${encodeURIComponent('[0,0]')}`,
      { token: admin },
    );
    expect(counted.statusCode, counted.body).toBe(200);

    // Delivered straight from paid is not a step staff may take: refused, translated, unchanged.
    const skip = await call(t, 'POST', `/api/staff/orders/${orderId}/status`, {
      token: admin,
      body: { status: 'delivered' },
      headers: { 'accept-language': 'ru' },
    });
    expect(skip.statusCode).toBe(400);
    expect(skip.json()).toEqual({ status: ['Заказ нельзя перевести в этот статус из текущего.'] });
    const sent = await call(t, 'POST', `/api/staff/orders/${orderId}/status`, {
      token: admin,
      body: { status: 'sent' },
    });
    expect(sent.json()).toMatchObject({ id: orderId, status: 'sent' });
    const done = await call(t, 'POST', `/api/staff/orders/${orderId}/status`, {
      token: admin,
      body: { status: 'delivered' },
    });
    expect(done.json()).toMatchObject({ status: 'delivered' });
    const mine = (await call(t, 'GET', '/api/products/orders/', { token: a.token })).json<Json[]>();
    expect(mine.map((o) => o.status)).toEqual(['delivered']);
    // Made to order: no stock was taken.
    expect(await rows(t, 'select stock from products where id = $1', [id])).toEqual([{ stock: 2 }]);
  });

  it('a consultant sees the orders of the users they look after only', async () => {
    const m = await member();
    const id = await product();
    const order = (await buy(m.token, id)).json<Json>();
    const orderId = order.order.id as number;
    expect((await call(t, 'GET', `/api/staff/orders/${orderId}`, { token: consultant })).statusCode).toBe(404);
    const [c] = await rows<{ id: number }>(t, `select id from users where email = 'consultant@demo.atrium'`);
    await t.pool.query('update users set responsible_id = $1 where id = $2', [c!.id, m.id]);
    expect((await call(t, 'GET', `/api/staff/orders/${orderId}`, { token: consultant })).statusCode).toBe(200);
  });
});
