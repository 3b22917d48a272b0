import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  payments,
  tagGroups,
  tags,
  tasks,
  userGroups,
  users,
  userTags,
  userWorkZones,
  workTimes,
} from '../../db/schema';
import { together } from '../../db/together';
import { notFound } from '../../errors';
import { centsToMoney } from '../content/money';
import { type Tx } from './access';
import { brief } from '../users';
import { isoSql } from '../leads/brief';
import { invitationOf } from './invitations';
import { leadSourceSql } from '../leads/source';
import { groupLabel, tagLabel } from '../team/structure-columns';
import type { Lang } from '../../i18n';

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

const hhmm = (t: string) => t.slice(0, 5);

/** All seven weekdays of a user's hours, MON first; a weekday without a row is a day off. */
export async function workTimesOf(tx: Tx, userId: number) {
  const rows = await tx.select().from(workTimes).where(eq(workTimes.userId, userId)).orderBy(asc(workTimes.weekday));
  const by = new Map(rows.map((r) => [r.weekday, r]));
  return WEEKDAYS.map((weekday, i) => {
    const r = by.get(i);
    return { weekday, time_from: r ? hhmm(r.timeFrom) : null, time_to: r ? hhmm(r.timeTo) : null, is_day_off: !r };
  });
}

/** Tags and groups of a user, by name. */
export async function labelsOf(tx: Tx, userId: number) {
  const [t, g] = await together(tx, [
    () =>
      tx
        .select({ id: tags.id, name: tags.name })
        .from(userTags)
        .innerJoin(tags, eq(tags.id, userTags.tagId))
        .where(eq(userTags.userId, userId))
        .orderBy(tags.name),
    () =>
      tx
        .select({ id: tagGroups.id, name: tagGroups.name })
        .from(userGroups)
        .innerJoin(tagGroups, eq(tagGroups.id, userGroups.groupId))
        .where(eq(userGroups.userId, userId))
        .orderBy(tagGroups.name),
  ]);
  return { tags: t, groups: g };
}

/**
 * The user as the staff screens show it (StaffUserDetails), after the caller's rights were checked; the
 * seeded tag groups named in `lang`, as Team › Structure names them.
 */
export async function staffUserView(tx: Tx, userId: number, lang: Lang) {
  const responsible = alias(users, 'responsible');
  const referrer = alias(users, 'referrer');
  const [row] = await tx
    .select({
      u: users,
      responsible,
      referrer,
      zone: userWorkZones.workZone,
      // Where they came from as a lead (a landing, registration, staff, or the import that made them).
      leadSource: leadSourceSql('users'),
      // The last sign-in, as the structure list shows it: the newest session's start.
      lastLogin: sql<
        string | null
      >`(select ${isoSql('max(s.created_at)')} from sessions s where s.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(responsible, eq(responsible.id, users.responsibleId))
    .leftJoin(referrer, eq(referrer.id, users.referrerId))
    .leftJoin(userWorkZones, eq(userWorkZones.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const u = row.u;
  const staff = u.role !== 'member';
  const [labels, times, [don], [task], invitation] = await together(tx, [
    () => labelsOf(tx, userId),
    () => (staff ? workTimesOf(tx, userId) : Promise.resolve([])),
    () =>
      tx
        .select({
          total: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`,
          count: sql<number>`count(*)::int`,
          current: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.paidAt} >= date_trunc('month', now())), 0)::int`,
          previous: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.paidAt} >= date_trunc('month', now()) - interval '1 month' and ${payments.paidAt} < date_trunc('month', now())), 0)::int`,
          last: sql<Date | null>`max(${payments.paidAt})`,
        })
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.kind, 'donation'), eq(payments.state, 'paid'))),
    () =>
      tx
        .select({
          total: sql<number>`count(*)::int`,
          open: sql<number>`(count(*) filter (where ${tasks.status} = 'planned'))::int`,
          completed: sql<number>`(count(*) filter (where ${tasks.status} = 'completed'))::int`,
          overdue: sql<number>`(count(*) filter (where ${tasks.status} = 'planned' and ${tasks.endAt} < now()))::int`,
        })
        .from(tasks)
        .where(inArray(tasks.linkedUserId, [userId])),
    () => invitationOf(tx, userId),
  ]);
  const last = don?.last ? new Date(don.last) : null;
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    phone: u.phone,
    avatar: u.avatar,
    city: u.city,
    country: u.country,
    date_birth: u.dateBirth,
    language: u.language,
    time_zone: u.timeZone,
    work_zone: row.zone ?? null,
    role: u.role,
    is_partner: u.isPartner,
    is_active: u.isActive,
    is_blocked: u.isBlocked,
    email_activation: u.emailActivation,
    telegram_linked: Boolean(u.telegramChatId),
    status: u.leadStatus,
    responsible: row.responsible ? brief(row.responsible) : null,
    referrer: row.referrer ? brief(row.referrer) : null,
    referrals_count: u.childrenCount,
    tags: labels.tags.map((x) => ({ ...x, name: tagLabel(lang, x.name) })),
    groups: labels.groups.map((g) => ({ ...g, name: groupLabel(lang, g.name) })),
    donations: {
      total: centsToMoney(don?.total ?? 0),
      count: don?.count ?? 0,
      current_month: centsToMoney(don?.current ?? 0),
      previous_month: centsToMoney(don?.previous ?? 0),
      last_donation_at: last ? last.toISOString() : null,
    },
    tasks: {
      total: task?.total ?? 0,
      open: task?.open ?? 0,
      completed: task?.completed ?? 0,
      overdue: task?.overdue ?? 0,
    },
    consultant_settings: staff ? { user_id: u.id, daily_limit: u.dailyLeadLimit, rating: u.rating } : null,
    work_times: times,
    date_joined: u.dateJoined.toISOString(),
    last_login: row.lastLogin,
    invitation,
    lead_source: row.leadSource ?? null,
  };
}
