import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext, AuthUser } from '../../context';
import { FieldErrors, notFound } from '../../errors';
import {
  checkoutCutoff,
  configuredProvider,
  insertPendingPayment,
  lockOpenCheckout,
  openCheckout,
} from '../payments/checkout';
import { rowsOf } from '../payments/common';
import { defaultOnlineMethod } from '../payments/methods';
import { PACKAGE_SELECT, type PackageRow } from './catalogue';
import { one } from '../../db/rows';

/**
 * Buying a package: a pending user package with its billing (period, price, auto-pay) and a pending
 * payment, in one transaction; then the provider's checkout page. A purchase while the member's
 * checkout of that package is open answers that checkout (also to concurrent requests; auto-pay as
 * last asked). The package starts when paid, or where the member's running period ends (settle.ts).
 */
export async function purchasePackage(
  ctx: AppContext,
  caller: Pick<AuthUser, 'id'>,
  input: { package: number; auto_pay?: boolean; period?: number },
) {
  const [pkg] = await rowsOf<PackageRow>(ctx.db, sql`${PACKAGE_SELECT} where p.is_active and p.id = ${input.package}`);
  if (!pkg) throw notFound();
  // The seed's clients send the period the package was picked under; the package's own period applies.
  if (input.period !== undefined && input.period !== pkg.period_id)
    throw FieldErrors.of('period', 'package_period_mismatch');
  const provider = await configuredProvider(ctx);
  const method = await defaultOnlineMethod(ctx.db);
  const now = clock.now();
  const key = `package:${pkg.id}`;
  const payment = await ctx.db.transaction(async (tx) => {
    const open = await lockOpenCheckout(tx, caller.id, key, checkoutCutoff(ctx));
    if (open) {
      if (input.auto_pay !== undefined) {
        await tx.execute(sql`update subscription_billing b set auto_pay = ${input.auto_pay}
          from payments p where p.id = ${open.id} and b.user_package_id = p.user_package_id`);
      }
      return { id: open.id, amountCents: open.amount_cents };
    }
    const up = one(
      await rowsOf<{ id: number }>(
        tx,
        sql`insert into user_packages (user_id, package_id, starts_at, ends_at, status)
        values (${caller.id}, ${pkg.id}, ${now}, ${now}::timestamptz + make_interval(months => ${pkg.months}), 'pending') returning id`,
      ),
    );
    await tx.execute(sql`insert into subscription_billing (user_package_id, months, price_cents, auto_pay, provider)
      values (${up.id}, ${pkg.months}, ${pkg.price_cents}, ${input.auto_pay ?? false}, ${provider})`);
    const id = await insertPendingPayment(tx, provider, {
      userId: caller.id,
      kind: 'subscription',
      amountCents: pkg.price_cents,
      method: method.code,
      packageId: pkg.id,
      userPackageId: up.id,
      checkoutKey: key,
    });
    return { id, amountCents: pkg.price_cents };
  });
  const [u] = await rowsOf<{ email: string | null }>(ctx.db, sql`select email from users where id = ${caller.id}`);
  const url = await openCheckout(ctx, payment.id, {
    amountCents: payment.amountCents,
    description: pkg.name,
    email: u?.email ?? '',
    returnPath: '/subscription',
    // Kept so auto-pay can renew, also when it is turned on later.
    saveForFutureUse: true,
  });
  return { payment_url: url };
}
