import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Language, PaymentKind } from '../../db/schema';
import { t } from '../../i18n';
import { centsToMoney } from '../content/money';
import { rowsOf, type Tx } from './common';
import type { Mail } from '../../integrations/mail';

const HTML_ESCAPES: Partial<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * The receipt mail of one paid payment. The conditional UPDATE claims it, and the mail is stored in
 * the outbox in the same transaction: a retried or duplicated job sends it once, and a process killed
 * (or a database lost) in between leaves neither, so the retried job sends it then.
 */
export async function sendReceipt(ctx: AppContext, data: { paymentId?: number }): Promise<void> {
  const paymentId = data.paymentId;
  if (paymentId === undefined || !Number.isInteger(paymentId)) return;
  const stored = await ctx.db.transaction(async (tx) => {
    const mail = await claimReceipt(ctx, tx, paymentId);
    return mail ? { id: await ctx.mailer.store(tx, mail), mail } : null;
  });
  if (stored) await ctx.mailer.deliver(stored.id, stored.mail);
}

async function claimReceipt(ctx: AppContext, tx: Tx, paymentId: number): Promise<Mail | null> {
  const [p] = await rowsOf<{
    id: number;
    kind: PaymentKind;
    amount_cents: number;
    paid_at: Date;
    email: string | null;
    first_name: string;
    language: Language;
    package_name: string | null;
    book_title: string | null;
    product_name: string | null;
  }>(
    tx,
    sql`update payments p set receipt_sent_at = now()
      from users u
      where p.id = ${paymentId} and p.state = 'paid' and p.receipt_sent_at is null and u.id = p.user_id
      returning p.id, p.kind, p.amount_cents, p.paid_at, u.email, u.first_name, u.language,
        (select name from packages where id = p.package_id) as package_name,
        (select title from books where id = p.book_id) as book_title,
        (select pr.name from product_orders o join products pr on pr.id = o.product_id where o.payment_id = p.id) as product_name`,
  );
  if (!p?.email) return null;
  const lang = p.language;
  const what =
    p.kind === 'subscription'
      ? t(lang, 'payment_kind_subscription', { name: p.package_name ?? '' })
      : p.kind === 'book'
        ? t(lang, 'payment_kind_book', { title: p.book_title ?? '' })
        : p.kind === 'product'
          ? t(lang, 'payment_kind_product', { name: p.product_name ?? '' })
          : t(lang, 'payment_kind_donation');
  const date = new Date(p.paid_at).toISOString().slice(0, 10).split('-').reverse().join('/');
  const body = t(lang, 'receipt_body', { amount: centsToMoney(p.amount_cents), what, date, id: p.id });
  const greeting = t(lang, 'mail_greeting', { name: p.first_name || p.email });
  const link = `${ctx.config.publicUrl}/dashboard`;
  const button = t(lang, 'receipt_button');
  return {
    to: p.email,
    subject: t(lang, 'receipt_subject'),
    text: [greeting, '', body, '', `${button}: ${link}`, '', '—', t(lang, 'mail_footer')].join('\n'),
    html: `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<p style="font-size:18px">${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>
<hr style="border:none;border-top:1px solid #e5e7eb"><p style="font-size:13px;color:#6b7280">${escapeHtml(t(lang, 'mail_footer'))}</p></body></html>`,
  };
}
