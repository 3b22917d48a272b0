import { sql, type Placeholder } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../context';
import { statement } from '../db/prepared';
import type { BookPurchaseStatus, Language } from '../db/schema';
import { FieldErrors, notFound } from '../errors';
import { plainText } from './content/html';
import { centsToMoney, moneySql } from './content/money';
import { isoSql } from './leads/brief';
import { iso } from './lessons/views';
import { startBookCheckout } from './payments/books';

type Caller = Pick<AuthUser, 'id' | 'role'>;

type BookRow = {
  id: number;
  title: string;
  author: string;
  description: string;
  cover: string | null;
  pdf: string | null;
  price_cents: number;
  is_free: boolean;
  pages: number | null;
  language: Language;
  published_at: Date | string;
  purchase_status: BookPurchaseStatus | null;
};

const VISIBLE = sql.raw('b.is_published and b.published_at <= now()');

const select = (userId: number | Placeholder) => sql`
  select b.id, b.title, b.author, b.description, b.cover, b.pdf, b.price_cents, b.is_free, b.pages, b.language, b.published_at,
    bp.status as purchase_status
  from books b left join book_purchases bp on bp.book_id = b.id and bp.user_id = ${userId}`;

function brief(r: BookRow) {
  const purchased = r.purchase_status === 'paid';
  return {
    id: r.id,
    title: r.title,
    author: r.author,
    cover: r.cover,
    description: r.description,
    is_free: r.is_free,
    price: centsToMoney(r.is_free ? 0 : r.price_cents),
    purchased,
    can_read: r.is_free || purchased,
    purchase_status: r.purchase_status,
    published_at: iso(r.published_at),
  };
}

/** The detail: the PDF as a short-lived signed link, only when the book is free or bought. */
function detail(ctx: AppContext, r: BookRow) {
  const b = brief(r);
  return { ...b, pdf: b.can_read && r.pdf ? ctx.storage.signedUrl(r.pdf) : null, pages: r.pages, language: r.language };
}

export async function listBooks(ctx: AppContext, caller: Caller) {
  const { rows } = await ctx.db.execute<BookRow>(sql`${select(caller.id)} where ${VISIBLE}
    order by b.published_at desc nulls last, b.id desc nulls last limit 500`);
  // The catalogue shows a short plain-text description; the detail has the rich one.
  return rows.map((r) => {
    const text = plainText(r.description);
    return { ...brief(r), description: text.length > 300 ? `${text.slice(0, 297)}...` : text };
  });
}

// detail() written by PostgreSQL, all but the PDF link, which is signed here.
const newestBookJson = statement<{ json: string; pdf: string | null; can_read: boolean }, { userId: number }>(sql`
  select json_build_object('id', b.id, 'title', b.title, 'author', b.author, 'cover', b.cover, 'description', b.description,
      'is_free', b.is_free, 'price', ${moneySql('case when b.is_free then 0 else b.price_cents end')},
      'purchased', coalesce(bp.status = 'paid', false), 'can_read', b.is_free or coalesce(bp.status = 'paid', false),
      'purchase_status', bp.status, 'published_at', ${isoSql('b.published_at')}, 'pages', b.pages, 'language', b.language)::text as json,
    b.pdf, b.is_free or coalesce(bp.status = 'paid', false) as can_read
  from books b left join book_purchases bp on bp.book_id = b.id and bp.user_id = ${sql.placeholder('userId')}
  where ${VISIBLE}
  order by b.published_at desc nulls last, b.id desc nulls last limit 1`);

/** The newest book's detail, as the answer's JSON text. */
export async function getNewBook(ctx: AppContext, caller: Caller): Promise<string> {
  const [row] = await newestBookJson(ctx.db, { userId: caller.id });
  if (!row) return '{"book":null}';
  const pdf = row.can_read && row.pdf ? ctx.storage.signedUrl(row.pdf) : null;
  return `{"book":${row.json.slice(0, -1)},"pdf":${JSON.stringify(pdf)}}}`;
}

export async function getBook(ctx: AppContext, caller: Caller, id: number) {
  const { rows } = await ctx.db.execute<BookRow>(sql`${select(caller.id)} where b.id = ${id} and ${VISIBLE}`);
  if (!rows[0]) throw notFound();
  return detail(ctx, rows[0]);
}

/**
 * Records the caller's purchase of a priced book as pending and opens the payment provider's
 * checkout for it; paying marks it paid. Buying again while a checkout is open answers that same
 * checkout; a book already bought is refused; a canceled purchase reopens (payments/books.ts).
 */
export async function purchaseBook(ctx: AppContext, caller: Caller, bookId: number, methodCode?: string) {
  const book = await getBook(ctx, caller, bookId);
  if (book.is_free) throw FieldErrors.of('non_field_errors', 'book_is_free');
  if (book.purchased) throw FieldErrors.of('non_field_errors', 'book_already_purchased');
  // The payment goes through the configured provider's checkout (payments area).
  const url = await startBookCheckout(ctx, caller, { id: bookId, title: book.title }, methodCode);
  return { status: 'payment_required' as const, payment_url: url, book: await getBook(ctx, caller, bookId) };
}
