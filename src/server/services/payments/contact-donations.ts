import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import type { PaymentKind, PaymentState } from '../../db/schema';
import { FieldErrors, notFound, permissionDenied } from '../../errors';
import { t, type Lang } from '../../i18n';
import { centsToMoney } from '../content/money';
import { pageOf, pageSql, pageWindow } from '../paging';
import { iso, isoOrNull, rowsOf } from './common';
import { visibleUser } from './visibility';
import { one } from '../../db/rows';

type Caller = Pick<AuthUser, 'id' | 'role'>;
const ORDERING: Record<string, string> = { created_at: 'p.created_at', amount: 'p.amount_cents', paid_at: 'p.paid_at' };

type Row = {
  id: number;
  kind: PaymentKind;
  state: PaymentState;
  amount_cents: number;
  method: string;
  method_name: string | null;
  package_name: string | null;
  book_title: string | null;
  product_name: string | null;
  created_at: Date;
  paid_at: Date | null;
};

/**
 * The payments of one user the caller may look at: a member their referral structure, staff the
 * users they are responsible for or who sit in their structure, admins anyone.
 */
export async function listContactDonations(
  ctx: AppContext,
  caller: Caller,
  lang: Lang,
  userId: number,
  q: { page?: number; page_size?: number; ordering?: string },
) {
  const [target] = await rowsOf<{ id: number; visible: boolean }>(
    ctx.db,
    sql`select u.id, (${visibleUser(caller)}) as visible from users u where u.id = ${userId}`,
  );
  if (!target) throw notFound();
  if (!target.visible) throw permissionDenied();
  const field = (q.ordering ?? '-created_at').replace(/^-/, '');
  if (!ORDERING[field]) throw FieldErrors.of('ordering', 'field_invalid');
  const dir = q.ordering?.startsWith('-') || !q.ordering ? 'desc' : 'asc';
  const win = pageWindow(q);
  const [rows, cRows] = await Promise.all([
    rowsOf<Row>(
      ctx.db,
      sql`select p.id, p.kind, p.state, p.amount_cents, p.method, m.name as method_name, pk.name as package_name, b.title as book_title,
        (select pr.name from product_orders o join products pr on pr.id = o.product_id where o.payment_id = p.id) as product_name,
          p.created_at, p.paid_at
        from payments p left join payment_methods m on m.code = p.method
        left join packages pk on pk.id = p.package_id left join books b on b.id = p.book_id
        where p.user_id = ${userId}
        order by ${sql.raw(`${ORDERING[field]} ${dir} nulls last, p.id ${dir}`)} ${pageSql(win)}`,
    ),
    rowsOf<{ n: number }>(ctx.db, sql`select count(*)::int as n from payments where user_id = ${userId}`),
  ]);
  const results = rows.map((r) => {
    const key = `payment_method_${r.method}` as Parameters<typeof t>[1];
    const name = t(lang, key);
    return {
      id: r.id,
      kind: r.kind,
      amount: centsToMoney(r.amount_cents),
      status: r.state,
      payment_method: name !== key ? name : (r.method_name ?? r.method),
      description: r.package_name ?? r.book_title ?? r.product_name ?? '',
      created_at: iso(r.created_at),
      paid_at: isoOrNull(r.paid_at),
    };
  });
  const { n } = one(cRows);
  return pageOf(results, n, n, win, q);
}
