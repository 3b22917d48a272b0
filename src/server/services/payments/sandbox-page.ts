import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { PaymentKind, PaymentState } from '../../db/schema';
import { notFound } from '../../errors';
import { t, type Lang } from '../../i18n';
import { providers } from '../../integrations/payments';
import { centsToMoney } from '../content/money';
import { donationReturnPath, PRODUCTS_RETURN_PATH, rowsOf } from './common';
import { applyEvent } from './events';

const HTML_ESCAPES: Partial<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

type Checkout = {
  id: number;
  kind: PaymentKind;
  state: PaymentState;
  amount_cents: number;
  book_id: number | null;
  what: string | null;
  /** A book checkout whose book the payer has bought since (through another checkout). */
  owned: boolean;
  /** The payer's account language: the page speaks it, as a provider's hosted page takes the locale it is given. */
  payer_language: Lang | null;
};

async function checkoutOf(ctx: AppContext, ref: string): Promise<Checkout> {
  if (!/^sbx_[\w-]{16,64}$/.test(ref)) throw notFound();
  const [p] = await rowsOf<Checkout>(
    ctx.db,
    sql`select p.id, p.kind, p.state, p.amount_cents, p.book_id, coalesce(pk.name, b.title,
          (select pr.name from product_orders o join products pr on pr.id = o.product_id where o.payment_id = p.id)) as what,
        (select u.language from users u where u.id = p.user_id) as payer_language,
        exists (select 1 from book_purchases bp where p.kind = 'book' and bp.user_id = p.user_id and bp.book_id = p.book_id and bp.status = 'paid') as owned
      from payments p left join packages pk on pk.id = p.package_id left join books b on b.id = p.book_id
      where p.provider = 'sandbox' and p.provider_ref = ${ref}`,
  );
  if (!p) throw notFound();
  return p;
}

/** Where the payer returns to in the app. */
const backPath = (p: Checkout) =>
  p.kind === 'subscription'
    ? '/subscription'
    : p.kind === 'book'
      ? `/books/${p.book_id}`
      : p.kind === 'product'
        ? PRODUCTS_RETURN_PATH
        : donationReturnPath(p.id);

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#eef0f8;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:28px;max-width:420px;width:calc(100% - 32px)}
h1{font-size:20px;margin:0 0 8px}.amount{font-size:32px;font-weight:700;margin:16px 0}.note{color:#6b7280;font-size:14px}
form{display:flex;gap:12px;margin-top:20px;flex-wrap:wrap}button,a.button{font:inherit;border-radius:8px;padding:12px 18px;border:0;cursor:pointer;text-decoration:none}
.pay{background:#3949ab;color:#fff}.decline{background:#e5e7eb;color:#111827}</style></head><body><main>${body}</main></body></html>`;
}

/** The sandbox's hosted checkout page: what is paid and two buttons. */
export async function sandboxCheckoutPage(ctx: AppContext, browserLang: Lang, ref: string): Promise<string> {
  const p = await checkoutOf(ctx, ref);
  const lang = p.payer_language ?? browserLang;
  const title = t(lang, 'sandbox_title');
  const amount = centsToMoney(p.amount_cents);
  const what = p.kind === 'donation' ? t(lang, 'payment_kind_donation') : (p.what ?? '');
  if (p.state !== 'pending' || p.owned) {
    const why = p.state === 'pending' ? 'sandbox_already_owned' : 'sandbox_closed';
    return page(
      lang,
      title,
      `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(t(lang, why))}</p>
<p><a class="button pay" href="${escapeHtml(backPath(p))}">${escapeHtml(t(lang, 'sandbox_back'))}</a></p>`,
    );
  }
  return page(
    lang,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(what)}</p><div class="amount">${escapeHtml(amount)} USD</div>
<p class="note">${escapeHtml(t(lang, 'sandbox_note'))}</p>
<form method="post"><button class="pay" name="action" value="pay" type="submit">${escapeHtml(t(lang, 'sandbox_pay', { amount }))}</button>
<button class="decline" name="action" value="decline" type="submit">${escapeHtml(t(lang, 'sandbox_decline'))}</button></form>`,
  );
}

/**
 * The payer decided: the sandbox signs an event and hands it to the webhook receiver exactly as a
 * provider's delivery would arrive, then sends the payer back to the app.
 */
export async function submitSandboxCheckout(
  ctx: AppContext,
  lang: Lang,
  ref: string,
  action: 'pay' | 'decline',
): Promise<string> {
  const p = await checkoutOf(ctx, ref);
  const { sandbox } = await providers(ctx);
  // A second checkout of a book bought meanwhile is refused before anything is taken.
  const refused = p.state === 'pending' && p.owned;
  if (refused) await refuseOwned(ctx, p.id);
  if (p.state === 'pending' && !refused) {
    const { body, signature } = sandbox.signedEvent(ref, action === 'pay');
    const event = sandbox.verifyEvent(Buffer.from(body), { 'x-atrium-sandbox-signature': signature });
    if (event) await applyEvent(ctx, 'sandbox', event);
  }
  const back = backPath(p);
  const message = t(
    lang,
    refused
      ? 'sandbox_already_owned'
      : p.state !== 'pending'
        ? 'sandbox_closed'
        : action === 'pay'
          ? 'sandbox_paid'
          : 'sandbox_declined',
  );
  const title = t(lang, 'sandbox_title');
  return page(
    lang,
    title,
    `<h1>${escapeHtml(message)}</h1><p><a id="back" class="button pay" href="${escapeHtml(back)}">${escapeHtml(t(lang, 'sandbox_back'))}</a></p>`,
  ).replace('<head>', `<head><meta http-equiv="refresh" content="1;url=${escapeHtml(back)}">`);
}

/** Closes a book checkout whose book is already bought, recorded as refused. */
async function refuseOwned(ctx: AppContext, paymentId: number): Promise<void> {
  await ctx.db
    .execute(sql`update payments set state = 'canceled', meta = meta || '{"refused": "already_owned"}'::jsonb, updated_at = now()
    where id = ${paymentId} and state = 'pending'`);
}
