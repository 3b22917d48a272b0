import { sql, type SQL } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext, AuthUser } from '../../context';
import type { PaymentKind, PaymentState } from '../../db/schema';
import { DomainError, FieldErrors, notFound } from '../../errors';
import type { ListWindow } from '../../http/simple-rest';
import { t, type Lang } from '../../i18n';
import { recordAction } from '../action-log';
import { centsToMoney } from '../content/money';
import { pageSql } from '../paging';
import { iso, isoOrNull, rowsOf } from './common';
import { settlePaid } from './settle';
import { visibleUser } from './visibility';
import { one } from '../../db/rows';
import { notifyUser } from '../notifications/member';

type Caller = Pick<AuthUser, 'id' | 'role'>;

export const STAFF_PAYMENTS_SORTABLE = ['id', 'created_at', 'amount', 'state', 'kind', 'paid_at'] as const;
const ORDER: Record<string, string> = {
  id: 'p.id',
  created_at: 'p.created_at',
  amount: 'p.amount_cents',
  state: 'p.state',
  kind: 'p.kind',
  paid_at: 'p.paid_at',
};

/** The keys of the list's `filter` (StaffPaymentFilter). */
export const STAFF_PAYMENT_FILTERS = ['kind', 'state', 'user_id', 'date_from', 'date_to', 'manual'] as const;

export type StaffPaymentFilter = {
  kind?: unknown;
  state?: unknown;
  user_id?: unknown;
  date_from?: unknown;
  date_to?: unknown;
  manual?: unknown;
};

type Row = {
  id: number;
  user_id: number;
  kind: PaymentKind;
  state: PaymentState;
  amount_cents: number;
  method: string;
  method_name: string | null;
  provider: 'sandbox' | 'stripe' | 'manual';
  comment: string;
  paid_at_claimed: Date | null;
  proof_file: string | null;
  reject_reason: string | null;
  decided_at: Date | null;
  paid_at: Date | null;
  created_at: Date;
  package_name: string | null;
  book_title: string | null;
  product_name: string | null;
  u_first_name: string;
  u_last_name: string;
  u_email: string | null;
  u_phone: string | null;
  u_avatar: string | null;
  d_id: number | null;
  d_first_name: string | null;
  d_last_name: string | null;
};

const SELECT = sql`select p.id, p.user_id, p.kind, p.state, p.amount_cents, p.method, m.name as method_name, p.provider, p.comment,
    p.paid_at_claimed, p.proof_file, p.reject_reason, p.decided_at, p.paid_at, p.created_at,
    pk.name as package_name, b.title as book_title,
    (select pr.name from product_orders o join products pr on pr.id = o.product_id where o.payment_id = p.id) as product_name,
    u.first_name as u_first_name, u.last_name as u_last_name, u.email as u_email, u.phone as u_phone, u.avatar as u_avatar,
    d.id as d_id, d.first_name as d_first_name, d.last_name as d_last_name
  from payments p
  join users u on u.id = p.user_id
  left join payment_methods m on m.code = p.method
  left join packages pk on pk.id = p.package_id
  left join books b on b.id = p.book_id
  left join users d on d.id = p.decided_by_id`;

function view(ctx: AppContext, lang: Lang, r: Row) {
  const methodKey = `payment_method_${r.method}` as const;
  const translated = t(lang, methodKey as Parameters<typeof t>[1]);
  return {
    id: r.id,
    user_id: r.user_id,
    user: {
      id: r.user_id,
      first_name: r.u_first_name,
      last_name: r.u_last_name,
      email: r.u_email,
      phone: r.u_phone,
      avatar: r.u_avatar,
    },
    kind: r.kind,
    state: r.state,
    amount: centsToMoney(r.amount_cents),
    method: r.method,
    method_name: translated !== methodKey ? translated : (r.method_name ?? r.method),
    provider: r.provider,
    is_manual: r.provider === 'manual',
    description: r.package_name ?? r.book_title ?? r.product_name ?? '',
    comment: r.comment,
    payment_datetime: isoOrNull(r.paid_at_claimed),
    check: ctx.storage.signedUrl(r.proof_file),
    check_type: r.proof_file ? (r.proof_file.endsWith('.pdf') ? ('pdf' as const) : ('image' as const)) : null,
    reject_reason: r.reject_reason,
    decided_by: r.d_id ? { id: r.d_id, first_name: r.d_first_name ?? '', last_name: r.d_last_name ?? '' } : null,
    decided_at: isoOrNull(r.decided_at),
    paid_at: isoOrNull(r.paid_at),
    created_at: iso(r.created_at),
  };
}

const oneOf = <T extends string>(v: unknown, allowed: readonly T[], field: string): T | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  throw FieldErrors.of(field, 'field_invalid');
};

function dateOf(v: unknown, field: string): Date | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const d = typeof v === 'string' ? new Date(v) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw FieldErrors.of(field, 'field_invalid');
  return d;
}

function conditions(caller: Caller, f: StaffPaymentFilter): SQL {
  const parts: SQL[] = [visibleUser(caller)];
  const kind = oneOf(f.kind, ['subscription', 'donation', 'book', 'product'] as const, 'kind');
  const state = oneOf(
    f.state,
    ['pending', 'paid', 'canceled', 'failed', 'needs_approval', 'awaiting_card'] as const,
    'state',
  );
  if (kind) parts.push(sql`p.kind = ${kind}`);
  // Pending splits into what staff must decide (manual transfers) and card checkouts the payer may still finish.
  if (state === 'needs_approval') parts.push(sql`p.state = 'pending' and p.provider = 'manual'`);
  else if (state === 'awaiting_card') parts.push(sql`p.state = 'pending' and p.provider <> 'manual'`);
  else if (state) parts.push(sql`p.state = ${state}`);
  if (f.user_id !== undefined && f.user_id !== null && f.user_id !== '') {
    const id = Number(f.user_id);
    if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw FieldErrors.of('user_id', 'field_invalid');
    parts.push(sql`p.user_id = ${id}`);
  }
  const from = dateOf(f.date_from, 'date_from');
  const to = dateOf(f.date_to, 'date_to');
  if (from) parts.push(sql`p.created_at >= ${from}`);
  // A date without a time means the whole day.
  if (to)
    parts.push(
      typeof f.date_to === 'string' && f.date_to.length <= 10
        ? sql`p.created_at < ${to}::timestamptz + interval '1 day'`
        : sql`p.created_at <= ${to}`,
    );
  if (f.manual === true || f.manual === 'true') parts.push(sql`p.provider = 'manual'`);
  if (f.manual === false || f.manual === 'false') parts.push(sql`p.provider <> 'manual'`);
  return sql.join(parts, sql` and `);
}

export async function listStaffPayments(
  ctx: AppContext,
  caller: Caller,
  lang: Lang,
  w: ListWindow<StaffPaymentFilter>,
) {
  const where = conditions(caller, w.filter);
  // The same null ordering on both keys as the index payments_created_idx (drizzle's `desc()` is DESC NULLS LAST).
  const dir = w.desc ? 'desc' : 'asc';
  const order = sql.raw(`${ORDER[w.field] ?? 'p.id'} ${dir} nulls last, p.id ${dir} nulls last`);
  const [rows, cRows] = await Promise.all([
    rowsOf<Row>(ctx.db, sql`${SELECT} where ${where} order by ${order} ${pageSql(w)}`),
    rowsOf<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from payments p join users u on u.id = p.user_id where ${where}`,
    ),
  ]);
  return { rows: rows.map((r) => view(ctx, lang, r)), total: one(cRows).n };
}

/** One payment the caller may see; others answer 404 (as if they did not exist). */
export async function getStaffPayment(ctx: AppContext, caller: Caller, lang: Lang, id: number) {
  const [r] = await rowsOf<Row>(ctx.db, sql`${SELECT} where p.id = ${id} and ${visibleUser(caller)}`);
  if (!r) throw notFound();
  return view(ctx, lang, r);
}

/** The manual payment to decide on, locked; 404 when not visible, 403 for online ones, 409 when decided. */
async function lockManual(
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  caller: Caller,
  id: number,
) {
  const [p] = await rowsOf<{
    id: number;
    user_id: number;
    provider: string;
    state: PaymentState;
    amount_cents: number;
    kind: PaymentKind;
  }>(
    tx,
    sql`select p.id, p.user_id, p.provider, p.state, p.amount_cents, p.kind from payments p join users u on u.id = p.user_id
      where p.id = ${id} and ${visibleUser(caller)} for update of p`,
  );
  if (!p) throw notFound();
  if (p.provider !== 'manual') throw new DomainError('forbidden', 'payment_not_manual', 'payment_not_manual');
  if (p.state !== 'pending') throw new DomainError('conflict', 'payment_not_pending', 'payment_not_pending');
  return p;
}

export async function approvePayment(ctx: AppContext, caller: Caller, lang: Lang, id: number) {
  await ctx.db.transaction(async (tx) => {
    const p = await lockManual(tx, caller, id);
    await tx.execute(
      sql`update payments set decided_by_id = ${caller.id}, decided_at = ${clock.now()} where id = ${id}`,
    );
    if (!(await settlePaid(ctx, tx, id)))
      throw new DomainError('conflict', 'payment_not_pending', 'payment_not_pending');
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: p.user_id,
      kind: 'payment_approved',
      details: { payment_id: id, amount: centsToMoney(p.amount_cents) },
    });
    if (p.kind === 'donation') await tellDonor(ctx, tx, p, 'donation_approved');
  });
  return getStaffPayment(ctx, caller, lang, id);
}

export async function rejectPayment(ctx: AppContext, caller: Caller, lang: Lang, id: number, reason: string) {
  const text = reason.trim();
  if (!text) throw FieldErrors.of('reason', 'field_empty');
  await ctx.db.transaction(async (tx) => {
    const p = await lockManual(tx, caller, id);
    await tx.execute(sql`update payments set state = 'canceled', reject_reason = ${text}, decided_by_id = ${caller.id},
        decided_at = ${clock.now()}, updated_at = now() where id = ${id} and state = 'pending'`);
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: p.user_id,
      kind: 'payment_rejected',
      details: { payment_id: id, amount: centsToMoney(p.amount_cents), reason: text },
    });
    if (p.kind === 'donation') await tellDonor(ctx, tx, p, 'donation_rejected', { reason: text });
  });
  return getStaffPayment(ctx, caller, lang, id);
}

/** The donor hears (bell and mail) that staff approved or rejected their manual donation. */
function tellDonor(
  ctx: AppContext,
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  p: { id: number; user_id: number; amount_cents: number },
  kind: 'donation_approved' | 'donation_rejected',
  extra: Record<string, string> = {},
) {
  const data = { payment_id: p.id, amount: `$${centsToMoney(p.amount_cents)}`, ...extra };
  return notifyUser(ctx, tx, p.user_id, kind, data, clock.now(), '/dashboard');
}
