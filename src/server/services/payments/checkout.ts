import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext } from '../../context';
import type { PaymentKind } from '../../db/schema';
import { DomainError } from '../../errors';
import { providers } from '../../integrations/payments';
import { rowsOf, type Tx } from './common';
import { settleFailed } from './settle';
import { one } from '../../db/rows';

export type NewPayment = {
  userId: number;
  kind: PaymentKind;
  amountCents: number;
  method: string;
  packageId?: number | null;
  bookId?: number | null;
  userPackageId?: number | null;
  comment?: string;
  /** The item this checkout buys ('book:7', 'package:3'); at most one open checkout per member and item. */
  checkoutKey?: string | null;
};

/** Inserts a pending online payment with the configured provider's name; its reference comes with the checkout. */
export async function insertPendingPayment(tx: Tx, provider: string, p: NewPayment): Promise<number> {
  const row = one(
    await rowsOf<{ id: number }>(
      tx,
      sql`insert into payments (user_id, kind, state, amount_cents, method, provider, package_id, book_id, user_package_id, comment, checkout_key, created_at)
      values (${p.userId}, ${p.kind}, 'pending', ${p.amountCents}, ${p.method}, ${provider}, ${p.packageId ?? null}, ${p.bookId ?? null},
        ${p.userPackageId ?? null}, ${p.comment ?? ''}, ${p.checkoutKey ?? null}, ${clock.now()})
      returning id`,
    ),
  );
  return row.id;
}

/** How long an online checkout may stay unpaid (PAYMENT_CHECKOUT_TTL_MINUTES, a day by default). */
const checkoutTtlMinutes = (ctx: Pick<AppContext, 'config'>): number =>
  ctx.config.payments.checkoutTtlMinutes ?? 24 * 60;

/** The instant before which an unpaid online checkout has expired. */
export const checkoutCutoff = (ctx: Pick<AppContext, 'config'>): Date =>
  new Date(clock.now().getTime() - checkoutTtlMinutes(ctx) * 60_000);

export type OpenPayment = { id: number; amount_cents: number };

/**
 * The member's open checkout of an item, inside `tx`, or null. First takes the transaction's lock
 * on (member, item), so concurrent purchases of the same item run this one after another and the
 * second finds what the first made; the unique index payments_open_checkout_uq backs this up. An
 * open checkout older than the checkout's time (`cutoff`, checkoutCutoff) is canceled here, so a
 * new one is made.
 */
export async function lockOpenCheckout(tx: Tx, userId: number, key: string, cutoff: Date): Promise<OpenPayment | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`atrium:checkout:${key}`}), ${userId})`);
  const [open] = await rowsOf<OpenPayment & { stale: boolean }>(
    tx,
    sql`select id, amount_cents, created_at < ${cutoff} as stale
      from payments where user_id = ${userId} and checkout_key = ${key} and state = 'pending' for update`,
  );
  if (!open) return null;
  if (!open.stale) return { id: open.id, amount_cents: open.amount_cents };
  await settleFailed(tx, open.id, 'canceled');
  return null;
}

export const EXPIRE_QUEUE = 'payments.expire';

/**
 * Cancels the online checkouts left unpaid longer than the checkout's time (the minute job of
 * EXPIRE_QUEUE): each in its own transaction through settleFailed, which changes only a payment
 * still pending, so a capture that won the race stays paid, and a capture arriving after the
 * cancel is still settled (settlePaid takes a canceled online payment as late). Off-session
 * renewals have no checkout page and are left to their own job. Answers how many were canceled.
 */
export async function expireCheckouts(ctx: AppContext): Promise<number> {
  const due = await rowsOf<{ id: number }>(
    ctx.db,
    sql`select id from payments
      where state = 'pending' and provider <> 'manual' and checkout_url is not null and created_at < ${checkoutCutoff(ctx)}
      order by id limit 500`,
  );
  let canceled = 0;
  for (const { id } of due) {
    if (await ctx.db.transaction((tx) => settleFailed(tx, id, 'canceled'))) canceled += 1;
  }
  return canceled;
}

export type CheckoutOptions = {
  description: string;
  email: string;
  returnPath: string;
  saveForFutureUse: boolean;
  amountCents: number;
};

/** A claim older than this is taken for a dead request (the provider's SDK gives up well before). */
const CLAIM_SECONDS = 90;
/** How often a request that did not claim the checkout looks for its URL (another process opening it). */
const POLL_MS = 100;

/** The checkouts this process is opening, per app: a repeated request waits for the same answer. */
const opening = new WeakMap<AppContext, Map<number, Promise<string>>>();

/**
 * The provider's checkout page of a pending payment (committed before, so a provider event can
 * never arrive for a payment that does not exist), opened once: the first request claims it in the
 * database and calls the provider; concurrent requests for the same payment answer the same URL
 * (in this process they await the same call, from another one they read it once stored). A
 * provider that cannot be reached fails the payment and answers 502, to every one of them.
 */
export function openCheckout(ctx: AppContext, paymentId: number, opts: CheckoutOptions): Promise<string> {
  let mine = opening.get(ctx);
  if (!mine) opening.set(ctx, (mine = new Map<number, Promise<string>>()));
  const known = mine.get(paymentId);
  if (known) return known;
  const url = claimOrWait(ctx, paymentId, opts).finally(() => mine.delete(paymentId));
  mine.set(paymentId, url);
  return url;
}

const unavailable = () =>
  new DomainError('peer_unavailable', 'payment_provider_unavailable', 'payment_provider_unavailable');

async function claimOrWait(ctx: AppContext, paymentId: number, opts: CheckoutOptions): Promise<string> {
  const until = Date.now() + (CLAIM_SECONDS + 5) * 1000;
  for (;;) {
    const [claimed] = await rowsOf<{ id: number }>(
      ctx.db,
      sql`update payments set checkout_claimed_at = now()
        where id = ${paymentId} and state = 'pending' and checkout_url is null
          and (checkout_claimed_at is null or checkout_claimed_at < now() - interval '${sql.raw(String(CLAIM_SECONDS))} seconds')
        returning id`,
    );
    if (claimed) return callProvider(ctx, paymentId, opts);
    const [p] = await rowsOf<{ state: string; checkout_url: string | null }>(
      ctx.db,
      sql`select state, checkout_url from payments where id = ${paymentId}`,
    );
    // Paid or closed since, the URL still names that checkout (its page says it is closed).
    if (p?.checkout_url) return p.checkout_url;
    if (!p || p.state !== 'pending' || Date.now() > until) throw unavailable();
    await sleep(POLL_MS);
  }
}

async function callProvider(ctx: AppContext, paymentId: number, opts: CheckoutOptions): Promise<string> {
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
    await ctx.db.execute(
      sql`update payments set provider_ref = ${checkout.ref}, checkout_url = ${checkout.url}, updated_at = now() where id = ${paymentId}`,
    );
    return checkout.url;
  } catch (err) {
    ctx.log.error({ err, paymentId }, 'payment provider refused the checkout');
    await ctx.db.transaction((tx) => settleFailed(tx, paymentId));
    throw unavailable();
  }
}

export async function configuredProvider(ctx: AppContext): Promise<string> {
  return (await providers(ctx)).online.name;
}
