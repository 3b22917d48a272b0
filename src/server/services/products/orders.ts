import { sql, type SQL } from 'drizzle-orm';
import type { SchemaDeliveryDetails } from '../../../api/schema';
import type { AppContext, AuthUser } from '../../context';
import { one } from '../../db/rows';
import type { ProductOrderStatus } from '../../db/schema';
import { FieldErrors, notFound } from '../../errors';
import type { ListWindow } from '../../http/simple-rest';
import { centsToMoney } from '../content/money';
import { pageSql } from '../paging';
import { configuredProvider, insertPendingPayment, openCheckout } from '../payments/checkout';
import { iso, isoOrNull, PRODUCTS_RETURN_PATH, rowsOf } from '../payments/common';
import { activeMethod, defaultOnlineMethod } from '../payments/methods';
import { visibleUser } from '../payments/visibility';
import { getProduct } from './catalogue';

type Caller = Pick<AuthUser, 'id' | 'role'>;

type OrderRow = {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  product_id: number;
  product_name: string;
  photo: string | null;
  price_cents: number;
  status: ProductOrderStatus;
  payment_id: number;
  delivery_name: string;
  delivery_phone: string;
  delivery_address: string;
  delivery_country: string;
  delivery_city: string;
  delivery_postal_code: string;
  delivery_comment: string;
  created_at: Date;
  paid_at: Date | null;
  updated_at: Date;
};

const SELECT = sql`select o.id, o.user_id, u.first_name, u.last_name, o.product_id, pr.name as product_name,
    pr.photos->>0 as photo, o.price_cents, o.status, o.payment_id, o.delivery_name, o.delivery_phone, o.delivery_address,
    o.delivery_country, o.delivery_city, o.delivery_postal_code, o.delivery_comment, o.created_at, o.paid_at, o.updated_at
  from product_orders o join products pr on pr.id = o.product_id join users u on u.id = o.user_id`;

const delivery = (r: OrderRow) => ({
  name: r.delivery_name,
  phone: r.delivery_phone,
  address: r.delivery_address,
  country: r.delivery_country,
  city: r.delivery_city,
  postal_code: r.delivery_postal_code,
  comment: r.delivery_comment,
});

const myOrderView = (r: OrderRow) => ({
  id: r.id,
  product_id: r.product_id,
  product_name: r.product_name,
  photo: r.photo,
  price: centsToMoney(r.price_cents),
  status: r.status,
  delivery: delivery(r),
  created_at: iso(r.created_at),
  paid_at: isoOrNull(r.paid_at),
});

const staffOrderView = (r: OrderRow) => ({
  id: r.id,
  user_id: r.user_id,
  user: { id: r.user_id, first_name: r.first_name, last_name: r.last_name },
  product_id: r.product_id,
  product_name: r.product_name,
  price: centsToMoney(r.price_cents),
  status: r.status,
  payment_id: r.payment_id,
  delivery: delivery(r),
  created_at: iso(r.created_at),
  paid_at: isoOrNull(r.paid_at),
  updated_at: iso(r.updated_at),
});

/** The caller's own orders, newest first. */
export async function listMyOrders(ctx: AppContext, caller: Caller) {
  const rows = await rowsOf<OrderRow>(
    ctx.db,
    sql`${SELECT} where o.user_id = ${caller.id} order by o.created_at desc nulls last, o.id desc limit 200`,
  );
  return rows.map(myOrderView);
}

/**
 * Orders one piece of a published product: the order and its payment (kind 'product') are recorded
 * pending together, then the provider's checkout opens, as for a book. The stock is only checked
 * here; it goes down when the payment is settled (settle.ts), once.
 */
export async function purchaseProduct(
  ctx: AppContext,
  caller: Caller,
  input: { product: number; delivery: SchemaDeliveryDetails; payment_method?: string },
) {
  const product = await getProduct(ctx, input.product);
  if (!product.in_stock) throw FieldErrors.of('non_field_errors', 'product_out_of_stock');
  const d = input.delivery;
  const trimmed = {
    name: d.name.trim(),
    phone: d.phone.trim(),
    address: d.address.trim(),
    country: d.country.trim(),
    city: d.city.trim(),
    postal_code: d.postal_code.trim(),
  };
  // Spaces alone pass the contract's minLength but name nothing.
  const blank = Object.entries(trimmed).filter(([, v]) => !v);
  if (blank.length)
    throw new FieldErrors(Object.fromEntries(blank.map(([k]) => [`delivery.${k}`, ['field_required']])));
  const method = input.payment_method
    ? await activeMethod(ctx.db, input.payment_method, 'online')
    : await defaultOnlineMethod(ctx.db);
  const provider = await configuredProvider(ctx);
  const order = await ctx.db.transaction(async (tx) => {
    const [p] = await rowsOf<{ price_cents: number; can_buy: boolean }>(
      tx,
      sql`select price_cents, made_to_order or stock > 0 as can_buy from products where id = ${product.id} and is_published for share`,
    );
    if (!p) throw notFound();
    if (!p.can_buy) throw FieldErrors.of('non_field_errors', 'product_out_of_stock');
    const paymentId = await insertPendingPayment(tx, provider, {
      userId: caller.id,
      kind: 'product',
      amountCents: p.price_cents,
      method: method.code,
    });
    const row = one(
      await rowsOf<{ id: number }>(
        tx,
        sql`insert into product_orders (user_id, product_id, payment_id, status, price_cents, delivery_name, delivery_phone,
          delivery_address, delivery_country, delivery_city, delivery_postal_code, delivery_comment)
        values (${caller.id}, ${product.id}, ${paymentId}, 'pending', ${p.price_cents}, ${trimmed.name}, ${trimmed.phone},
          ${trimmed.address}, ${trimmed.country}, ${trimmed.city}, ${trimmed.postal_code}, ${(d.comment ?? '').trim()})
        returning id`,
      ),
    );
    return { id: row.id, paymentId, amountCents: p.price_cents };
  });
  const [u] = await rowsOf<{ email: string | null }>(ctx.db, sql`select email from users where id = ${caller.id}`);
  const url = await openCheckout(ctx, order.paymentId, {
    amountCents: order.amountCents,
    description: product.name,
    email: u?.email ?? '',
    returnPath: PRODUCTS_RETURN_PATH,
    saveForFutureUse: false,
  });
  const r = one(await rowsOf<OrderRow>(ctx.db, sql`${SELECT} where o.id = ${order.id}`));
  return { payment_url: url, order: myOrderView(r) };
}

// 'id' too: the "№" column orders by it, and the tabs' counts ask with react-admin's default order (id).
export const STAFF_ORDERS_SORTABLE = ['id', 'created_at', 'status', 'price', 'paid_at'];
export const STAFF_ORDER_FILTERS = ['status', 'user_id'];
export type StaffOrderFilter = { status?: unknown; user_id?: unknown };
const ORDER: Record<string, string> = {
  id: 'o.id',
  created_at: 'o.created_at',
  status: 'o.status',
  price: 'o.price_cents',
  paid_at: 'o.paid_at',
};
const STATUSES: readonly string[] = ['pending', 'paid', 'sent', 'delivered', 'cancelled'];

function conditions(caller: Caller, f: StaffOrderFilter): SQL {
  const parts: SQL[] = [visibleUser(caller)];
  if (f.status !== undefined && f.status !== null && f.status !== '') {
    if (typeof f.status !== 'string' || !STATUSES.includes(f.status)) throw FieldErrors.of('status', 'field_invalid');
    parts.push(sql`o.status = ${f.status}`);
  }
  if (f.user_id !== undefined && f.user_id !== null && f.user_id !== '') {
    const id = Number(f.user_id);
    if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw FieldErrors.of('user_id', 'field_invalid');
    parts.push(sql`o.user_id = ${id}`);
  }
  return sql.join(parts, sql` and `);
}

/** Orders of the users the caller may see (as with payments), newest first by default. */
export async function listStaffOrders(ctx: AppContext, caller: Caller, w: ListWindow<StaffOrderFilter>) {
  const where = conditions(caller, w.filter);
  const dir = w.desc ? 'desc' : 'asc';
  const order = sql.raw(`${ORDER[w.field] ?? 'o.id'} ${dir} nulls last, o.id ${dir} nulls last`);
  const [rows, count] = await Promise.all([
    rowsOf<OrderRow>(ctx.db, sql`${SELECT} where ${where} order by ${order} ${pageSql(w)}`),
    rowsOf<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from product_orders o join users u on u.id = o.user_id where ${where}`,
    ),
  ]);
  return { rows: rows.map(staffOrderView), total: one(count).n };
}

export async function getStaffOrder(ctx: AppContext, caller: Caller, id: number) {
  const [r] = await rowsOf<OrderRow>(ctx.db, sql`${SELECT} where o.id = ${id} and ${visibleUser(caller)}`);
  if (!r) throw notFound();
  return staffOrderView(r);
}

/** What each status may become by staff's hand; a pending order waits for its payment (or expires with it). */
const NEXT: Partial<Record<ProductOrderStatus, readonly ProductOrderStatus[]>> = {
  paid: ['sent', 'cancelled'],
  sent: ['delivered', 'cancelled'],
};

/** Staff move an order on: paid → sent → delivered, or cancel it; anything else is a 400 that changes nothing. */
export async function changeOrderStatus(
  ctx: AppContext,
  caller: Caller,
  id: number,
  status: 'sent' | 'delivered' | 'cancelled',
) {
  const current = await getStaffOrder(ctx, caller, id);
  const allowed = NEXT[current.status] ?? [];
  // The update checks the status again: two staff changing it at once cannot both win.
  const [changed] = allowed.includes(status)
    ? await rowsOf<{ id: number }>(
        ctx.db,
        sql`update product_orders set status = ${status}, updated_at = now()
          where id = ${id} and status = ${current.status} returning id`,
      )
    : [];
  if (!changed) throw FieldErrors.of('status', 'order_status_change_invalid');
  return getStaffOrder(ctx, caller, id);
}
