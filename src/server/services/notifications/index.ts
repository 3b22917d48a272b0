import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { t, type Lang, type MessageKey } from '../../i18n';
import { iso } from '../leads/brief';
import { one } from '../../db/rows';
import { clock } from '../../clock';
import { notificationsChanged } from './push';

/** The kinds a user may switch off in their profile settings; each one is also mailed. */
export const SETTING_KINDS = [
  'ticket_answered',
  'ticket_completed',
  'ticket_rejected',
  'ticket_reply',
  'donation_approved',
  'donation_rejected',
  'subscription_renewed',
  'subscription_failed',
  'landing_lead',
  'consultant_changed',
] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];
export type NotificationKind =
  'lead_offered' | 'ticket_created' | 'broadcast_starting' | 'user_handed_over' | 'users_handed_over' | SettingKind;

/** Adds an in-app notification inside the caller's transaction; the user's open bells hear of it when it commits. */
export async function notify(
  tx: Pick<Db, 'insert' | 'execute'>,
  userId: number,
  kind: NotificationKind,
  data: Record<string, unknown>,
  at: Date,
) {
  await tx.insert(notifications).values({ userId, kind, data, createdAt: at });
  await notificationsChanged(tx, [userId]);
}

/**
 * The caller's notifications that still stand: a lead offer counts only while it is open and not past
 * its time (taken by anyone, expired or closed, it is gone from the bell and from the unread count).
 */
function standing(userId: number) {
  return sql`user_id = ${userId} and (kind <> 'lead_offered' or exists (
    select 1 from lead_offers o where o.id = (data->>'offer_id')::int and o.status = 'open'
      and o.expires_at > ${clock.now().toISOString()}::timestamptz))`;
}

/** A stored parameter as text (they are written as strings and numbers). */
const paramText = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : typeof v === 'boolean' || typeof v === 'bigint'
      ? String(v)
      : v === null || v === undefined
        ? ''
        : JSON.stringify(v);

const count = (v: unknown) => (typeof v === 'number' && v > 0 ? v : 0);

/**
 * What moved with a hand-over besides the people, in `lang` ("2 open tasks and 1 open ticket"), or ''
 * when nothing did. The consultant hears of the tasks and tickets; the person of their own requests only.
 */
function movedWith(lang: Lang, kind: NotificationKind, data: Record<string, unknown>): string {
  if (kind !== 'user_handed_over' && kind !== 'users_handed_over' && kind !== 'consultant_changed') return '';
  const parts =
    kind === 'consultant_changed'
      ? [['open_requests', count(data.tickets)] as const]
      : [['open_tasks', count(data.tasks)] as const, ['open_tickets', count(data.tickets)] as const];
  const [first, second] = parts.filter(([, n]) => n > 0).map(([key, n]) => t(lang, key, { smart_count: n }));
  if (first === undefined) return '';
  return second === undefined ? first : t(lang, 'list_and', { first, second });
}

/** A notification's catalogue key and parameters in `lang`: the bell's text and the mail's body. */
export function notificationMessage(lang: Lang, kind: NotificationKind, data: Record<string, unknown>) {
  const params: Record<string, string | number> = Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, typeof v === 'number' ? v : paramText(v)]),
  );
  const moved = movedWith(lang, kind, data);
  return moved
    ? { key: `notification_${kind}_moved` as MessageKey, params: { ...params, moved } }
    : { key: `notification_${kind}` as MessageKey, params };
}

export function notificationText(lang: Lang, kind: NotificationKind, data: Record<string, unknown>): string {
  const { key, params } = notificationMessage(lang, kind, data);
  return t(lang, key, params);
}

export async function listNotifications(ctx: AppContext, caller: AuthUser, limit = 20) {
  const [rows, unread] = await Promise.all([
    ctx.db.execute<{
      id: string;
      kind: NotificationKind;
      data: Record<string, unknown>;
      read_at: Date | null;
      created_at: Date;
    }>(
      sql`select id, kind, data, read_at, created_at from notifications where ${standing(caller.id)} order by created_at desc nulls last, id desc limit ${limit}`,
    ),
    unreadCount(ctx, caller.id),
  ]);
  return {
    unread_count: unread,
    results: rows.rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      message: notificationText(caller.language, r.kind, r.data),
      data: r.data,
      read: r.read_at !== null,
      created_at: iso(r.created_at),
    })),
  };
}

async function unreadCount(ctx: AppContext, userId: number): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from notifications where ${standing(userId)} and read_at is null`,
  );
  return one(res.rows).n;
}

export async function markNotificationsRead(ctx: AppContext, caller: AuthUser, ids?: number[]) {
  const only = ids?.length ? sql` and id = any(${sql.param(ids)}::bigint[])` : sql``;
  await ctx.db.transaction(async (tx) => {
    const read = await tx.execute(
      sql`update notifications set read_at = now() where user_id = ${caller.id} and read_at is null${only} returning id`,
    );
    // The caller's other tabs and devices show the new count too.
    if (read.rows.length) await notificationsChanged(tx, [caller.id]);
  });
  return { unread_count: await unreadCount(ctx, caller.id) };
}
