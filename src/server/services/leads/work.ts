import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { notFound, permissionDenied, FieldErrors } from '../../errors';
import { t } from '../../i18n';
import { clock } from '../../clock';
import { recordAction } from '../action-log';
import { briefJson, type Brief } from './brief';
import { conflict } from './scope';
import { one } from '../../db/rows';
import { notificationsChanged } from '../notifications/push';

type LeadRow = { user: Brief; status: 'waiting' | 'processing' | 'active' | 'not_active'; responsible: Brief | null };

async function leadView(db: AppContext['db'], id: number, lang: AuthUser['language']) {
  const res = await db.execute<LeadRow>(sql`
    select ${briefJson('u')} as user, u.lead_status as status, ${briefJson('r')} as responsible
    from users u left join users r on r.id = u.responsible_id where u.id = ${id}`);
  return { detail: t(lang, 'user_updated'), ...one(res.rows) };
}

/**
 * Take to work: Waiting → Processing with the caller responsible. One conditional UPDATE decides a
 * race; every loser gets 409 'User is already taken by another consultant'. The lead's open routing
 * offer is accepted (the caller had it) or closed (someone else was faster).
 */
export async function takeWaitingLead(ctx: AppContext, caller: AuthUser, userId: number) {
  const now = clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const taken = await tx.execute<{ id: number }>(sql`
      update users set lead_status = 'processing', responsible_id = ${caller.id}, updated_at = ${now.toISOString()}::timestamptz
      where id = ${userId} and role = 'member' and lead_status = 'waiting' and responsible_id is null
      returning id`);
    if (!taken.rows.length) return 'lost' as const;
    const offers = await tx.execute<{ id: number; status: string; consultant_id: number }>(sql`
      update lead_offers set status = case when consultant_id = ${caller.id} then 'accepted' else 'closed' end,
        decided_at = ${now.toISOString()}::timestamptz
      where lead_id = ${userId} and status = 'open' returning id, status, consultant_id`);
    // The offer leaves the bell of whoever had it, at once, on every server process.
    await notificationsChanged(
      tx,
      offers.rows.map((o) => o.consultant_id),
    );
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: userId,
      kind: 'lead_take',
      details: {
        from: 'waiting',
        to: 'processing',
        offer_id: offers.rows[0]?.id ?? null,
        offer_status: offers.rows[0]?.status ?? null,
      },
    });
    return 'won' as const;
  });
  if (outcome === 'lost') {
    const exists = await ctx.db.execute(sql`select 1 from users where id = ${userId} and role = 'member'`);
    if (!exists.rows.length) throw notFound();
    throw conflict('user_taken');
  }
  return leadView(ctx.db, userId, caller.language);
}

const NEXT: Record<string, string[]> = {
  processing: ['active', 'not_active'],
  active: ['not_active'],
  not_active: ['active'],
};

/** Processing → Active / Not active (and between the two), by the responsible consultant or an admin. */
export async function setLeadStatus(
  ctx: AppContext,
  caller: AuthUser,
  userId: number,
  status: 'active' | 'not_active',
) {
  const cur = await ctx.db.execute<{ lead_status: string; responsible_id: number | null }>(
    sql`select lead_status, responsible_id from users where id = ${userId} and role = 'member'`,
  );
  const row = cur.rows[0];
  if (!row) throw notFound();
  if (caller.role !== 'admin' && row.responsible_id !== caller.id) throw permissionDenied();
  const from = Object.entries(NEXT).flatMap(([s, next]) => (next.includes(status) ? [s] : []));
  await ctx.db.transaction(async (tx) => {
    const done = await tx.execute<{ id: number; prev: string }>(sql`
      update users u set lead_status = ${status}, updated_at = now()
      from (select id, lead_status as prev from users where id = ${userId} for update) p
      where u.id = p.id and u.lead_status in (${sql.join(
        from.map((s) => sql`${s}`),
        sql`, `,
      )})
        ${caller.role === 'admin' ? sql`` : sql`and u.responsible_id = ${caller.id}`}
      returning u.id, p.prev`);
    if (!done.rows.length) throw new FieldErrors({ status: ['lead_status_not_allowed'] });
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: userId,
      kind: 'lead_status',
      details: { from: one(done.rows).prev, to: status },
    });
  });
  return leadView(ctx.db, userId, caller.language);
}
