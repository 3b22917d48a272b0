import { asc, desc, eq, ilike, or, sql, type AnyColumn } from 'drizzle-orm';
import { one } from '../../db/rows';
import type { AppContext } from '../../context';
import { mailOutbox } from '../../db/schema';
import { notFound } from '../../errors';
import { likeOf } from '../leads/brief';
import type { ListWindow } from '../../http/simple-rest';

export const OUTBOX_SORTABLE = ['id', 'created_at', 'to', 'subject'] as const;
const COLUMNS: Partial<Record<string, AnyColumn>> = {
  id: mailOutbox.id,
  created_at: mailOutbox.createdAt,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
};

const URL_IN_MAIL = /https?:\/\/[^\s"'<>]+/g;
/** A one-time token in a link's path or query: 32+ URL-safe characters (ours are 43), never a word. */
const TOKEN = /[A-Za-z0-9_%-]{32,}/g;

/**
 * The mail with the token of every link replaced (`…/password-reset/<hidden>`). With SMTP the mail went
 * to its owner, and the outbox must not hand an admin a live reset or confirmation link; without SMTP
 * the outbox is the only inbox there is, so it shows the mail as sent.
 */
export function hideLinkTokens(body: string, hidden: string): string {
  return body.replace(URL_IN_MAIL, (url) => {
    const origin = /^https?:\/\/[^/?#]*/.exec(url)?.[0] ?? '';
    return origin + url.slice(origin.length).replace(TOKEN, hidden);
  });
}

const view = (m: typeof mailOutbox.$inferSelect, hideTokens: boolean) => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  text: hideTokens ? hideLinkTokens(m.text, '<hidden>') : m.text,
  html: hideTokens ? hideLinkTokens(m.html, '&lt;hidden&gt;') : m.html,
  delivered: m.delivered,
  created_at: m.createdAt.toISOString(),
});

export async function listOutbox(ctx: AppContext, w: ListWindow<{ q?: unknown }>) {
  // The search box's text as typed (recipient or subject): % and _ match themselves.
  const q = typeof w.filter.q === 'string' && w.filter.q.trim() ? likeOf(w.filter.q) : null;
  const where = q ? or(ilike(mailOutbox.to, q), ilike(mailOutbox.subject, q)) : undefined;
  const col = COLUMNS[w.field] ?? mailOutbox.id;
  const [rows, counted] = await Promise.all([
    ctx.db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(w.desc ? desc(col) : asc(col), desc(mailOutbox.id))
      .limit(w.limit)
      .offset(w.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(where),
  ]);
  return { rows: rows.map((m) => view(m, Boolean(ctx.config.smtpUrl))), total: one(counted).n };
}

export async function getOutboxMail(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw notFound();
  return view(row, Boolean(ctx.config.smtpUrl));
}
