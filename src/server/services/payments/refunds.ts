import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext } from '../../context';
import { providerNamed } from '../../integrations/payments';
import { rowsOf } from './common';
import { REFUND_QUEUE } from './settle';

/**
 * The refund of a payment settle.ts turned 'refunded' (it paid for a book the member already had),
 * made at its provider. Safe to run twice: the provider's refund is idempotent per payment, and the
 * refund's id is stored once.
 */
export async function refundPayment(ctx: AppContext, data: { paymentId?: number }): Promise<void> {
  if (!Number.isInteger(data.paymentId)) return;
  const [p] = await rowsOf<{
    id: number;
    provider: string;
    provider_ref: string | null;
    amount_cents: number;
    capture_ref: string | null;
  }>(
    ctx.db,
    sql`select id, provider, provider_ref, amount_cents, meta->>'capture_ref' as capture_ref
      from payments where id = ${data.paymentId} and state = 'refunded' and refund_ref is null`,
  );
  if (!p) return;
  const provider = await providerNamed(ctx, p.provider);
  if (!provider) throw new Error(`no payment provider ${p.provider} to refund payment ${p.id}`);
  const refund = await provider.refund({
    paymentId: p.id,
    amountCents: p.amount_cents,
    ref: p.provider_ref,
    captureRef: p.capture_ref,
  });
  await ctx.db
    .execute(sql`update payments set refund_ref = ${refund.ref}, refunded_at = ${clock.now()}, updated_at = now()
    where id = ${p.id} and refund_ref is null`);
  ctx.log.info({ paymentId: p.id, refund: refund.ref }, 'payment refunded');
}

/** Refunds whose job gave up (a provider down for a while) are sent again by the minute job. */
export async function sweepRefunds(ctx: AppContext): Promise<void> {
  const due = await rowsOf<{ id: number }>(
    ctx.db,
    sql`select id from payments where state = 'refunded' and refund_ref is null and updated_at < now() - interval '10 minutes'
      order by updated_at limit 100`,
  );
  for (const p of due) await ctx.jobs.send(REFUND_QUEUE, { paymentId: p.id }, { singletonKey: `refund-${p.id}` });
}
