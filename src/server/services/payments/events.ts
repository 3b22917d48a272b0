import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { FieldErrors } from '../../errors';
import { providerNamed, type ProviderEvent } from '../../integrations/payments';
import { rowsOf } from './common';
import { settleFailed, settlePaid } from './settle';

export type WebhookAck = { received: true; duplicate: boolean };

/**
 * A provider's webhook: the signature over the raw bytes is checked first (a forged one changes
 * nothing), then the event is applied exactly once.
 */
export async function receiveWebhook(
  ctx: AppContext,
  providerName: string,
  raw: Buffer | undefined,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookAck> {
  const provider = await providerNamed(ctx, providerName);
  const event = provider && raw ? provider.verifyEvent(raw, headers) : null;
  if (!provider || !event) throw FieldErrors.of('non_field_errors', 'webhook_signature_invalid');
  return applyEvent(ctx, provider.name, event);
}

/**
 * The event id goes into provider_events in the same transaction as the state change: a duplicate
 * (redelivered, or concurrent — the unique index makes the second insert wait for the first
 * transaction) inserts nothing and changes nothing.
 */
export async function applyEvent(ctx: AppContext, provider: string, event: ProviderEvent): Promise<WebhookAck> {
  const ack = await ctx.db.transaction(async (tx) => {
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into provider_events (provider, event_id, type, outcome) values (${provider}, ${event.id}, ${event.type}, 'ignored')
        on conflict (provider, event_id) do nothing returning id`,
    );
    if (!row) return { received: true as const, duplicate: true };
    if (event.outcome !== 'ignored') {
      const [payment] = await rowsOf<{ id: number }>(
        tx,
        sql`select id from payments where provider = ${provider} and provider_ref = ${event.ref} for update`,
      );
      if (payment) {
        // applied, refunded (it paid for what the member already had: settle.ts), or ignored.
        const outcome =
          event.outcome === 'paid'
            ? await settlePaid(ctx, tx, payment.id, {
                provider,
                customerRef: event.customerRef,
                paymentMethodRef: event.paymentMethodRef,
              })
            : (await settleFailed(tx, payment.id)) && 'applied';
        await tx.execute(
          sql`update provider_events set payment_id = ${payment.id}, outcome = ${outcome || 'ignored'} where id = ${row.id}`,
        );
      }
    }
    await testPause(ctx, 'before_commit');
    return { received: true as const, duplicate: false };
  });
  await testPause(ctx, 'after_commit');
  return ack;
}

/**
 * Tests only (TEST_CLOCK=1 and ATRIUM_TEST_WEBHOOK_PAUSE=before_commit|after_commit): stop here
 * so a test can SIGKILL the server between receiving an event and acknowledging it.
 */
async function testPause(ctx: AppContext, point: 'before_commit' | 'after_commit'): Promise<void> {
  if (!ctx.config.testClock || process.env.ATRIUM_TEST_WEBHOOK_PAUSE !== point) return;
  process.stderr.write(`ATRIUM_WEBHOOK_PAUSED ${point}\n`);
  await new Promise(() => {});
}
