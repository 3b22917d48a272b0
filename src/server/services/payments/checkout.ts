import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext } from '../../context';
import type { PaymentKind } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { providers } from '../../integrations/payments';
import { rowsOf, type Tx } from './common';

export type NewPayment = {
  userId: number;
  kind: PaymentKind;
  amountCents: number;
  method: string;
  packageId?: number | null;
  bookId?: number | null;
  userPackageId?: number | null;
  comment?: string;
};

/** Inserts a pending online payment with the configured provider's name; its reference comes with the checkout. */
export async function insertPendingPayment(tx: Tx, provider: string, p: NewPayment): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into payments (user_id, kind, state, amount_cents, method, provider, package_id, book_id, user_package_id, comment, created_at)
      values (${p.userId}, ${p.kind}, 'pending', ${p.amountCents}, ${p.method}, ${provider}, ${p.packageId ?? null}, ${p.bookId ?? null},
        ${p.userPackageId ?? null}, ${p.comment ?? ''}, ${clock.now()})
      returning id`,
  );
  return row!.id;
}

/**
 * Opens the provider's checkout for a pending payment (committed before, so a provider event can
 * never arrive for a payment that does not exist) and stores its reference. A provider that cannot
 * be reached fails the payment and answers 502.
 */
export async function openCheckout(
  ctx: AppContext,
  paymentId: number,
  opts: { description: string; email: string; returnPath: string; saveForFutureUse: boolean; amountCents: number },
): Promise<string> {
  const { online } = await providers(ctx);
  try {
    const checkout = await online.createCheckout({
      paymentId,
      amountCents: opts.amountCents,
      description: opts.description,
      email: opts.email,
      returnUrl: `${ctx.config.publicUrl}${opts.returnPath}`,
      saveForFutureUse: opts.saveForFutureUse,
    });
    await ctx.db.execute(sql`update payments set provider_ref = ${checkout.ref}, updated_at = now() where id = ${paymentId}`);
    return checkout.url;
  } catch (err) {
    ctx.log.error({ err, paymentId }, 'payment provider refused the checkout');
    await ctx.db.execute(sql`update payments set state = 'failed', updated_at = now() where id = ${paymentId} and state = 'pending'`);
    throw new ApiError(502, 'payment_provider_unavailable', 'payment_provider_unavailable');
  }
}

export async function configuredProvider(ctx: AppContext): Promise<string> {
  return (await providers(ctx)).online.name;
}
