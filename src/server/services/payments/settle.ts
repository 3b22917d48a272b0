import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext } from '../../context';
import type { PaymentKind, PaymentState } from '../../db/schema';
import { rowsOf, type Tx } from './common';
import { one } from '../../db/rows';

export const RECEIPT_QUEUE = 'payments.receipt';
export const REFUND_QUEUE = 'payments.refund';

type Settled = {
  id: number;
  kind: PaymentKind;
  user_id: number;
  book_id: number | null;
  user_package_id: number | null;
};

/** What settlePaid did: the payment is paid now, refunded (it bought what the member had), or nothing (already decided). */
export type PaidOutcome = 'applied' | 'refunded' | false;

/**
 * A payment captured by its provider (or approved by staff), once: the payment row is locked, so
 * a second event for it changes nothing. Then what it buys:
 * - a product's order turns paid and one piece leaves its stock; sold out meanwhile, the payment
 *   turns 'refunded' like a book's;
 * - a book opens; a book already bought (another checkout paid first) is not sold twice: the
 *   payment turns 'refunded' and the refund job gives the money back at the provider;
 * - a package starts now, or where the member's last running period ends (renewals too), so
 *   periods never overlap; a lock per member orders concurrent settlements;
 * - the receipt mail is enqueued in the same transaction.
 * A payment already failed or canceled here but captured all the same (a late event, a checkout
 * failed as abandoned) is settled like a pending one: the money came in.
 */
export async function settlePaid(
  ctx: AppContext,
  tx: Tx,
  paymentId: number,
  refs: { provider?: string; customerRef?: string | null; paymentMethodRef?: string | null } = {},
): Promise<PaidOutcome> {
  const now = clock.now();
  const [p] = await rowsOf<Settled & { state: PaymentState; provider: string; amount_cents: number }>(
    tx,
    sql`select id, kind, state, user_id, book_id, user_package_id, provider, amount_cents from payments where id = ${paymentId} for update`,
  );
  const late = p?.provider !== 'manual' && (p?.state === 'failed' || p?.state === 'canceled');
  if (!p || (p.state !== 'pending' && !late)) return false;

  if (p.kind === 'book' && p.book_id) {
    // Locks the member's purchase of the book: two checkouts of it settle one after the other.
    const bp = one(
      await rowsOf<{ status: string }>(
        tx,
        sql`insert into book_purchases as bp (user_id, book_id, status, price_cents) values (${p.user_id}, ${p.book_id}, 'pending', ${p.amount_cents})
        on conflict (user_id, book_id) do update set updated_at = bp.updated_at returning status`,
      ),
    );
    if (bp.status === 'paid') {
      await tx.execute(sql`update payments set state = 'refunded', meta = meta || ${JSON.stringify({ capture_ref: refs.paymentMethodRef ?? null, refund_reason: 'already_owned' })}::jsonb,
          updated_at = now() where id = ${p.id}`);
      await ctx.jobs.sendInTx(tx, REFUND_QUEUE, { paymentId: p.id }, { singletonKey: `refund-${p.id}` });
      return 'refunded';
    }
    await tx.execute(sql`update book_purchases set status = 'paid', paid_at = ${now}, updated_at = now()
      where user_id = ${p.user_id} and book_id = ${p.book_id}`);
  }

  if (p.kind === 'product') {
    // The order turns paid (a late capture of an expired order too) and its piece leaves the stock,
    // once: this runs only for the payment still undecided, under its row lock. The product's row
    // lock orders concurrent settlements of its last pieces.
    const [order] = await rowsOf<{ product_id: number }>(
      tx,
      sql`update product_orders set status = 'paid', paid_at = ${now}, updated_at = now()
        where payment_id = ${p.id} and status in ('pending', 'cancelled') returning product_id`,
    );
    const [taken] = order
      ? await rowsOf<{ id: number }>(
          tx,
          sql`update products set stock = case when made_to_order then stock else stock - 1 end, updated_at = now()
            where id = ${order.product_id} and (made_to_order or stock > 0) returning id`,
        )
      : [];
    if (order && !taken) {
      // Sold out meanwhile (another order paid the last piece): the money goes back.
      await tx.execute(
        sql`update product_orders set status = 'cancelled', updated_at = now() where payment_id = ${p.id}`,
      );
      await tx.execute(sql`update payments set state = 'refunded', meta = meta || ${JSON.stringify({ capture_ref: refs.paymentMethodRef ?? null, refund_reason: 'out_of_stock' })}::jsonb,
          updated_at = now() where id = ${p.id}`);
      await ctx.jobs.sendInTx(tx, REFUND_QUEUE, { paymentId: p.id }, { singletonKey: `refund-${p.id}` });
      return 'refunded';
    }
  }

  if (p.kind === 'subscription' && p.user_package_id) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('atrium:subscription-periods'), ${p.user_id})`);
    await tx.execute(sql`with s as (
        select cur.id, greatest(cur.starts_at, ${now}::timestamptz,
          (select max(o.ends_at) from user_packages o where o.user_id = cur.user_id and o.status = 'active' and o.id <> cur.id)) as start
        from user_packages cur
        where cur.id = ${p.user_package_id} and (cur.status = 'pending' or (${late} and cur.status = 'canceled')))
      update user_packages up
      set status = 'active', starts_at = s.start, ends_at = s.start + make_interval(months => b.months)
      from s, subscription_billing b
      where up.id = s.id and b.user_package_id = up.id`);
    await tx.execute(sql`update subscription_billing set
        provider = coalesce(${refs.provider ?? null}, provider),
        customer_ref = coalesce(${refs.customerRef ?? null}, customer_ref),
        payment_method_ref = coalesce(${refs.paymentMethodRef ?? null}, payment_method_ref)
      where user_package_id = ${p.user_package_id}`);
  }

  await tx.execute(sql`update payments set state = 'paid', paid_at = ${now}, updated_at = now() where id = ${p.id}`);
  await ctx.jobs.sendInTx(tx, RECEIPT_QUEUE, { paymentId: p.id }, { singletonKey: `receipt-${p.id}` });
  return 'applied';
}

/**
 * pending → failed (declined, the provider unreachable) or canceled (the checkout left unpaid too
 * long, checkout.ts): a package bought with it never starts, a book purchase or a product order is canceled. A capture
 * arriving later all the same is still settled (settlePaid).
 */
export async function settleFailed(
  tx: Tx,
  paymentId: number,
  state: 'failed' | 'canceled' = 'failed',
): Promise<boolean> {
  const [p] = await rowsOf<Settled>(
    tx,
    sql`update payments set state = ${state}, updated_at = now() where id = ${paymentId} and state = 'pending'
      returning id, kind, user_id, book_id, user_package_id`,
  );
  if (!p) return false;
  if (p.kind === 'subscription' && p.user_package_id) {
    await tx.execute(
      sql`update user_packages set status = 'canceled' where id = ${p.user_package_id} and status = 'pending'`,
    );
  }
  if (p.kind === 'product') {
    await tx.execute(sql`update product_orders set status = 'cancelled', updated_at = now()
      where payment_id = ${p.id} and status = 'pending'`);
  }
  if (p.kind === 'book' && p.book_id) {
    // Left pending while another checkout of the book is still open.
    await tx.execute(sql`update book_purchases set status = 'canceled', updated_at = now()
      where user_id = ${p.user_id} and book_id = ${p.book_id} and status = 'pending'
        and not exists (select 1 from payments o where o.user_id = ${p.user_id} and o.book_id = ${p.book_id} and o.kind = 'book' and o.state = 'pending')`);
  }
  return true;
}
