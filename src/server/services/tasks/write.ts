import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { tasks, users, type TaskType } from '../../db/schema';
import { FieldErrors, notFound, permissionDenied } from '../../errors';
import { clock } from '../../clock';
import { recordAction } from '../action-log';
import { leadCreated } from '../leads/intake';
import { canSeeUser, scopeOf, type Scope } from '../leads/scope';
import { mapUniqueViolation, newPromoCode, normalizePhone } from '../users';
import { countryCode } from '../countries';
import { isTimeZone } from '../time-zones';
import { personDefaults } from '../person-defaults';
import { deliverLater, issueInvitation } from '../staff/invitations';
import { loadTask, taskView } from './list';
import { startOf } from './time';
import { one, present } from '../../db/rows';
import type {
  SchemaTaskCreateRequest,
  SchemaTaskNewLeadCreateRequest,
  SchemaTaskUpdateRequest,
} from '../../../api/schema';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

const filled = (s: string | undefined | null) => (s ?? '').trim();

export type TaskCreateInput = SchemaTaskCreateRequest;

async function insertTask(
  tx: Tx,
  caller: AuthUser,
  scope: Scope,
  input: { type: TaskType; description: string; linkedUserId: number; startAt: Date; endAt: Date | null },
) {
  const now = clock.now();
  const row = one(
    await tx
      .insert(tasks)
      .values({
        ownerId: scope.ownerId,
        linkedUserId: input.linkedUserId,
        type: input.type,
        startAt: input.startAt,
        endAt: input.endAt,
        description: input.description,
        createdById: caller.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tasks.id }),
  );
  await recordAction(tx, {
    actorId: caller.id,
    subjectId: input.linkedUserId,
    viewAsId: scope.viewAsId,
    kind: 'task_create',
    details: { task_id: row.id, type: input.type, owner_id: scope.ownerId, start_at: input.startAt.toISOString() },
  });
  return row.id;
}

/** Plans a task for the caller (or, viewing as, for that employee) about a user they look after. */
export async function createTask(ctx: AppContext, caller: AuthUser, input: TaskCreateInput) {
  const scope = await scopeOf(ctx, caller, input.user_id);
  const description = filled(input.description);
  const errors: ConstructorParameters<typeof FieldErrors>[0] = {};
  if (!description) errors.description = ['field_required'];
  let when: ReturnType<typeof startOf> | undefined;
  try {
    when = startOf(input);
  } catch (e) {
    if (!(e instanceof FieldErrors)) throw e;
    Object.assign(errors, e.fields);
  }
  const linkable = await canSeeUser(ctx.db, { id: scope.ownerId, role: scope.ownerRole }, input.linked_user_id);
  if (!linkable || input.linked_user_id === scope.ownerId) errors.linked_user_id = ['task_user_not_linkable'];
  if (Object.keys(errors).length || !when) throw new FieldErrors(errors);
  const start = when;
  const id = await ctx.db.transaction((tx) =>
    insertTask(tx, caller, scope, { type: input.type, description, linkedUserId: input.linked_user_id, ...start }),
  );
  return taskView(present(await loadTask(ctx.db, id), 'the task just created'));
}

export type NewLeadTaskInput = SchemaTaskNewLeadCreateRequest;

/** A new lead (Processing, the task's owner responsible) and a task about them, in one transaction. */
export async function createNewLeadTask(ctx: AppContext, caller: AuthUser, input: NewLeadTaskInput) {
  const scope = await scopeOf(ctx, caller, input.user_id);
  const errors: ConstructorParameters<typeof FieldErrors>[0] = {};
  const firstName = filled(input.first_name);
  const lastName = filled(input.last_name);
  const description = filled(input.description);
  if (!firstName) errors.first_name = ['field_required'];
  if (!lastName) errors.last_name = ['field_required'];
  if (!description) errors.description = ['field_required'];
  const country = countryCode(input.country);
  if (country === null) errors.country = ['country_incorrect'];
  if (input.time_zone !== undefined && !isTimeZone(input.time_zone)) errors.time_zone = ['time_zone_invalid'];
  const phone = normalizePhone(input.phone, country || input.default_region);
  if (!phone) errors.phone = ['phone_incorrect'];
  let when: ReturnType<typeof startOf> | undefined;
  try {
    when = startOf(input);
  } catch (e) {
    if (!(e instanceof FieldErrors)) throw e;
    Object.assign(errors, e.fields);
  }
  const email = filled(input.email) || null;
  // An invitation goes by email: asked for without one, the email is what is missing.
  if (input.send_invitation && !email && !errors.email) errors.email = ['field_required'];
  if (phone || email) {
    const clash = await ctx.db.execute<{ email_hit: boolean; phone_hit: boolean }>(sql`
      select bool_or(email = ${email}::citext) as email_hit, bool_or(phone = ${phone}) as phone_hit
      from users where email = ${email}::citext or phone = ${phone}`);
    if (clash.rows[0]?.email_hit) errors.email = ['email_taken'];
    if (clash.rows[0]?.phone_hit && !errors.phone) errors.phone = ['phone_in_use'];
  }
  if (Object.keys(errors).length || !when) throw new FieldErrors(errors);
  const start = when;
  // Unless the form names them: the zone and language of the lead's country, else of their phone, as
  // every other way staff create a person (#40 finding 11); the creator's only when neither tells.
  const derived = personDefaults(country, phone);

  const { id, mail } = await ctx.db
    .transaction(async (tx) => {
      const now = clock.now();
      const lead = one(
        await tx
          .insert(users)
          .values({
            firstName,
            lastName,
            phone,
            email,
            city: filled(input.city),
            country: country ?? '',
            timeZone: input.time_zone ?? derived.timeZone ?? caller.timeZone,
            language: input.language ?? derived.language ?? caller.language,
            promoCode: newPromoCode(),
            leadStatus: 'processing',
            responsibleId: scope.ownerId,
            dateJoined: now,
          })
          .returning(),
      );
      await leadCreated(tx, ctx, {
        userId: lead.id,
        source: 'staff',
        actorId: caller.id,
        details: { responsible_id: scope.ownerId },
      });
      const taskId = await insertTask(tx, caller, scope, {
        type: input.type,
        description,
        linkedUserId: lead.id,
        ...start,
      });
      // Issued in the same transaction (the mail exists exactly when the lead does), delivered after it.
      const invited = input.send_invitation ? await issueInvitation(ctx, tx, caller.id, lead) : null;
      return { id: taskId, mail: invited };
    })
    .catch(mapUniqueViolation);
  deliverLater(ctx, mail);
  return taskView(present(await loadTask(ctx.db, id), 'the task just created'));
}

export type TaskUpdateInput = SchemaTaskUpdateRequest;

/**
 * Complete, cancel, reschedule or edit. The change is one conditional UPDATE on a planned task, so two
 * tabs completing the same task cannot both win; the loser gets 'Only planned tasks can be changed.'
 */
export async function updateTask(ctx: AppContext, caller: AuthUser, input: TaskUpdateInput) {
  const task = await loadTask(ctx.db, input.task_id);
  if (!task) throw notFound();
  let viewAsId: number | null = null;
  if (task.owner_id !== caller.id) {
    // Acting on another employee's task is acting in their view: allowed to whoever may view as them.
    const scope = await scopeOf(ctx, caller, task.owner_id).catch(() => {
      throw permissionDenied();
    });
    viewAsId = scope.viewAsId;
  }
  const now = clock.now();
  let set: Partial<typeof tasks.$inferInsert>;
  switch (input.action) {
    case 'complete': {
      const result = filled(input.result);
      if (!result) throw FieldErrors.of('result', 'field_required');
      set = { status: 'completed', result, completedAt: now };
      break;
    }
    case 'cancel':
      set = { status: 'canceled', result: filled(input.result) || null, canceledAt: now };
      break;
    case 'reschedule': {
      const when = startOf(input);
      set = { startAt: when.startAt, endAt: when.endAt };
      break;
    }
    case 'edit': {
      set = {};
      if (input.type) set.type = input.type;
      if (input.description !== undefined) {
        const d = filled(input.description);
        if (!d) throw FieldErrors.of('description', 'field_required');
        set.description = d;
      }
      if (input.end_at !== undefined) {
        const end = new Date(input.end_at);
        if (end <= new Date(task.start_at)) throw FieldErrors.of('end_at', 'task_end_before_start');
        set.endAt = end;
      }
    }
  }
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(tasks)
      .set({ ...set, updatedAt: now })
      .where(and(eq(tasks.id, input.task_id), eq(tasks.status, 'planned')))
      .returning({ id: tasks.id });
    if (!changed.length) throw new FieldErrors({ non_field_errors: ['task_not_planned'] });
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: task.linked_user?.id ?? null,
      viewAsId,
      kind: `task_${input.action}`,
      details: { task_id: input.task_id, owner_id: task.owner_id, ...(set.result && { result: set.result }) },
    });
  });
  return taskView(present(await loadTask(ctx.db, input.task_id), 'the task just changed'));
}
