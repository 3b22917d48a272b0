import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext } from '../../context';
import { t, type Lang } from '../../i18n';
import { centsToMoney } from '../content/money';
import { rowsOf } from '../payments/common';

const plural = { ru: new Intl.PluralRules('ru'), en: new Intl.PluralRules('en'), de: new Intl.PluralRules('de') };

/** "1 month", "3 месяца", "12 Monate". */
export function periodName(lang: Lang, months: number): string {
  const form = plural[lang].select(months);
  const key =
    form === 'one' ? 'period_one' : form === 'few' ? 'period_few' : form === 'many' ? 'period_many' : 'period_other';
  return t(lang, key, { count: months });
}

export async function listPeriods(ctx: AppContext, lang: Lang) {
  const rows = await rowsOf<{ id: number; months: number }>(
    ctx.db,
    sql`select id, months from subscription_periods order by months, id`,
  );
  return rows.map((r) => ({ id: r.id, name: periodName(lang, r.months), months: r.months }));
}

export type PackageRow = {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  period_id: number;
  months: number;
  categories: Array<{ id: number; name: string }>;
};

/** Packages on sale: active, with a price and period (package_terms). */
export const PACKAGE_SELECT = sql`select p.id, p.name, p.description, pt.price_cents, sp.id as period_id, sp.months,
    coalesce((select json_agg(json_build_object('id', c.id, 'name', c.title) order by c."order", c.id)
      from package_categories pc join lesson_categories c on c.id = pc.category_id where pc.package_id = p.id), '[]') as categories
  from packages p join package_terms pt on pt.package_id = p.id join subscription_periods sp on sp.id = pt.period_id`;

function packageView(lang: Lang, r: PackageRow, currentPackageId: number | null = null) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: centsToMoney(r.price_cents),
    period: { id: r.period_id, name: periodName(lang, r.months), months: r.months },
    lesson_categories: r.categories,
    is_current: r.id === currentPackageId,
  };
}

export async function listPackages(ctx: AppContext, userId: number, lang: Lang, periodId?: number) {
  const rows = await rowsOf<PackageRow>(
    ctx.db,
    sql`${PACKAGE_SELECT} where p.is_active ${periodId ? sql`and sp.id = ${periodId}` : sql``} order by sp.months, pt.price_cents, p.id`,
  );
  const [cur] = await rowsOf<{ package_id: number }>(
    ctx.db,
    sql`select package_id from user_packages where user_id = ${userId} and status = 'active' and starts_at <= ${clock.now()} and ends_at > ${clock.now()}
      order by ends_at desc limit 1`,
  );
  return rows.map((r) => packageView(lang, r, cur?.package_id ?? null));
}
