import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { leadOffers, leadRouting } from '../../db/schema';
import { clock } from '../../clock';
import { telegramOf } from '../../integrations/telegram';
import { t, type Lang } from '../../i18n';
import { recordAction } from '../action-log';
import { notify } from '../notifications';
import { notificationsChanged } from '../notifications/push';
import { ROUTE_LEAD_QUEUE } from './intake';
import { one } from '../../db/rows';

/** pg-boss queue of the minute sweep: expired offers go back to the pool, unoffered leads get offered. */
export const LEAD_SWEEP_QUEUE = 'lead-offer-sweep';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/**
 * Consultants who may get a lead now: active, not blocked, on shift by their work times in their own
 * time zone (by the app clock), under their daily limit (offers open or taken since their local
 * midnight), and not offered this lead before.
 */
function eligibleSql(leadId: number | null, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`
    select u.id, u.rating, u.telegram_chat_id, u.language, r.pass
    from users u
    join work_times w on w.user_id = u.id
      and w.weekday = extract(isodow from (${at} at time zone u.time_zone))::int - 1
      and (${at} at time zone u.time_zone)::time >= w.time_from
      and (${at} at time zone u.time_zone)::time < w.time_to
    left join lead_routing r on r.user_id = u.id
    where u.role = 'consultant' and u.is_active and not u.is_blocked and u.rating > 0
      ${leadId === null ? sql`` : sql`and not exists (select 1 from lead_offers o where o.lead_id = ${leadId} and o.consultant_id = u.id)`}
      and (select count(*) from lead_offers o
           where o.consultant_id = u.id and o.status in ('open', 'accepted')
             and o.offered_at >= (date_trunc('day', ${at} at time zone u.time_zone) at time zone u.time_zone)
          ) < u.daily_lead_limit`;
}

type Picked = { id: number; rating: number; telegram_chat_id: string | null; language: Lang; pass: number | null };

/**
 * Offers a waiting lead to one eligible consultant, weighted by rating with stride scheduling: the
 * consultant whose pass after the offer would be lowest wins and their pass grows by 1/rating, so ratings 1 and 3 get leads
 * 1:3. One advisory lock serialises routing decisions; the open-offer unique index backs it up.
 * Safe to run twice: a lead that is taken, not waiting or already offered is left alone.
 */
export async function routeLead(ctx: AppContext, leadId: number): Promise<number | null> {
  const now = clock.now();
  const timeout = ctx.config.leadOfferTimeoutMinutes;
  const offer = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('atrium:lead-routing'))`);
    const lead = await tx.execute<{ first_name: string; last_name: string }>(sql`
      select first_name, last_name from users
      where id = ${leadId} and role = 'member' and lead_status = 'waiting' and responsible_id is null
        and not exists (select 1 from lead_offers where lead_id = ${leadId} and status = 'open')`);
    const l = lead.rows[0];
    if (!l) return null;
    // A consultant new to routing starts at the lowest pass of the others, so they neither wait nor flood.
    await tx.execute(sql`
      with e as (${eligibleSql(leadId, now)})
      insert into lead_routing (user_id, pass)
      select e.id, coalesce((select min(r.pass) from lead_routing r join e e2 on e2.id = r.user_id), 0) from e where e.pass is null
      on conflict (user_id) do nothing`);
    // Earliest virtual finish first (pass + 1/rating), ties by id: a deterministic weighted round robin.
    const picked = await tx.execute<Picked>(sql`
      with e as (${eligibleSql(leadId, now)})
      select e.id, e.rating, e.telegram_chat_id, e.language, r.pass
      from e join lead_routing r on r.user_id = e.id
      order by r.pass + 1.0 / e.rating, e.id limit 1`);
    const c = picked.rows[0];
    if (!c) return null;
    await tx
      .insert(leadRouting)
      .values({ userId: c.id, pass: Number(c.pass) + 1 / c.rating })
      .onConflictDoUpdate({ target: leadRouting.userId, set: { pass: sql`${Number(c.pass) + 1 / c.rating}` } });
    const expiresAt = new Date(now.getTime() + timeout * 60_000);
    const row = one(
      await tx
        .insert(leadOffers)
        .values({ leadId, consultantId: c.id, offeredAt: now, expiresAt })
        .returning({ id: leadOffers.id }),
    );
    const name = `${l.first_name} ${l.last_name}`.trim();
    await recordAction(tx, {
      actorId: null,
      subjectId: leadId,
      kind: 'lead_offer',
      details: { consultant_id: c.id, offer_id: row.id, expires_at: expiresAt.toISOString() },
    });
    const data = { lead_id: leadId, offer_id: row.id, expires_at: expiresAt.toISOString(), name, minutes: timeout };
    await notify(tx, c.id, 'lead_offered', data, now);
    return { consultant: c, data };
  });
  if (!offer) return null;
  if (offer.consultant.telegram_chat_id) {
    const bot = telegramOf(ctx.config);
    if (bot.configured) {
      const text = t(offer.consultant.language, 'notification_lead_offered', offer.data);
      // Best effort: the in-app notification is the record; Telegram is a courtesy.
      await bot.send(offer.consultant.telegram_chat_id, text).catch((err: unknown) => {
        ctx.log.warn({ err }, 'telegram lead notice failed');
      });
    }
  }
  return offer.consultant.id;
}

/**
 * Offers not taken in time go back to the pool (history entry each) and are routed to the next
 * consultant; waiting leads that found nobody on shift earlier are tried again.
 */
export async function sweepOffers(ctx: AppContext): Promise<void> {
  const now = clock.now();
  await ctx.db.transaction(async (tx: Tx) => {
    const expired = await tx.execute<{ id: number; lead_id: number; consultant_id: number }>(sql`
      update lead_offers set status = 'expired', decided_at = ${now.toISOString()}::timestamptz
      where status = 'open' and expires_at <= ${now.toISOString()}::timestamptz
      returning id, lead_id, consultant_id`);
    // Expired offers leave their consultants' bells when this commits.
    await notificationsChanged(
      tx,
      expired.rows.map((o) => o.consultant_id),
    );
    for (const o of expired.rows) {
      await recordAction(tx, {
        actorId: null,
        subjectId: o.lead_id,
        kind: 'lead_offer_expired',
        details: { consultant_id: o.consultant_id, offer_id: o.id },
      });
    }
    // Nobody on shift and under their limit (at night, say): the waiting leads stay in the pool until the
    // next sweep rather than each costing a routing job that finds no one, every minute.
    const anyone = await tx.execute(sql`select 1 from (${eligibleSql(null, now)}) e limit 1`);
    if (!anyone.rows.length) return;
    const pool = await tx.execute<{ id: number }>(sql`
      select u.id from users u
      where u.role = 'member' and u.lead_status = 'waiting' and u.responsible_id is null
        and u.date_joined > ${now.toISOString()}::timestamptz - interval '7 days'
        and not exists (select 1 from lead_offers o where o.lead_id = u.id and o.status = 'open')
      order by u.date_joined limit 200`);
    const ids = new Set([...expired.rows.map((o) => o.lead_id), ...pool.rows.map((r) => r.id)]);
    for (const leadId of ids) await ctx.jobs.sendInTx(tx, ROUTE_LEAD_QUEUE, { leadId });
  });
}

/**
 * Whether waiting leads reach anyone now, for the staff's queue and dashboard: how many consultants
 * have work times at all (none on a fresh install, so no lead is ever offered), how many have none
 * (offered nothing until they do) and how many may be offered a lead at this moment.
 */
export async function routingState(db: AppContext['db']) {
  const res = await db.execute<{ with_times: number; without_times: number; now: number }>(sql`
    with c as (
      select exists (select 1 from work_times w where w.user_id = u.id) as timed from users u
      where u.role = 'consultant' and u.is_active and not u.is_blocked)
    select
      (select count(*)::int from c where timed) as with_times,
      (select count(*)::int from c where not timed) as without_times,
      (select count(*)::int from (${eligibleSql(null, clock.now())}) e) as now`);
  const row = one(res.rows);
  return {
    consultants_with_work_times: row.with_times,
    consultants_without_work_times: row.without_times,
    consultants_available_now: row.now,
  };
}
