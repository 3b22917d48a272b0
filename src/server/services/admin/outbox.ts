import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { mailOutbox } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { ListWindow } from '../../http/simple-rest';

export const OUTBOX_SORTABLE = ['id', 'created_at', 'to', 'subject'] as const;
const COLUMNS = { id: mailOutbox.id, created_at: mailOutbox.createdAt, to: mailOutbox.to, subject: mailOutbox.subject };

const view = (m: typeof mailOutbox.$inferSelect) => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  delivered: m.delivered,
  created_at: m.createdAt.toISOString(),
});

export async function listOutbox(ctx: AppContext, w: ListWindow<{ q?: unknown }>) {
  const q = typeof w.filter.q === 'string' && w.filter.q.trim() ? `%${w.filter.q.trim()}%` : null;
  const where = q ? or(ilike(mailOutbox.to, q), ilike(mailOutbox.subject, q)) : undefined;
  const col = COLUMNS[w.field as keyof typeof COLUMNS] ?? mailOutbox.id;
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(mailOutbox).where(where).orderBy(w.desc ? desc(col) : asc(col), desc(mailOutbox.id)).limit(w.limit).offset(w.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(where),
  ]);
  return { rows: rows.map(view), total: total!.n };
}

export async function getOutboxMail(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw notFound();
  return view(row);
}
