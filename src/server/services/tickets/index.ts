import { sql, type SQL } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { ticketMessages, type TicketStatus } from '../../db/schema';
import { FieldErrors, notFound, permissionDenied } from '../../errors';
import { t, type Lang, type MessageKey } from '../../i18n';
import { clock } from '../../clock';
import { telegramOf } from '../../integrations/telegram';
import { recordAction } from '../action-log';
import { briefJson, likeOf, type Brief } from '../leads/brief';
import { canSeeUser, conflict, scopeOf, visibleUsers } from '../leads/scope';
import { notify } from '../notifications';
import { notifyUser } from '../notifications/member';
import { pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import {
  FINAL_STATUSES,
  TICKET_COLUMNS,
  TICKET_FROM,
  TICKET_TYPES,
  loadTicketRow,
  ticketDetail,
  ticketView,
  type TicketType,
} from './view';
import { answerersOf } from './answerers';
import { one, present } from '../../db/rows';
import type {
  SchemaTicketCreateRequest,
  SchemaTicketReplyRequest,
  SchemaTicketRejectRequest,
  SchemaTicketUpdateRequest,
} from '../../../api/schema';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];
const STATUSES: TicketStatus[] = ['new', 'in_progress', 'completed', 'canceled', 'paid', 'rejected'];
const MEMBER_TYPES: TicketType[] = [...TICKET_TYPES];

export function ticketChoices(lang: Lang, role: AuthUser['role'], scope?: 'member' | 'staff') {
  const staff = role !== 'member' && scope !== 'member';
  return {
    types: (staff ? [...TICKET_TYPES] : MEMBER_TYPES).map((v) => ({
      value: v,
      label: t(lang, `ticket_type_${v}` as MessageKey),
    })),
    statuses: STATUSES.map((v) => ({ value: v, label: t(lang, `ticket_status_${v}` as MessageKey) })),
  };
}

async function addMessage(
  tx: Tx,
  ticketId: number,
  m: {
    kind: 'message' | 'comment' | 'status_change' | 'telegram';
    authorId: number | null;
    message: string;
    statusFrom?: TicketStatus;
    statusTo?: TicketStatus;
  },
  at: Date,
) {
  const row = one(
    await tx
      .insert(ticketMessages)
      .values({
        ticketId,
        kind: m.kind,
        authorId: m.authorId,
        message: m.message,
        statusFrom: m.statusFrom,
        statusTo: m.statusTo,
        createdAt: at,
      })
      .returning({ id: ticketMessages.id }),
  );
  await tx.execute(sql`update tickets set messages_count = messages_count + 1, last_message_at = ${at.toISOString()}::timestamptz,
    updated_at = ${at.toISOString()}::timestamptz where id = ${ticketId}`);
  return row.id;
}

type NewTicket = SchemaTicketCreateRequest;

function checkText(input: NewTicket) {
  const errors: Record<string, MessageKey[]> = {};
  if (!input.subject.trim()) errors.subject = ['field_required'];
  if (!input.message.trim()) errors.message = ['field_required'];
  if (Object.keys(errors).length) throw new FieldErrors(errors);
}

async function insertTicket(
  tx: Tx,
  userId: number,
  input: NewTicket,
  author: number,
  by: { consultantId: number } | null,
  at: Date,
) {
  const res = await tx.execute<{ id: number }>(sql`
    insert into tickets (user_id, consultant_id, type, subject, status, created_by_id, taken_at, created_at, updated_at)
    values (${userId}, ${by?.consultantId ?? null}, ${input.type}, ${input.subject.trim()}, ${by ? 'in_progress' : 'new'},
      ${by?.consultantId ?? null}, ${by ? at.toISOString() : null}::timestamptz, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
    returning id`);
  const id = one(res.rows).id;
  await addMessage(tx, id, { kind: 'message', authorId: author, message: input.message.trim() }, at);
  return id;
}

/** The staff page of one request: the staff tickets with it open (a bell notice, mail or Telegram link lands on it). */
const staffTicketPath = (id: number) => `/staff/tickets?ticket=${String(id)}`;

/** The member's view of their request: the detail and who answers it (a consultant, or support). */
async function myTicketDetail(db: AppContext['db'], id: number) {
  const detail = present(await ticketDetail(db, id), 'the ticket');
  const { support } = await answerersOf(db, id);
  return { ...detail, answered_by: support ? ('support' as const) : ('consultant' as const) };
}

/**
 * A member opens a request; whoever answers it (answerersOf) is notified in the app, and in Telegram
 * when they linked it (after the commit, best effort: the bell is the record), as lead offers are.
 */
export async function createTicket(ctx: AppContext, caller: AuthUser, input: NewTicket) {
  checkText(input);
  const now = clock.now();
  const subject = input.subject.trim();
  const { id, telegram } = await ctx.db.transaction(async (tx) => {
    const id = await insertTicket(tx, caller.id, input, caller.id, null, now);
    const to = await answerersOf(tx, id);
    for (const userId of to.ids) await notify(tx, userId, 'ticket_created', { ticket_id: id, id, subject }, now);
    return { id, telegram: to.telegram };
  });
  const bot = telegramOf(ctx.config);
  // Not awaited: the member does not wait for Telegram (every admin's chat, when it goes to them).
  if (bot.configured) {
    for (const r of telegram) {
      const text = `${t(r.language, 'notification_ticket_created', { id, subject })}\n${ctx.config.publicUrl}${staffTicketPath(id)}`;
      bot.send(r.chat, text).catch((err: unknown) => {
        ctx.log.warn({ err, ticketId: id, userId: r.id }, 'telegram ticket notice failed');
      });
    }
  }
  return myTicketDetail(ctx.db, id);
}

/** A consultant opens a ticket for a member they look after; it starts taken by them. */
export async function createTicketForMember(ctx: AppContext, caller: AuthUser, input: NewTicket & { user_id: number }) {
  const member = await ctx.db.execute(sql`select 1 from users where id = ${input.user_id}`);
  if (!member.rows.length) throw notFound();
  if (!(await canSeeUser(ctx.db, caller, input.user_id))) throw permissionDenied();
  checkText(input);
  const now = clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const id = await insertTicket(tx, input.user_id, input, caller.id, { consultantId: caller.id }, now);
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: input.user_id,
      kind: 'ticket_create',
      details: { ticket_id: id, type: input.type },
    });
    return id;
  });
  return present(await ticketDetail(ctx.db, id), 'the ticket');
}

/** Tickets the employee handles: theirs, and those of the members they look after. */
function ticketsOf(employee: { id: number; role: AuthUser['role'] }): SQL {
  if (employee.role === 'admin') return sql`true`;
  return sql`(k.consultant_id = ${employee.id} or ${visibleUsers(employee, sql`k.user_id`)})`;
}

const NEWEST = sql`k.created_at desc nulls last, k.id desc`;
const ORDER: Partial<Record<string, SQL>> = {
  created_at: sql`k.created_at asc, k.id asc`,
  '-created_at': NEWEST,
  updated_at: sql`k.updated_at asc, k.id asc`,
  '-updated_at': sql`k.updated_at desc nulls last, k.id desc`,
  status: sql`k.status asc, k.created_at desc nulls last`,
  '-status': sql`k.status desc, k.created_at desc`,
};

export type TicketListQuery = PageQuery & {
  search?: string;
  ordering?: string;
  status?: TicketStatus;
  type?: TicketType;
  user_id?: number;
  member_id?: number;
};

export async function listConsultantTickets(ctx: AppContext, caller: AuthUser, q: TicketListQuery) {
  const scope = await scopeOf(ctx, caller, q.user_id);
  const win = pageWindow(q);
  const base = ticketsOf({ id: scope.ownerId, role: scope.ownerRole });
  const f: SQL[] = [base];
  if (q.status) f.push(sql`k.status = ${q.status}`);
  if (q.type) f.push(sql`k.type = ${q.type}`);
  if (q.member_id) f.push(sql`k.user_id = ${q.member_id}`);
  if (q.search?.trim()) {
    const like = likeOf(q.search);
    f.push(
      sql`(k.subject ilike ${like} or (mu.first_name || ' ' || mu.last_name || ' ' || coalesce(mu.email::text, '')) ilike ${like})`,
    );
  }
  const where = sql.join(f, sql` and `);
  const order = ORDER[q.ordering ?? '-created_at'] ?? NEWEST;
  const [rows, counted, total] = await Promise.all([
    ctx.db.execute<Parameters<typeof ticketView>[0]>(
      sql`select ${TICKET_COLUMNS} from ${TICKET_FROM} where ${where} order by ${order} ${pageSql(win)}`,
    ),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${TICKET_FROM} where ${where}`),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from tickets k where ${base}`),
  ]);
  return pageOf(rows.rows.map(ticketView), one(counted.rows).n, one(total.rows).n, win, q);
}

/** The ticket if the caller may see it: admins all; a consultant theirs or their members'. 404/403 otherwise. */
async function visibleTicket(ctx: AppContext, caller: AuthUser, id: number) {
  const row = await loadTicketRow(ctx.db, id);
  if (!row) throw notFound();
  if (caller.role !== 'admin' && row.consultant_id !== caller.id && !(await canSeeUser(ctx.db, caller, row.user_id)))
    throw permissionDenied();
  return row;
}

/** A member's own ticket; anyone else's is 404 (not 403: its existence is not the member's business). */
export async function getMyTicket(ctx: AppContext, caller: AuthUser, id: number) {
  const row = await loadTicketRow(ctx.db, id);
  if (row?.user_id !== caller.id) throw notFound();
  return myTicketDetail(ctx.db, id);
}

export async function getConsultantTicket(ctx: AppContext, caller: AuthUser, id: number) {
  await visibleTicket(ctx, caller, id);
  return present(await ticketDetail(ctx.db, id), 'the ticket');
}

export type TicketUpdateInput = SchemaTicketUpdateRequest;

const TARGET: Record<Exclude<TicketUpdateInput['action'], 'take' | 'update'>, TicketStatus> = {
  complete: 'completed',
  cancel: 'canceled',
  mark_paid: 'paid',
};

/**
 * take: one conditional UPDATE (new and nobody's) decides a race; the losers get 409 'Ticket is already
 * taken by another consultant'. The other actions need the ticket in progress and the caller its
 * consultant (or an admin, recorded as acting in that consultant's view).
 */
export async function updateTicket(ctx: AppContext, caller: AuthUser, input: TicketUpdateInput) {
  const row = await visibleTicket(ctx, caller, input.ticket_id);
  const now = clock.now();
  const at = now.toISOString();
  const comment = input.comment?.trim() ?? '';
  if (input.action === 'take') {
    await ctx.db.transaction(async (tx) => {
      const won = await tx.execute(sql`
        update tickets set status = 'in_progress', consultant_id = ${caller.id}, taken_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
        where id = ${row.id} and status = 'new' and consultant_id is null returning id`);
      if (!won.rows.length) throw conflict('ticket_taken');
      await addMessage(
        tx,
        row.id,
        { kind: 'status_change', authorId: caller.id, message: '', statusFrom: 'new', statusTo: 'in_progress' },
        now,
      );
      if (comment) {
        await addMessage(tx, row.id, { kind: 'comment', authorId: caller.id, message: comment }, now);
        await tellMember(ctx, tx, row, 'ticket_answered', now);
      }
      await recordAction(tx, {
        actorId: caller.id,
        subjectId: row.user_id,
        kind: 'ticket_take',
        details: { ticket_id: row.id },
      });
    });
    return present(await ticketDetail(ctx.db, row.id), 'the ticket');
  }
  if (FINAL_STATUSES.includes(row.status)) throw new FieldErrors({ non_field_errors: ['ticket_closed'] });
  if (row.status === 'new') throw new FieldErrors({ non_field_errors: ['ticket_take_first'] });
  if (row.consultant_id !== caller.id && caller.role !== 'admin') throw permissionDenied();
  let target: TicketStatus | undefined;
  if (input.action === 'update') {
    if (input.status && input.status !== row.status) {
      if (input.status === 'new' || input.status === 'rejected')
        throw FieldErrors.of('status', 'ticket_status_not_allowed');
      target = input.status;
    }
    if (!target && !comment) throw FieldErrors.of('comment', 'field_required');
  } else {
    target = TARGET[input.action];
  }
  const viewAsId = row.consultant_id !== caller.id ? row.consultant_id : null;
  await ctx.db.transaction(async (tx) => {
    if (target) {
      const done = await tx.execute(sql`
        update tickets set status = ${target}, updated_at = ${at}::timestamptz,
          closed_at = ${FINAL_STATUSES.includes(target) ? at : null}::timestamptz
        where id = ${row.id} and status = 'in_progress' and consultant_id = ${row.consultant_id} returning id`);
      if (!done.rows.length) throw new FieldErrors({ non_field_errors: ['ticket_closed'] });
      await addMessage(
        tx,
        row.id,
        { kind: 'status_change', authorId: caller.id, message: '', statusFrom: 'in_progress', statusTo: target },
        now,
      );
    }
    if (comment) await addMessage(tx, row.id, { kind: 'comment', authorId: caller.id, message: comment }, now);
    // The member hears of an answer and of a completion (one notice when both come at once).
    if (target === 'completed') await tellMember(ctx, tx, row, 'ticket_completed', now);
    else if (comment) await tellMember(ctx, tx, row, 'ticket_answered', now);
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: row.user_id,
      viewAsId,
      kind: `ticket_${input.action}`,
      details: { ticket_id: row.id, ...(target && { status: target }) },
    });
  });
  return present(await ticketDetail(ctx.db, row.id), 'the ticket');
}

/** Rejects a new ticket (or one the caller took) with a reason the member sees. */
export async function rejectTicket(ctx: AppContext, caller: AuthUser, input: SchemaTicketRejectRequest) {
  const row = await visibleTicket(ctx, caller, input.ticket_id);
  const reason = input.reason.trim();
  if (!reason) throw FieldErrors.of('reason', 'field_required');
  if (FINAL_STATUSES.includes(row.status)) throw new FieldErrors({ non_field_errors: ['ticket_closed'] });
  const now = clock.now();
  const at = now.toISOString();
  await ctx.db.transaction(async (tx) => {
    const done = await tx.execute<{ prev: TicketStatus }>(sql`
      update tickets k set status = 'rejected', rejection_reason = ${reason}, closed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz,
        consultant_id = coalesce(k.consultant_id, ${caller.id})
      from (select id, status as prev from tickets where id = ${row.id} for update) p
      where k.id = p.id and k.status in ('new', 'in_progress')
        and (k.consultant_id is null or k.consultant_id = ${caller.id} ${caller.role === 'admin' ? sql`or true` : sql``})
      returning p.prev`);
    if (!done.rows.length) throw conflict('ticket_taken');
    await addMessage(
      tx,
      row.id,
      {
        kind: 'status_change',
        authorId: caller.id,
        message: reason,
        statusFrom: one(done.rows).prev,
        statusTo: 'rejected',
      },
      now,
    );
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: row.user_id,
      viewAsId: row.consultant_id && row.consultant_id !== caller.id ? row.consultant_id : null,
      kind: 'ticket_reject',
      details: { ticket_id: row.id, reason },
    });
    await tellMember(ctx, tx, row, 'ticket_rejected', now, { reason });
  });
  return present(await ticketDetail(ctx.db, row.id), 'the ticket');
}

/** Tells a ticket's member (in the bell and by mail) that their request was answered, completed or rejected. */
function tellMember(
  ctx: AppContext,
  tx: Tx,
  row: { id: number; user_id: number; subject: string },
  kind: 'ticket_answered' | 'ticket_completed' | 'ticket_rejected',
  at: Date,
  extra: Record<string, string> = {},
) {
  return notifyUser(
    ctx,
    tx,
    row.user_id,
    kind,
    { ticket_id: row.id, subject: row.subject, ...extra },
    at,
    `/user/new-request/${String(row.id)}`,
  );
}

/** The member's own tickets, newest first, each with the staff's last answer (a comment for the member). */
export async function listMyTickets(ctx: AppContext, caller: AuthUser, q: PageQuery & { status?: TicketStatus }) {
  const win = pageWindow(q);
  const base = sql`k.user_id = ${caller.id}`;
  const where = q.status ? sql`${base} and k.status = ${q.status}` : base;
  const [rows, counted, total] = await Promise.all([
    ctx.db.execute<Parameters<typeof ticketView>[0] & { last_answer: MyAnswer | null }>(
      sql`select ${TICKET_COLUMNS}, (select json_build_object('message', m.message, 'created_at', m.created_at,
          'author', ${briefJson('a')})
        from ticket_messages m left join users a on a.id = m.author_id
        where m.ticket_id = k.id and m.kind in ('comment', 'telegram') order by m.created_at desc, m.id desc limit 1) as last_answer
      from ${TICKET_FROM} where ${where} order by ${NEWEST} ${pageSql(win)}`,
    ),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from tickets k where ${where}`),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from tickets k where ${base}`),
  ]);
  const results = rows.rows.map((r) => ({
    ...ticketView(r),
    last_answer: r.last_answer && {
      message: r.last_answer.message,
      author: r.last_answer.author,
      created_at: new Date(r.last_answer.created_at).toISOString(),
    },
  }));
  return pageOf(results, one(counted.rows).n, one(total.rows).n, win, q);
}

type MyAnswer = { message: string; created_at: string; author: Brief | null };

/**
 * The member replies in their own open request; whoever answers it (answerersOf: the consultant who
 * holds it, else their responsible consultant, else the admins) hears of it in the bell and by mail.
 */
export async function replyMyTicket(ctx: AppContext, caller: AuthUser, id: number, input: SchemaTicketReplyRequest) {
  const row = await loadTicketRow(ctx.db, id);
  if (row?.user_id !== caller.id) throw notFound();
  const message = input.message.trim();
  if (!message) throw FieldErrors.of('message', 'field_required');
  if (FINAL_STATUSES.includes(row.status)) throw new FieldErrors({ non_field_errors: ['ticket_closed'] });
  const now = clock.now();
  await ctx.db.transaction(async (tx) => {
    await addMessage(tx, row.id, { kind: 'message', authorId: caller.id, message }, now);
    for (const to of (await answerersOf(tx, row.id)).ids)
      await notifyUser(
        ctx,
        tx,
        to,
        'ticket_reply',
        { ticket_id: row.id, subject: row.subject, name: `${row.user.first_name} ${row.user.last_name}`.trim() },
        now,
        staffTicketPath(row.id),
      );
  });
  return myTicketDetail(ctx.db, row.id);
}

export { addMessage as addTicketMessage, visibleTicket };
