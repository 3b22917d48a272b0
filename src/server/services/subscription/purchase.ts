import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext, AuthUser } from '../../context';
import { notFound } from '../../http/errors';
import { configuredProvider, insertPendingPayment, openCheckout } from '../payments/checkout';
import { rowsOf } from '../payments/common';
import { defaultOnlineMethod } from '../payments/methods';
import { PACKAGE_SELECT, type PackageRow } from './catalogue';

/**
 * Buying a package: a pending user package with its billing (period, price, auto-pay) and a pending
 * payment, in one transaction; then the provider's checkout page. The package starts when paid.
 */
export async function purchasePackage(ctx: AppContext, caller: Pick<AuthUser, 'id'>, input: { package: number; auto_pay?: boolean }) {
  const [pkg] = await rowsOf<PackageRow>(ctx.db, sql`${PACKAGE_SELECT} where p.is_active and p.id = ${input.package}`);
  if (!pkg) throw notFound();
  const provider = await configuredProvider(ctx);
  const method = await defaultOnlineMethod(ctx.db);
  const now = clock.now();
  const paymentId = await ctx.db.transaction(async (tx) => {
    const [up] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into user_packages (user_id, package_id, starts_at, ends_at, status)
        values (${caller.id}, ${pkg.id}, ${now}, ${now}::timestamptz + make_interval(months => ${pkg.months}), 'pending') returning id`,
    );
    await tx.execute(sql`insert into subscription_billing (user_package_id, months, price_cents, auto_pay, provider)
      values (${up!.id}, ${pkg.months}, ${pkg.price_cents}, ${input.auto_pay ?? false}, ${provider})`);
    return insertPendingPayment(tx, provider, {
      userId: caller.id,
      kind: 'subscription',
      amountCents: pkg.price_cents,
      method: method.code,
      packageId: pkg.id,
      userPackageId: up!.id,
    });
  });
  const [u] = await rowsOf<{ email: string | null }>(ctx.db, sql`select email from users where id = ${caller.id}`);
  const url = await openCheckout(ctx, paymentId, {
    amountCents: pkg.price_cents,
    description: pkg.name,
    email: u?.email ?? '',
    returnPath: '/subscription',
    // Kept so auto-pay can renew, also when it is turned on later.
    saveForFutureUse: true,
  });
  return { payment_url: url };
}
