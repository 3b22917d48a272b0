import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { statement } from '../../db/prepared';
import type { AppContext, AuthUser } from '../../context';
import { DomainError } from '../../errors';
import { t, type Lang } from '../../i18n';
import { one } from '../../db/rows';

/**
 * Who may watch what. A free lesson is open to every signed-in user; any other lesson needs an
 * active user package (status active, now within [starts_at, ends_at)) whose package grants the
 * lesson's category (package_categories). Admins open everything. The Payments issue only sells
 * user packages; this rule stays. `sold` is the categories some package on sale includes: a locked
 * lesson outside them has nothing to buy.
 */
export type Grants = {
  all: boolean;
  hasPackage: boolean;
  categories: ReadonlySet<number>;
  sold: ReadonlySet<number>;
};

const ACTIVE = sql.raw(`up.status = 'active' and up.starts_at <= now() and (up.ends_at is null or up.ends_at > now())`);

/**
 * Columns `grant_categories` (int[]) and `has_package` for a user, and `sold_categories` (int[]: the
 * categories of the packages on sale, as the subscription page lists them: active, with terms): append
 * them to a select.
 */
export const grantColumns = (userId: number | Placeholder): SQL => sql`
  (select coalesce(array_agg(pc.category_id) filter (where pc.category_id is not null), '{}')
    from user_packages up left join package_categories pc on pc.package_id = up.package_id
    where up.user_id = ${userId} and ${ACTIVE}) as grant_categories,
  exists (select 1 from user_packages up where up.user_id = ${userId} and ${ACTIVE}) as has_package,
  (select coalesce(array_agg(distinct pc.category_id), '{}') from packages p
    join package_terms pt on pt.package_id = p.id join package_categories pc on pc.package_id = p.id
    where p.is_active) as sold_categories`;

export type GrantRow = { grant_categories: number[]; has_package: boolean; sold_categories: number[] };

const ADMIN: Grants = { all: true, hasPackage: true, categories: new Set(), sold: new Set() };

export function grantsFrom(user: Pick<AuthUser, 'role'>, row: GrantRow): Grants {
  if (user.role === 'admin') return ADMIN;
  return {
    all: false,
    hasPackage: row.has_package,
    categories: new Set(row.grant_categories),
    sold: new Set(row.sold_categories),
  };
}

const grantsStatement = statement<GrantRow, { userId: number }>(sql`select ${grantColumns(sql.placeholder('userId'))}`);

export async function grantsOf(ctx: AppContext, user: Pick<AuthUser, 'id' | 'role'>): Promise<Grants> {
  if (user.role === 'admin') return ADMIN;
  const row = one(await grantsStatement(ctx.db, { userId: user.id }));
  return grantsFrom(user, row);
}

export type LockReason = 'subscription_required' | 'package_required' | 'in_no_package';

/** Why the lesson is closed to the caller, or null: no package on sale includes it, else buy one, else a bigger one. */
export function lockReason(grants: Grants, lesson: { is_free: boolean; category_id: number }): LockReason | null {
  if (lesson.is_free || grants.all || grants.categories.has(lesson.category_id)) return null;
  if (!grants.sold.has(lesson.category_id)) return 'in_no_package';
  return grants.hasPackage ? 'package_required' : 'subscription_required';
}

const MESSAGE = {
  subscription_required: 'lesson_locked_subscription',
  package_required: 'lesson_locked_package',
  in_no_package: 'lesson_locked_in_no_package',
} as const;

/** The values briefJsonSql takes for a caller: whether they open everything, and the lock messages in their language. */
export const briefValues = (caller: Pick<AuthUser, 'role'> & { lang: Lang }) => ({
  admin: caller.role === 'admin',
  subscriptionMessage: t(caller.lang, MESSAGE.subscription_required),
  packageMessage: t(caller.lang, MESSAGE.package_required),
  inNoPackageMessage: t(caller.lang, MESSAGE.in_no_package),
});

export function accessView(lang: Lang, grants: Grants, lesson: { is_free: boolean; category_id: number }) {
  const reason = lockReason(grants, lesson);
  return {
    is_free: lesson.is_free,
    locked: reason !== null,
    reason,
    message: reason ? t(lang, MESSAGE[reason]) : null,
    available_from: null,
  };
}

/** The 403 for watching or commenting a locked lesson, with the same sentence the lesson page shows. */
export function lessonLocked(reason: LockReason): DomainError {
  return new DomainError('forbidden', reason, MESSAGE[reason]);
}
