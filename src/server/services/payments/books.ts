import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { configuredProvider, insertPendingPayment, openCheckout } from './checkout';
import { rowsOf } from './common';
import { activeMethod, defaultOnlineMethod } from './methods';

/**
 * The checkout of a book purchase that is recorded as pending (services/books.ts): a fresh payment
 * (an earlier unpaid attempt is canceled) and the provider's page. Paid, the purchase turns paid
 * and the book opens (settle.ts).
 */
export async function startBookCheckout(
  ctx: AppContext,
  caller: Pick<AuthUser, 'id'>,
  book: { id: number; title: string; priceCents: number },
  methodCode?: string,
): Promise<string> {
  const method = methodCode ? await activeMethod(ctx.db, methodCode, 'online') : await defaultOnlineMethod(ctx.db);
  const provider = await configuredProvider(ctx);
  const paymentId = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`update payments set state = 'canceled', updated_at = now()
      where user_id = ${caller.id} and book_id = ${book.id} and kind = 'book' and state = 'pending'`);
    return insertPendingPayment(tx, provider, { userId: caller.id, kind: 'book', amountCents: book.priceCents, method: method.code, bookId: book.id });
  });
  const [u] = await rowsOf<{ email: string | null }>(ctx.db, sql`select email from users where id = ${caller.id}`);
  return openCheckout(ctx, paymentId, {
    amountCents: book.priceCents,
    description: book.title,
    email: u?.email ?? '',
    returnPath: `/books/${book.id}`,
    saveForFutureUse: false,
  });
}
