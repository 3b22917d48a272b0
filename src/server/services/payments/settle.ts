import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext } from '../../context';
import type { PaymentKind } from '../../db/schema';
import { rowsOf, type Tx } from './common';

export const RECEIPT_QUEUE = 'payments.receipt';

type Settled = { id: number; kind: PaymentKind; user_id: number; book_id: number | null; user_package_id: number | null };

/**
 * pending → paid, once (the conditional UPDATE decides races), then what the payment buys: the
 * subscription's package starts (a renewal keeps its future start), the book opens. The receipt
 * mail is enqueued in the same transaction. False when the payment was not pending.
 */
export async function settlePaid(
  ctx: AppContext,
  tx: Tx,
  paymentId: number,
  refs: { provider?: string; customerRef?: string | null; paymentMethodRef?: string | null } = {},
): Promise<boolean> {
  const now = clock.now();
  const [p] = await rowsOf<Settled>(
    tx,
    sql`update payments set state = 'paid', paid_at = ${now}, updated_at = now()
      where id = ${paymentId} and state = 'pending'
      returning id, kind, user_id, book_id, user_package_id`,
  );
  if (!p) return false;
  if (p.kind === 'subscription' && p.user_package_id) {
    await tx.execute(sql`update user_packages up
      set status = 'active',
        starts_at = greatest(up.starts_at, ${now}::timestamptz),
        ends_at = greatest(up.starts_at, ${now}::timestamptz) + make_interval(months => b.months)
      from subscription_billing b
      where up.id = ${p.user_package_id} and b.user_package_id = up.id and up.status = 'pending'`);
    await tx.execute(sql`update subscription_billing set
        provider = coalesce(${refs.provider ?? null}, provider),
        customer_ref = coalesce(${refs.customerRef ?? null}, customer_ref),
        payment_method_ref = coalesce(${refs.paymentMethodRef ?? null}, payment_method_ref)
      where user_package_id = ${p.user_package_id}`);
  }
  if (p.kind === 'book' && p.book_id) {
    await tx.execute(sql`update book_purchases set status = 'paid', paid_at = ${now}, updated_at = now()
      where user_id = ${p.user_id} and book_id = ${p.book_id} and status <> 'paid'`);
  }
  await ctx.jobs.sendInTx(tx, RECEIPT_QUEUE, { paymentId: p.id }, { singletonKey: `receipt-${p.id}` });
  return true;
}

/** pending → failed (declined, expired): a package bought with it never starts, a book purchase is canceled. */
export async function settleFailed(tx: Tx, paymentId: number): Promise<boolean> {
  const [p] = await rowsOf<Settled>(
    tx,
    sql`update payments set state = 'failed', updated_at = now() where id = ${paymentId} and state = 'pending'
      returning id, kind, user_id, book_id, user_package_id`,
  );
  if (!p) return false;
  if (p.kind === 'subscription' && p.user_package_id) {
    await tx.execute(sql`update user_packages set status = 'canceled' where id = ${p.user_package_id} and status = 'pending'`);
  }
  if (p.kind === 'book' && p.book_id) {
    await tx.execute(sql`update book_purchases set status = 'canceled', updated_at = now()
      where user_id = ${p.user_id} and book_id = ${p.book_id} and status = 'pending'`);
  }
  return true;
}
