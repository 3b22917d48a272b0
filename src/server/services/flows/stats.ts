import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { flowDailyStats } from '../../db/schema';
import { clock } from '../../clock';
import type { Tx } from '../contact-categories';
import { accessibleFlow, utcDay } from './access';

/** signups / views in percent, two decimals; 0 without views. */
export function conversion({ views, signups }: { views: number; signups: number }): number {
  return views > 0 ? Math.min(100, Math.round((signups / views) * 10_000) / 100) : 0;
}

/** Counts a sign-up on today's row of the flow, inside the sign-up's transaction: one upsert, no read. */
export async function countSignup(tx: Tx, flowId: number) {
  await tx
    .insert(flowDailyStats)
    .values({ flowId, day: utcDay(clock.now()), signups: 1 })
    .onConflictDoUpdate({ target: [flowDailyStats.flowId, flowDailyStats.day], set: { signups: sql`${flowDailyStats.signups} + 1` } });
}

/** Totals since the flow began and a day-by-day series of the last `days` days (UTC), zeros included. */
export async function flowStats(ctx: AppContext, auth: AuthUser, id: number, days = 30) {
  await accessibleFlow(ctx.db, auth, id);
  const today = utcDay(clock.now());
  const from = utcDay(new Date(Date.parse(today) - (days - 1) * 86_400_000));
  const [[totals], rows] = await Promise.all([
    ctx.db
      .select({
        views: sql<number>`coalesce(sum(${flowDailyStats.views}), 0)::int`,
        signups: sql<number>`coalesce(sum(${flowDailyStats.signups}), 0)::int`,
      })
      .from(flowDailyStats)
      .where(eq(flowDailyStats.flowId, id)),
    ctx.db
      .select()
      .from(flowDailyStats)
      .where(and(eq(flowDailyStats.flowId, id), gte(flowDailyStats.day, from))),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = utcDay(new Date(Date.parse(from) + i * 86_400_000));
    const r = byDay.get(day);
    return { day, views: r?.views ?? 0, signups: r?.signups ?? 0 };
  });
  const sums = { views: totals!.views, signups: totals!.signups };
  return { ...sums, conversion: conversion(sums), days: series };
}
