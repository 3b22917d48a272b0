import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  sessions,
  tagGroups,
  tags,
  userGroups,
  users,
  userTags,
  userWorkZones,
  workTimes,
  type Role,
} from '../../db/schema';
import { FieldErrors, permissionDenied } from '../../errors';
import { t, type Lang } from '../../i18n';
import { recordAction } from '../action-log';
import { authChanged } from '../sessions';
import { isTimeZone } from '../time-zones';
import { isAdmin, reachableUser, type Caller, type Tx } from './access';
import { staffUserView, WEEKDAYS, workTimesOf } from './view';
import { present } from '../../db/rows';
import type {
  SchemaBlockUnblockUserRequest,
  SchemaConsultantSettingsRequest,
  SchemaStaffWorkTime,
  SchemaUpdateUserSettingsRequest,
  SchemaUpdateWorkTimesRequest,
} from '../../../api/schema';

export type WorkTimeInput = SchemaStaffWorkTime;

/** Checks the whole week before anything is written: one bad day refuses the lot. */
function checkWeek(entries: WorkTimeInput[]) {
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.weekday)) throw FieldErrors.of('work_times', 'weekday_repeated');
    seen.add(e.weekday);
    if (e.is_day_off) continue;
    // Same-length HH:mm strings compare like times.
    if (!e.time_from || !e.time_to || e.time_from >= e.time_to)
      throw FieldErrors.of('work_times', 'work_time_incorrect');
  }
}

function requireStaff(u: { role: Role }) {
  if (u.role === 'member') throw FieldErrors.of('user_id', 'not_a_consultant');
}

/** The consultant themselves, a consultant whose structure they sit in, or an admin. */
export async function updateWorkTimes(ctx: AppContext, caller: Caller, input: SchemaUpdateWorkTimesRequest) {
  checkWeek(input.work_times);
  return ctx.db.transaction(async (tx) => {
    const target = await reachableUser(tx, caller, input.user_id, { allowSelf: true });
    requireStaff(target);
    const before = await workTimesOf(tx, target.id);
    for (const e of input.work_times) {
      const weekday = WEEKDAYS.indexOf(e.weekday);
      if (e.is_day_off) {
        await tx.delete(workTimes).where(and(eq(workTimes.userId, target.id), eq(workTimes.weekday, weekday)));
      } else {
        await tx
          .insert(workTimes)
          .values({
            userId: target.id,
            weekday,
            timeFrom: present(e.time_from, 'time_from'),
            timeTo: present(e.time_to, 'time_to'),
          })
          .onConflictDoUpdate({
            target: [workTimes.userId, workTimes.weekday],
            set: { timeFrom: present(e.time_from, 'time_from'), timeTo: present(e.time_to, 'time_to') },
          });
      }
    }
    const after = await workTimesOf(tx, target.id);
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: target.id,
      kind: 'work_times_updated',
      details: { before, after },
    });
    return { user_id: target.id, work_times: after };
  });
}

/** Daily lead limit and rating: admins for any consultant, consultants for those of their structure. */
export async function updateConsultantSettings(
  ctx: AppContext,
  caller: Caller,
  input: SchemaConsultantSettingsRequest,
) {
  return ctx.db.transaction(async (tx) => {
    const target = await reachableUser(tx, caller, input.user_id);
    requireStaff(target);
    if (!isAdmin(caller) && target.role !== 'consultant') throw permissionDenied();
    await tx
      .update(users)
      .set({ dailyLeadLimit: input.daily_limit, rating: input.rating, updatedAt: new Date() })
      .where(eq(users.id, target.id));
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: target.id,
      kind: 'consultant_settings_updated',
      details: { daily_limit: [target.dailyLeadLimit, input.daily_limit], rating: [target.rating, input.rating] },
    });
    return { user_id: target.id, daily_limit: input.daily_limit, rating: input.rating };
  });
}

/** Blocking ends every open session of the user in the same transaction: their next call gets 401. */
export async function blockUnblockUser(
  ctx: AppContext,
  caller: Caller,
  input: SchemaBlockUnblockUserRequest,
  lang: Lang,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const target = await reachableUser(tx, caller, input.user_id);
    await tx.update(users).set({ isBlocked: input.block, updatedAt: new Date() }).where(eq(users.id, target.id));
    let ended = 0;
    if (input.block) {
      const rows = await tx
        .update(sessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(sessions.userId, target.id), isNull(sessions.endedAt)))
        .returning({ id: sessions.id });
      ended = rows.length;
    }
    if (target.isBlocked !== input.block) {
      await recordAction(tx, {
        actorId: caller.id,
        subjectId: target.id,
        kind: input.block ? 'user_blocked' : 'user_unblocked',
        details: input.block ? { sessions_ended: ended } : {},
      });
    }
    return { detail: t(lang, 'user_updated'), user_id: target.id, is_blocked: input.block };
  });
  authChanged(ctx, input.user_id);
  return result;
}

export type UserSettingsInput = SchemaUpdateUserSettingsRequest;

async function existing(tx: Tx, table: typeof tags | typeof tagGroups, ids: number[]): Promise<boolean> {
  if (!ids.length) return true;
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return rows.length === new Set(ids).size;
}

/** Only the fields sent change; role only by admins. Tags and groups are replaced as a whole. */
export async function updateUserSettings(ctx: AppContext, caller: Caller, input: UserSettingsInput, lang: Lang) {
  if (input.time_zone !== undefined && !isTimeZone(input.time_zone))
    throw FieldErrors.of('time_zone', 'time_zone_invalid');
  const result = await ctx.db.transaction(async (tx) => {
    const target = await reachableUser(tx, caller, input.user_id);
    if (input.role !== undefined && input.role !== target.role && !isAdmin(caller)) throw permissionDenied();
    const errors: Record<string, ['tag_unknown'] | ['group_unknown']> = {};
    if (input.tags && !(await existing(tx, tags, input.tags))) errors.tags = ['tag_unknown'];
    if (input.groups && !(await existing(tx, tagGroups, input.groups))) errors.groups = ['group_unknown'];
    if (Object.keys(errors).length) throw new FieldErrors(errors);

    const changes: Record<string, unknown> = {};
    const set: Partial<typeof users.$inferInsert> = {};
    const note = <K extends keyof typeof set>(
      field: string,
      col: K,
      before: unknown,
      after: (typeof set)[K] | undefined,
    ) => {
      if (after === undefined || after === before) return;
      set[col] = after;
      changes[field] = [before, after];
    };
    note('role', 'role', target.role, input.role);
    note('is_partner', 'isPartner', target.isPartner, input.is_partner);
    note('language', 'language', target.language, input.language);
    note('time_zone', 'timeZone', target.timeZone, input.time_zone);
    if (Object.keys(set).length)
      await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(users.id, target.id));
    if (input.tags) {
      await tx.delete(userTags).where(eq(userTags.userId, target.id));
      if (input.tags.length)
        await tx.insert(userTags).values(input.tags.map((tagId) => ({ userId: target.id, tagId })));
      changes.tags = input.tags;
    }
    if (input.groups) {
      await tx.delete(userGroups).where(eq(userGroups.userId, target.id));
      if (input.groups.length)
        await tx.insert(userGroups).values(input.groups.map((groupId) => ({ userId: target.id, groupId })));
      changes.groups = input.groups;
    }
    if (input.work_zone !== undefined) {
      const zone = input.work_zone?.trim() || null;
      if (zone) {
        await tx
          .insert(userWorkZones)
          .values({ userId: target.id, workZone: zone })
          .onConflictDoUpdate({ target: userWorkZones.userId, set: { workZone: zone } });
      } else {
        await tx.delete(userWorkZones).where(eq(userWorkZones.userId, target.id));
      }
      changes.work_zone = zone;
    }
    await recordAction(tx, { actorId: caller.id, subjectId: target.id, kind: 'settings_updated', details: changes });
    return { detail: t(lang, 'user_updated'), user: await staffUserView(tx, target.id, lang) };
  });
  authChanged(ctx, input.user_id);
  return result;
}
