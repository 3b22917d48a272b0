import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { actionLogs, tasks, tickets, users } from '../../db/schema';
import { DomainError, FieldErrors, notFound } from '../../errors';
import { t, type Lang } from '../../i18n';
import { clock } from '../../clock';
import { recordAction } from '../action-log';
import { notify } from '../notifications';
import { notifyUser } from '../notifications/member';
import { reachableUser, staffTarget, type Caller, type Tx, type UserRow } from './access';
import { authChanged } from '../sessions';
import { answersRequests } from '../tickets/answerers';
import type { SchemaGiveAwayUserRequest, SchemaRemoveUserRequest } from '../../../api/schema';

const userTaken = () => new DomainError('conflict', 'user_taken', 'user_taken');

/**
 * Removes a user in one transaction: the users they look after, their open tasks and open tickets
 * go to `hand_over_to`; their referrals move up to the removed user's referrer (or to the new
 * consultant), so nothing is orphaned. The history keeps a snapshot of who was removed.
 */
export async function removeUser(ctx: AppContext, caller: Caller, input: SchemaRemoveUserRequest, lang: Lang) {
  const result = await ctx.db.transaction(async (tx) => {
    // Referrals move and the user goes: the tree's writers wait, before this touches any row (migration 0027).
    await tx.execute(sql`select team_tree_lock_exclusive()`);
    const target = await reachableUser(tx, caller, input.user_id);
    if (input.hand_over_to === target.id) throw FieldErrors.of('hand_over_to', 'hand_over_to_self');
    const heir = await staffTarget(tx, caller, input.hand_over_to, 'hand_over_to');
    const responsible = await tx
      .update(users)
      .set({ responsibleId: heir.id, updatedAt: new Date() })
      .where(eq(users.responsibleId, target.id))
      .returning(handedOver);
    const referrals = await tx
      .update(users)
      .set({ referrerId: target.referrerId ?? heir.id, updatedAt: new Date() })
      .where(eq(users.referrerId, target.id))
      .returning({ id: users.id });
    const openTasks = await tx
      .update(tasks)
      .set({ ownerId: heir.id, updatedAt: new Date() })
      .where(and(eq(tasks.ownerId, target.id), eq(tasks.status, 'planned')))
      .returning({ id: tasks.id });
    const openTickets = await tx
      .update(tickets)
      .set({ consultantId: heir.id, updatedAt: new Date() })
      .where(and(eq(tickets.consultantId, target.id), inArray(tickets.status, ['new', 'in_progress'])))
      .returning({ userId: tickets.userId });
    await tx.delete(users).where(eq(users.id, target.id));
    await tellHandOver(ctx, tx, caller, heir, responsible, { tasks: openTasks.length, tickets: openTickets });
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: target.id,
      kind: 'user_removed',
      details: {
        user: { first_name: target.firstName, last_name: target.lastName, email: target.email, role: target.role },
        hand_over_to: heir.id,
        users: responsible.length,
        referrals: referrals.length,
        tasks: openTasks.length,
        tickets: openTickets.length,
      },
    });
    return { detail: t(lang, 'deleted') };
  });
  authChanged(ctx, input.user_id);
  return result;
}

/**
 * Hands one user to another consultant. The move is one conditional UPDATE on the responsible the
 * caller saw: when someone else moved the user first, nothing changes and the answer is 409.
 */
export async function giveAwayUser(ctx: AppContext, caller: Caller, input: SchemaGiveAwayUserRequest, lang: Lang) {
  return ctx.db.transaction(async (tx) => {
    const target = await reachableUser(tx, caller, input.user_id, { lock: false });
    const heir = await handOverTarget(tx, input.consultant_id, 'consultant_id');
    if (target.responsibleId === heir.id) return { detail: t(lang, 'user_updated'), moved: 0 };
    const moved = await tx
      .update(users)
      .set({ responsibleId: heir.id, updatedAt: new Date() })
      .where(and(eq(users.id, target.id), sql`${users.responsibleId} is not distinct from ${target.responsibleId}`))
      .returning(handedOver);
    if (!moved.length) throw userTaken();
    const openTasks = await moveOpenTasks(tx, target.responsibleId, heir.id, [target.id]);
    const openTickets = await moveOpenTickets(tx, target.responsibleId, heir.id, [target.id]);
    await tellHandOver(ctx, tx, caller, heir, moved, { tasks: openTasks, tickets: openTickets });
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: target.id,
      kind: 'user_given_away',
      details: { from: target.responsibleId, to: heir.id, tasks: openTasks, tickets: openTickets.length },
    });
    return { detail: t(lang, 'user_updated'), moved: 1 };
  });
}

/**
 * The planned tasks the old consultant has about the users handed over go with them to the new one
 * (#40 finding 12: the open task stayed with the old consultant). Returns how many moved.
 */
async function moveOpenTasks(tx: Tx, from: number | null, to: number, userIds: number[]): Promise<number> {
  if (from === null || !userIds.length) return 0;
  const moved = await tx
    .update(tasks)
    .set({ ownerId: to, updatedAt: new Date() })
    .where(and(eq(tasks.ownerId, from), eq(tasks.status, 'planned'), inArray(tasks.linkedUserId, userIds)))
    .returning({ id: tasks.id });
  return moved.length;
}

/**
 * The open requests (new, in progress) the old consultant holds for the users handed over go to the
 * new one too, as their tasks do: else the member's answer would wait on someone no longer theirs.
 * Closed ones stay with whoever closed them (the history). Returns whose requests moved, one row each.
 */
async function moveOpenTickets(tx: Tx, from: number | null, to: number, userIds: number[]): Promise<MovedTicket[]> {
  if (from === null || !userIds.length) return [];
  return tx
    .update(tickets)
    .set({ consultantId: to, updatedAt: new Date() })
    .where(
      and(
        eq(tickets.consultantId, from),
        inArray(tickets.status, ['new', 'in_progress']),
        inArray(tickets.userId, userIds),
      ),
    )
    .returning({ userId: tickets.userId });
}

/**
 * Who may receive people handed over: whoever can answer their requests (an active, unblocked
 * consultant or admin), also one outside the caller's structure (#40 finding 12: a consultant's own
 * structure often has nobody else). The pickers list exactly these (listHandOverChoices) and the
 * hand-overs check the same.
 */
const receivesHandOvers = answersRequests('users');

async function handOverTarget(tx: Tx, id: number, field: string) {
  const [u] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), receivesHandOvers));
  if (!u) throw FieldErrors.of(field, 'select_consultant');
  return u;
}

/** The consultants the caller may hand people to; with `userId`, that person and their consultant left out. */
export async function listHandOverChoices(ctx: AppContext, caller: Caller, userId?: number) {
  const person = userId === undefined ? undefined : await reachableUser(ctx.db, caller, userId, { lock: false });
  const left = person ? [person.id, ...(person.responsibleId === null ? [] : [person.responsibleId])] : [];
  const rows = await ctx.db
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(and(receivesHandOvers, left.length ? notInArray(users.id, left) : undefined))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return {
    results: rows.map((r) => ({ ...r, role: r.role === 'admin' ? ('admin' as const) : ('consultant' as const) })),
  };
}

/** What a hand-over's UPDATE returns of each person moved: enough to tell them. */
const handedOver = { id: users.id, firstName: users.firstName, lastName: users.lastName, isActive: users.isActive };
type HandedOver = { id: number; firstName: string; lastName: string; isActive: boolean };
/** An open request that moved with a hand-over: whose it is. */
type MovedTicket = { userId: number };

/**
 * After a hand-over, inside its transaction: the consultant who received the people is told in the
 * bell (unless they took them themselves), with how many open tasks and tickets came along, and each
 * person who can sign in hears who their consultant is now and how many of their open requests went
 * too (bell and mail, in their language, unless they switched it off).
 */
async function tellHandOver(
  ctx: AppContext,
  tx: Tx,
  caller: Caller,
  to: UserRow,
  people: HandedOver[],
  moved: { tasks: number; tickets: MovedTicket[] },
) {
  if (!people.length) return;
  const along = { tasks: moved.tasks, tickets: moved.tickets.length };
  const now = clock.now();
  if (to.id !== caller.id) {
    const [actor] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, caller.id));
    const by = actor ? `${actor.firstName} ${actor.lastName}`.trim() : '';
    const [one] = people;
    if (people.length === 1 && one)
      await notify(
        tx,
        to.id,
        'user_handed_over',
        { user_id: one.id, name: `${one.firstName} ${one.lastName}`.trim(), by, ...along },
        now,
      );
    else await notify(tx, to.id, 'users_handed_over', { count: people.length, by, ...along }, now);
  }
  const name = `${to.firstName} ${to.lastName}`.trim();
  for (const p of people) {
    const tickets = moved.tickets.filter((m) => m.userId === p.id).length;
    if (p.isActive)
      await notifyUser(
        ctx,
        tx,
        p.id,
        'consultant_changed',
        { consultant_id: to.id, name, tickets },
        now,
        '/profile/view',
      );
  }
}

/**
 * Moves users (or all of them) from one consultant to another. The caller must reach the source
 * consultant (admins any; consultants themselves or one of their structure). Listed users that no
 * longer belong to the source make the whole call a 409, with nothing moved.
 */
export async function managerGiveAwayUser(
  ctx: AppContext,
  caller: Caller,
  input: { from_consultant_id: number; to_consultant_id: number; user_ids?: number[] },
  lang: Lang,
) {
  return ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [input.from_consultant_id, input.to_consultant_id]));
    if (found.length !== new Set([input.from_consultant_id, input.to_consultant_id]).size) throw notFound();
    const from = await staffTarget(tx, caller, input.from_consultant_id, 'from_consultant_id');
    const to = await handOverTarget(tx, input.to_consultant_id, 'to_consultant_id');
    if (from.id === to.id) return { detail: t(lang, 'user_updated'), moved: 0 };
    const ids = [...new Set(input.user_ids ?? [])];
    const moved = await tx
      .update(users)
      .set({ responsibleId: to.id, updatedAt: new Date() })
      .where(and(eq(users.responsibleId, from.id), ids.length ? inArray(users.id, ids) : sql`true`))
      .returning(handedOver);
    if (ids.length && moved.length !== ids.length) throw userTaken();
    const movedIds = moved.map((m) => m.id);
    const openTasks = await moveOpenTasks(tx, from.id, to.id, movedIds);
    const openTickets = await moveOpenTickets(tx, from.id, to.id, movedIds);
    await tellHandOver(ctx, tx, caller, to, moved, { tasks: openTasks, tickets: openTickets });
    if (moved.length) {
      await tx.insert(actionLogs).values(
        moved.map((m) => ({
          actorId: caller.id,
          subjectId: m.id,
          kind: 'user_given_away',
          details: { from: from.id, to: to.id, bulk: true },
        })),
      );
    }
    return { detail: t(lang, 'user_updated'), moved: moved.length };
  });
}
