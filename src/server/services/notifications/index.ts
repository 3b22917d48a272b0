import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { t, type Lang } from '../../i18n';
import { iso } from '../leads/brief';
import { one } from '../../db/rows';

export type NotificationKind = 'lead_offered' | 'ticket_created';

/** Adds an in-app notification inside the caller's transaction. */
export async function notify(
  tx: Pick<Db, 'insert'>,
  userId: number,
  kind: NotificationKind,
  data: Record<string, unknown>,
  at: Date,
) {
  await tx.insert(notifications).values({ userId, kind, data, createdAt: at });
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

function notificationText(lang: Lang, kind: NotificationKind, data: Record<string, unknown>): string {
  const p = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'number' ? v : paramText(v)]));
  return kind === 'lead_offered' ? t(lang, 'notification_lead_offered', p) : t(lang, 'notification_ticket_created', p);
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
      sql`select id, kind, data, read_at, created_at from notifications where user_id = ${caller.id} order by created_at desc nulls last, id desc limit ${limit}`,
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
    sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`,
  );
  return one(res.rows).n;
}

export async function markNotificationsRead(ctx: AppContext, caller: AuthUser, ids?: number[]) {
  const only = ids?.length ? sql` and id = any(${sql.param(ids)}::bigint[])` : sql``;
  await ctx.db.execute(
    sql`update notifications set read_at = now() where user_id = ${caller.id} and read_at is null${only}`,
  );
  return { unread_count: await unreadCount(ctx, caller.id) };
}
