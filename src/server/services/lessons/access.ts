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
 * user packages; this rule stays.
 */
export type Grants = { all: boolean; hasPackage: boolean; categories: ReadonlySet<number> };

const ACTIVE = sql.raw(`up.status = 'active' and up.starts_at <= now() and (up.ends_at is null or up.ends_at > now())`);

/** Columns `grant_categories` (int[]) and `has_package` for a user: append them to a select. */
export const grantColumns = (userId: number | Placeholder): SQL => sql`
  (select coalesce(array_agg(pc.category_id) filter (where pc.category_id is not null), '{}')
    from user_packages up left join package_categories pc on pc.package_id = up.package_id
    where up.user_id = ${userId} and ${ACTIVE}) as grant_categories,
  exists (select 1 from user_packages up where up.user_id = ${userId} and ${ACTIVE}) as has_package`;

export type GrantRow = { grant_categories: number[]; has_package: boolean };

export function grantsFrom(user: Pick<AuthUser, 'role'>, row: GrantRow): Grants {
  if (user.role === 'admin') return { all: true, hasPackage: true, categories: new Set() };
  return { all: false, hasPackage: row.has_package, categories: new Set(row.grant_categories) };
}

const grantsStatement = statement<GrantRow, { userId: number }>(sql`select ${grantColumns(sql.placeholder('userId'))}`);

export async function grantsOf(ctx: AppContext, user: Pick<AuthUser, 'id' | 'role'>): Promise<Grants> {
  if (user.role === 'admin') return { all: true, hasPackage: true, categories: new Set() };
  const row = one(await grantsStatement(ctx.db, { userId: user.id }));
  return grantsFrom(user, row);
}

export type LockReason = 'subscription_required' | 'package_required';

export function lockReason(grants: Grants, lesson: { is_free: boolean; category_id: number }): LockReason | null {
  if (lesson.is_free || grants.all || grants.categories.has(lesson.category_id)) return null;
  return grants.hasPackage ? 'package_required' : 'subscription_required';
}

const MESSAGE = {
  subscription_required: 'lesson_locked_subscription',
  package_required: 'lesson_locked_package',
} as const;

/** The values briefJsonSql takes for a caller: whether they open everything, and the lock messages in their language. */
export const briefValues = (caller: Pick<AuthUser, 'role'> & { lang: Lang }) => ({
  admin: caller.role === 'admin',
  subscriptionMessage: t(caller.lang, MESSAGE.subscription_required),
  packageMessage: t(caller.lang, MESSAGE.package_required),
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
