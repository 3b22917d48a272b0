import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import { shapedStatement } from '../../db/prepared';
import type { AppContext, AuthUser } from '../../context';
import type { PaymentState } from '../../db/schema';
import { FieldErrors } from '../../errors';
import { imageKind, isPdf, MAX_IMAGE_PIXELS, UploadRejected } from '../../integrations/storage';
import type { Lang, MessageKey } from '../../i18n';
import { centsToMoney, moneySql } from '../content/money';
import { isoSql } from '../leads/brief';
import { pageJson, pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import { donationAmountError, donationCents, minDonationCents, paymentDateTime } from './amounts';
import { checkoutCutoff, configuredProvider, insertPendingPayment, openCheckout } from './checkout';
import { donationReturnPath, isoOrNull, iso, rowsOf } from './common';
import { activeMethod, builtInMethodName, builtInMethodTextsJson, methodView, type MethodRow } from './methods';
import { one } from '../../db/rows';

type Caller = Pick<AuthUser, 'id'>;
type Errors = Record<string, Array<MessageKey | { key: MessageKey; params?: Params }>>;
type Params = Record<string, string | number>;

const MB = 1024 * 1024;
const CHECK_MAX_BYTES = 10 * MB;
const CHECK_FOLDER = 'documents';
const CHECK_TYPES = 'JPEG, PNG, WebP, PDF';

/** An image (JPEG, PNG, WebP) or a PDF, judged by its first bytes. */
const checkKind = (head: Buffer): string | null => {
  if (isPdf(head)) return 'pdf';
  const k = imageKind(head);
  return k === 'jpeg' ? 'jpg' : k;
};

async function callerEmail(ctx: AppContext, userId: number): Promise<string> {
  const [u] = await rowsOf<{ email: string | null }>(ctx.db, sql`select email from users where id = ${userId}`);
  return u?.email ?? '';
}

/** An online donation: a pending payment and the provider's page to pay it on. */
export async function createDonation(
  ctx: AppContext,
  caller: Caller,
  input: { amount?: unknown; payment_method?: unknown; comment?: unknown },
) {
  const errors: Errors = {};
  const cents = donationCents(input.amount);
  const amountError = donationAmountError(input.amount, await minDonationCents(ctx.db));
  if (amountError) errors.amount = [amountError];
  let method: MethodRow | null = null;
  try {
    method = await activeMethod(ctx.db, input.payment_method as number | string | undefined, 'online');
  } catch (err) {
    if (!(err instanceof FieldErrors)) throw err;
    errors.payment_method = ['payment_method_invalid'];
  }
  const comment = typeof input.comment === 'string' ? input.comment.slice(0, 1000) : '';
  if (Object.keys(errors).length || !method || cents === null || amountError) throw new FieldErrors(errors);

  const provider = await configuredProvider(ctx);
  const id = await ctx.db.transaction((tx) =>
    insertPendingPayment(tx, provider, {
      userId: caller.id,
      kind: 'donation',
      amountCents: cents,
      method: method.code,
      comment,
    }),
  );
  const url = await openCheckout(ctx, id, {
    amountCents: cents,
    description: 'Donation',
    email: await callerEmail(ctx, caller.id),
    // The donations list thanks the payer on the way back (MyDonations reads `donation`).
    returnPath: donationReturnPath(id),
    saveForFutureUse: false,
  });
  return { id, payment_url: url, status: 'pending' as const };
}

export type ManualForm = {
  fields: Record<string, string>;
  check: { url: string } | null;
  checkError: { key: MessageKey; params?: Params } | null;
};

/**
 * Reads the multipart form of a manual donation: text fields, and the check streamed to private
 * storage, refused by its first bytes or its size without leaving a file behind.
 */
export async function readManualForm(
  ctx: AppContext,
  parts: AsyncIterable<
    { type: 'file'; fieldname: string; file: Readable } | { type: 'field'; fieldname: string; value: unknown }
  >,
): Promise<ManualForm> {
  const form: ManualForm = { fields: {}, check: null, checkError: null };
  try {
    await readParts(ctx, parts, form);
  } catch (err) {
    // A body that breaks after the check was stored leaves nothing behind.
    await ctx.storage.remove(form.check?.url);
    throw err;
  }
  return form;
}

async function readParts(
  ctx: AppContext,
  parts: Parameters<typeof readManualForm>[1],
  form: ManualForm,
): Promise<void> {
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'check' || form.check || form.checkError) {
      part.file.resume();
      continue;
    }
    try {
      const saved = await ctx.storage.saveStream(CHECK_FOLDER, part.file, {
        maxBytes: CHECK_MAX_BYTES,
        sniff: checkKind,
      });
      form.check = { url: saved.url };
    } catch (err) {
      const code = (err as { code?: string }).code;
      part.file.resume();
      if ((err instanceof UploadRejected && err.reason === 'too_large') || code === 'FST_REQ_FILE_TOO_LARGE') {
        form.checkError = { key: 'file_too_large', params: { limit: CHECK_MAX_BYTES / MB } };
      } else if (err instanceof UploadRejected && err.reason === 'pixels') {
        form.checkError = { key: 'image_too_many_pixels', params: { limit: MAX_IMAGE_PIXELS / 1e6 } };
      } else if (err instanceof UploadRejected) {
        form.checkError = { key: 'file_type_invalid', params: { allowed: CHECK_TYPES } };
      } else throw err;
    }
  }
}

/** A manual donation: pending until staff approve it; a refused form leaves no stored file. */
export async function createManualDonation(ctx: AppContext, caller: Caller, lang: Lang, form: ManualForm) {
  try {
    const f = form.fields;
    const errors: Errors = {};
    const cents = donationCents(f.amount);
    const amountError = donationAmountError(f.amount, await minDonationCents(ctx.db));
    if (amountError) errors.amount = [amountError];
    let method: MethodRow | null = null;
    try {
      method = await activeMethod(ctx.db, f.payment_method, 'manual');
    } catch (err) {
      if (!(err instanceof FieldErrors)) throw err;
      errors.payment_method = ['payment_method_invalid'];
    }
    const when = paymentDateTime(f.payment_datetime);
    if (!when) errors.payment_datetime = ['payment_datetime_invalid'];
    if (form.checkError) errors.check = [form.checkError];
    else if (!form.check) errors.check = ['check_required'];
    const comment = (f.comment ?? '').slice(0, 1000);
    if (Object.keys(errors).length || !method || cents === null || amountError || !when || !form.check)
      throw new FieldErrors(errors);

    const row = one(
      await rowsOf<{ id: number }>(
        ctx.db,
        sql`insert into payments (user_id, kind, state, amount_cents, method, provider, paid_at_claimed, proof_file, comment, created_at)
        values (${caller.id}, 'donation', 'pending', ${cents}, ${method.code}, 'manual', ${when}, ${form.check.url}, ${comment}, ${clock.now()})
        returning id`,
      ),
    );
    return await getDonation(ctx, caller.id, row.id, lang);
  } catch (err) {
    await ctx.storage.remove(form.check?.url);
    throw err;
  }
}

type DonationRow = {
  id: number;
  amount_cents: number;
  /** Only a book payment is ever refunded (settle.ts). */
  state: Exclude<PaymentState, 'refunded'>;
  paid_at_claimed: Date | null;
  proof_file: string | null;
  comment: string;
  created_at: Date;
  paid_at: Date | null;
  reject_reason: string | null;
  m_id: number | null;
  m_code: string;
  m_name: string | null;
  m_kind: 'online' | 'manual' | null;
  m_instructions: string | null;
  m_logo: string | null;
};

const SELECT = sql`select p.id, p.amount_cents, p.state, p.paid_at_claimed, p.proof_file, p.comment, p.created_at, p.paid_at, p.reject_reason,
    m.id as m_id, p.method as m_code, m.name as m_name, m.kind as m_kind, m.instructions as m_instructions, m.logo as m_logo
  from payments p left join payment_methods m on m.code = p.method`;

function donationView(ctx: AppContext, lang: Lang, r: DonationRow) {
  const method = r.m_id
    ? methodView(lang, {
        id: r.m_id,
        code: r.m_code,
        name: r.m_name ?? r.m_code,
        kind: r.m_kind ?? 'online',
        instructions: r.m_instructions ?? '',
        logo: r.m_logo,
      })
    : { id: 1, name: builtInMethodName(lang, r.m_code), kind: 'online' as const, instructions: '', logo: null };
  return {
    id: r.id,
    amount: centsToMoney(r.amount_cents),
    payment_method: method,
    status: r.state,
    payment_datetime: isoOrNull(r.paid_at_claimed),
    check: ctx.storage.signedUrl(r.proof_file),
    comment: r.comment,
    created_at: iso(r.created_at),
    paid_at: isoOrNull(r.paid_at),
    reject_reason: r.reject_reason,
    // Only a manual donation is answered one by one (createManualDonation): nothing to resume.
    payment_url: null,
  };
}

async function getDonation(ctx: AppContext, userId: number, id: number, lang: Lang) {
  const r = one(await rowsOf<DonationRow>(ctx.db, sql`${SELECT} where p.id = ${id} and p.user_id = ${userId}`));
  return donationView(ctx, lang, r);
}

/**
 * One statement per page window: the count and the page as JSON text, each donation the object of
 * donationView but for the check, which is signed afterwards (signing needs the server's key).
 */
const myDonationsStatement = shapedStatement<
  { n: number; json: string },
  { limit: number; offset: number },
  { userId: number; texts: string; cutoff: string }
>(
  (win) => sql`
    with page as (
      select p.* from payments p where p.user_id = ${sql.placeholder('userId')} and p.kind = 'donation'
      order by p.created_at desc nulls last, p.id desc ${pageSql(win)}),
    texts as (select ${sql.placeholder('texts')}::jsonb as t)
    select (select count(*)::int from payments where user_id = ${sql.placeholder('userId')} and kind = 'donation') as n,
      -- row_to_json writes no spaces (json_build_object and json_agg do): a tenth fewer bytes to send.
      (select coalesce('[' || string_agg(row_to_json(d)::text, ',' order by p.created_at desc nulls last, p.id desc) || ']', '[]')
        from page p left join payment_methods m on m.code = p.method cross join texts x
        -- A method no longer listed shows as its code.
        cross join lateral (select coalesce(m.id, 1) as id, coalesce(x.t->'names'->>p.method, m.name, p.method) as name,
          coalesce(m.kind, 'online') as kind,
          coalesce(case when m.instructions <> '' then coalesce(x.t->'hints'->>m.code, m.instructions) else m.instructions end, '') as instructions,
          m.logo as logo) pm
        cross join lateral (select p.id, ${moneySql('p.amount_cents')} as amount, row_to_json(pm) as payment_method, p.state as status,
          ${isoSql('p.paid_at_claimed')} as payment_datetime, p.proof_file as "check", p.comment,
          ${isoSql('p.created_at')} as created_at, ${isoSql('p.paid_at')} as paid_at, p.reject_reason,
          -- A card checkout still open can be resumed until it expires (checkout.ts).
          case when p.state = 'pending' and p.provider <> 'manual' and p.created_at >= ${sql.placeholder('cutoff')}::timestamptz
            then p.checkout_url end as payment_url) d) as json`,
);

// A check as the PostgreSQL-written answer has it: the key `"check"` then the stored path. Inside a JSON
// string every quote is escaped, so the pattern only meets the key itself.
const CHECK_IN_JSON = /"check"\s*:\s*"(\/media\/[^"\\]*)"/g;

/** The caller's own donations, newest first (pending, paid, and rejected ones with the reason), as JSON text. */
export async function listMyDonations(ctx: AppContext, caller: Caller, lang: Lang, q: PageQuery): Promise<string> {
  const win = pageWindow(q);
  const row = one(
    await myDonationsStatement(
      ctx.db,
      { limit: win.limit, offset: win.offset },
      { userId: caller.id, texts: builtInMethodTextsJson(lang), cutoff: checkoutCutoff(ctx).toISOString() },
    ),
  );
  const results = row.json.replace(
    CHECK_IN_JSON,
    (_whole, path: string) => `"check":${JSON.stringify(ctx.storage.signedUrl(path))}`,
  );
  return pageJson(pageOf([], row.n, row.n, win, q), results);
}
