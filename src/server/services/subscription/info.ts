import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext, AuthUser } from '../../context';
import type { UserPackageStatus } from '../../db/schema';
import { FieldErrors } from '../../errors';
import type { Lang } from '../../i18n';
import { centsToMoney } from '../content/money';
import { iso, isoOrNull, rowsOf } from '../payments/common';
import { periodName } from './catalogue';

type Row = {
  id: number;
  status: UserPackageStatus;
  starts_at: Date;
  ends_at: Date;
  auto_pay: boolean;
  months: number;
  price_cents: number;
  package_id: number;
  name: string;
  description: string;
  period_id: number | null;
  categories: Array<{ id: number; name: string }>;
  paid_cents: number | null;
  paid_at: Date | null;
};

/**
 * The caller's subscriptions: the current one (active, and now within its dates by the app clock)
 * and the history (everything that ran, newest first; unpaid or declined checkouts are left out).
 */
export async function subscriptionInfo(ctx: AppContext, caller: Pick<AuthUser, 'id'>, lang: Lang) {
  const rows = await rowsOf<Row>(
    ctx.db,
    sql`select up.id, up.status, up.starts_at, up.ends_at, b.auto_pay, b.months, b.price_cents,
        p.id as package_id, p.name, p.description, sp.id as period_id,
        coalesce((select json_agg(json_build_object('id', c.id, 'name', c.title) order by c."order", c.id)
          from package_categories pc join lesson_categories c on c.id = pc.category_id where pc.package_id = p.id), '[]') as categories,
        pay.amount_cents as paid_cents, pay.paid_at
      from user_packages up
      join subscription_billing b on b.user_package_id = up.id
      join packages p on p.id = up.package_id
      left join subscription_periods sp on sp.months = b.months
      left join payments pay on pay.user_package_id = up.id
      where up.user_id = ${caller.id}
        and (up.status in ('active', 'expired') or (up.status = 'canceled' and pay.state = 'paid'))
      order by up.starts_at desc, up.id desc
      limit 200`,
  );
  const now = clock.now().getTime();
  const view = (r: Row) => ({
    id: r.id,
    package: {
      id: r.package_id,
      name: r.name,
      description: r.description,
      price: centsToMoney(r.price_cents),
      period: { id: r.period_id ?? 1, name: periodName(lang, r.months), months: r.months },
      lesson_categories: r.categories,
    },
    starts_at: iso(r.starts_at),
    ends_at: iso(r.ends_at),
    auto_pay: r.auto_pay,
    status: r.status,
    amount: centsToMoney(r.paid_cents ?? r.price_cents),
    paid_at: isoOrNull(r.paid_at),
  });
  const current = rows
    .filter(
      (r) => r.status === 'active' && new Date(r.starts_at).getTime() <= now && new Date(r.ends_at).getTime() > now,
    )
    .sort((a, b) => new Date(b.ends_at).getTime() - new Date(a.ends_at).getTime())[0];
  return { current: current ? view(current) : null, history: rows.map(view) };
}

/** Auto-pay of the current subscription (and the periods bought to follow it) on or off; without one, a 400. */
export async function setAutoPay(ctx: AppContext, caller: Pick<AuthUser, 'id'>, lang: Lang, autoPay: boolean) {
  const info = await subscriptionInfo(ctx, caller, lang);
  if (!info.current) throw FieldErrors.of('non_field_errors', 'no_current_subscription');
  // The periods bought ahead too: the last one is what renews (renewal.ts).
  await ctx.db.execute(sql`update subscription_billing b set auto_pay = ${autoPay}
    from user_packages up, user_packages cur
    where cur.id = ${info.current.id} and cur.user_id = ${caller.id} and up.user_id = ${caller.id} and up.id = b.user_package_id
      and (up.id = cur.id or (up.status = 'active' and up.starts_at >= cur.ends_at))`);
  return subscriptionInfo(ctx, caller, lang);
}
