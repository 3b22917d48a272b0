import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { flowDailyStats, flows } from '../../db/schema';
import { clock } from '../../clock';
import type { Tx } from '../contact-categories';
import { accessibleFlow, utcDay } from './access';

/** signups / views in percent, two decimals; 0 without views. */
export function conversion({ views, signups }: { views: number; signups: number }): number {
  return views > 0 ? Math.min(100, Math.round((signups / views) * 10_000) / 100) : 0;
}

/** Counts a sign-up on today's row of the flow and its total, inside the sign-up's transaction. */
export async function countSignup(tx: Tx, flowId: number) {
  await tx.update(flows).set({ signupsTotal: sql`${flows.signupsTotal} + 1` }).where(eq(flows.id, flowId));
  await tx
    .insert(flowDailyStats)
    .values({ flowId, day: utcDay(clock.now()), signups: 1 })
    .onConflictDoUpdate({ target: [flowDailyStats.flowId, flowDailyStats.day], set: { signups: sql`${flowDailyStats.signups} + 1` } });
}

/** Totals since the flow began (its running counters) and a day-by-day series of the last `days` days (UTC), zeros included. */
export async function flowStats(ctx: AppContext, auth: AuthUser, id: number, days = 30) {
  const flow = await accessibleFlow(ctx.db, auth, id);
  const today = utcDay(clock.now());
  const from = utcDay(new Date(Date.parse(today) - (days - 1) * 86_400_000));
  const rows = await ctx.db
    .select()
    .from(flowDailyStats)
    .where(and(eq(flowDailyStats.flowId, id), gte(flowDailyStats.day, from)));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = utcDay(new Date(Date.parse(from) + i * 86_400_000));
    const r = byDay.get(day);
    return { day, views: r?.views ?? 0, signups: r?.signups ?? 0 };
  });
  const sums = { views: flow.viewsTotal, signups: flow.signupsTotal };
  return { ...sums, conversion: conversion(sums), days: series };
}
