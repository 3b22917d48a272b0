import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { FieldErrors } from '../../errors';
import { checkoutCutoff, configuredProvider, insertPendingPayment, lockOpenCheckout, openCheckout } from './checkout';
import { rowsOf } from './common';
import { activeMethod, defaultOnlineMethod } from './methods';
import { one } from '../../db/rows';

/**
 * The checkout of a book purchase (services/books.ts): one per member and book. A purchase while
 * one is open answers the same checkout (also to concurrent requests); otherwise the purchase turns
 * pending with a fresh payment and the provider's page. A book already bought is refused. Paid, the
 * purchase turns paid and the book opens (settle.ts).
 */
export async function startBookCheckout(
  ctx: AppContext,
  caller: Pick<AuthUser, 'id'>,
  book: { id: number; title: string },
  methodCode?: string,
): Promise<string> {
  const method = methodCode ? await activeMethod(ctx.db, methodCode, 'online') : await defaultOnlineMethod(ctx.db);
  const provider = await configuredProvider(ctx);
  const cutoff = checkoutCutoff(ctx);
  const payment = await ctx.db.transaction(async (tx) => {
    const open = await lockOpenCheckout(tx, caller.id, `book:${book.id}`, cutoff);
    // Under the lock: a purchase paid meanwhile (another checkout) is seen here.
    const bp = one(
      await rowsOf<{ status: string; price_cents: number }>(
        tx,
        sql`insert into book_purchases as bp (user_id, book_id, status, price_cents)
        select ${caller.id}, b.id, 'pending', b.price_cents from books b where b.id = ${book.id}
        on conflict (user_id, book_id) do update set
          status = case when bp.status = 'paid' or ${open !== null} then bp.status else 'pending' end,
          price_cents = case when bp.status = 'paid' or ${open !== null} then bp.price_cents else excluded.price_cents end,
          updated_at = now()
        returning status, price_cents`,
      ),
    );
    if (bp.status === 'paid') throw FieldErrors.of('non_field_errors', 'book_already_purchased');
    if (open) return { id: open.id, amountCents: open.amount_cents };
    const id = await insertPendingPayment(tx, provider, {
      userId: caller.id,
      kind: 'book',
      amountCents: bp.price_cents,
      method: method.code,
      bookId: book.id,
      checkoutKey: `book:${book.id}`,
    });
    return { id, amountCents: bp.price_cents };
  });
  const [u] = await rowsOf<{ email: string | null }>(ctx.db, sql`select email from users where id = ${caller.id}`);
  return openCheckout(ctx, payment.id, {
    amountCents: payment.amountCents,
    description: book.title,
    email: u?.email ?? '',
    returnPath: `/books/${book.id}`,
    saveForFutureUse: false,
  });
}
