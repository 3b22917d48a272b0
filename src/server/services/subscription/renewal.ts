import { sql, TransactionRollbackError } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext } from '../../context';
import { providerNamed } from '../../integrations/payments';
import { rowsOf } from '../payments/common';
import { applyEvent } from '../payments/events';
import { sweepRefunds } from '../payments/refunds';
import { settleFailed } from '../payments/settle';
import { one } from '../../db/rows';
import { notifyUser } from '../notifications/member';

export const RENEWAL_QUEUE = 'subscriptions.renew';
/** Auto-pay charges this long before the end, so access does not lapse. */
const RENEW_AHEAD = '1 day';

type Due = {
  id: number;
  user_id: number;
  package_id: number;
  ends_at: Date;
  months: number;
  price_cents: number;
  provider: string | null;
  customer_ref: string | null;
  payment_method_ref: string | null;
  name: string;
};

/**
 * The renewal job (every minute, and whenever the test clock moves): first renew what ends soon
 * with auto-pay on, then end what is over and retry stuck refunds (abandoned checkouts: payments/checkout.ts expireCheckouts). Safe to run twice or in parallel: a renewal is one row
 * per renewed package (unique renews_id), and every state change is a conditional UPDATE.
 */
export async function runRenewals(ctx: AppContext): Promise<{ renewed: number; expired: number }> {
  const now = clock.now();
  const due = await rowsOf<Due>(
    ctx.db,
    sql`select up.id, up.user_id, up.package_id, up.ends_at, b.months, b.price_cents, b.provider, b.customer_ref, b.payment_method_ref, p.name
      from user_packages up
      join subscription_billing b on b.user_package_id = up.id
      join packages p on p.id = up.package_id
      where up.status = 'active' and b.auto_pay and up.ends_at <= ${now}::timestamptz + interval '${sql.raw(RENEW_AHEAD)}'
        and not exists (select 1 from subscription_billing r where r.renews_id = up.id)
        -- A period bought ahead follows this one: only the member's last period renews.
        and not exists (select 1 from user_packages o where o.user_id = up.user_id and o.status = 'active' and o.ends_at > up.ends_at)
      order by up.ends_at limit 200`,
  );
  let renewed = 0;
  for (const d of due) if (await renewOne(ctx, d)) renewed++;
  const { rowCount } = await ctx.db.execute(
    sql`update user_packages set status = 'expired' where status = 'active' and ends_at <= ${now}`,
  );
  await sweepRefunds(ctx);
  return { renewed, expired: rowCount ?? 0 };
}

async function renewOne(ctx: AppContext, d: Due): Promise<boolean> {
  const provider = d.provider ? await providerNamed(ctx, d.provider) : null;
  // The next period (starting when this one ends) and its payment, or nothing if another worker won.
  const paymentId = await ctx.db
    .transaction(async (tx) => {
      const next = one(
        await rowsOf<{ id: number }>(
          tx,
          sql`insert into user_packages (user_id, package_id, starts_at, ends_at, status)
        values (${d.user_id}, ${d.package_id}, ${d.ends_at}, ${d.ends_at}::timestamptz + make_interval(months => ${d.months}), 'pending')
        returning id`,
        ),
      );
      const [billing] = await rowsOf<{ user_package_id: number }>(
        tx,
        sql`insert into subscription_billing (user_package_id, months, price_cents, auto_pay, renews_id, provider, customer_ref, payment_method_ref)
        values (${next.id}, ${d.months}, ${d.price_cents}, true, ${d.id}, ${d.provider}, ${d.customer_ref}, ${d.payment_method_ref})
        on conflict (renews_id) do nothing returning user_package_id`,
      );
      if (!billing) {
        tx.rollback();
        return null;
      }
      const pay = one(
        await rowsOf<{ id: number }>(
          tx,
          sql`insert into payments (user_id, kind, state, amount_cents, method, provider, package_id, user_package_id, comment, created_at)
        values (${d.user_id}, 'subscription', 'pending', ${d.price_cents}, 'card', ${d.provider ?? 'sandbox'}, ${d.package_id}, ${next.id}, 'renewal', ${clock.now()})
        returning id`,
        ),
      );
      return pay.id;
    })
    .catch((err: unknown) => {
      if (err instanceof TransactionRollbackError) return null;
      throw err;
    });
  if (paymentId === null) return false;

  let result: { ref: string; paid: boolean };
  try {
    if (!provider) throw new Error(`no provider ${d.provider} for renewal`);
    result = await provider.chargeSaved({
      paymentId,
      amountCents: d.price_cents,
      description: d.name,
      customerRef: d.customer_ref,
      paymentMethodRef: d.payment_method_ref,
    });
  } catch (err) {
    ctx.log.error({ err, paymentId }, 'renewal charge failed');
    // An outage: this attempt fails, and the next run may try again.
    await ctx.db.transaction(async (tx) => {
      await settleFailed(tx, paymentId);
      await tx.execute(sql`update subscription_billing set renews_id = null
        where user_package_id = (select user_package_id from payments where id = ${paymentId})`);
    });
    return false;
  }
  await ctx.db.execute(
    sql`update payments set provider_ref = ${result.ref}, updated_at = now() where id = ${paymentId}`,
  );
  // Through the same exactly-once path as a webhook; the provider's own later event for this charge is then a no-op.
  await applyEvent(
    ctx,
    provider.name,
    result.paid
      ? {
          id: `renewal-${paymentId}`,
          type: 'renewal.charged',
          outcome: 'paid',
          ref: result.ref,
          customerRef: null,
          paymentMethodRef: null,
        }
      : { id: `renewal-${paymentId}`, type: 'renewal.declined', outcome: 'failed', ref: result.ref },
  );
  // The member hears of the renewal or of the declined charge (bell and mail).
  await ctx.db.transaction((tx) =>
    notifyUser(
      ctx,
      tx,
      d.user_id,
      result.paid ? 'subscription_renewed' : 'subscription_failed',
      { payment_id: paymentId, package: d.name },
      clock.now(),
      '/subscription',
    ),
  );
  return result.paid;
}
