import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { flows } from '../../db/schema';
import { statement } from '../../db/prepared';
import { isoSql } from '../leads/brief';
import { FieldErrors, notFound } from '../../errors';
import { t, type Lang } from '../../i18n';
import { recordAction } from '../action-log';
import { flowAccess, pgError, type FlowRow } from './access';
import { conversion, CONVERSION_SQL } from './stats';
import { isReservedLandingName } from './names';
import { one } from '../../db/rows';
import type { SchemaFlowCreateRequest } from '../../../api/schema';

function flowView(ctx: AppContext, f: FlowRow) {
  const totals = { views: f.viewsTotal, signups: f.signupsTotal };
  return {
    id: f.id,
    name: f.name,
    landing_name: f.landingName,
    landing_url: `${ctx.config.publicUrl}/l/${f.landingName}`,
    is_published: f.isPublished,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
    stats: { ...totals, conversion: conversion(totals) },
  };
}

// flowView's object, written by PostgreSQL: the list is one statement built once.
const flowsJson = statement<{ json: string }, { ownerId: number; publicUrl: string }>(sql`
  select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'landing_name', f.landing_name,
    'landing_url', ${sql.placeholder('publicUrl')}::text || '/l/' || f.landing_name, 'is_published', f.is_published,
    'created_at', ${isoSql('f.created_at')}, 'updated_at', ${isoSql('f.updated_at')},
    'stats', json_build_object('views', f.views_total, 'signups', f.signups_total, 'conversion', ${sql.raw(CONVERSION_SQL)}))
    order by f.created_at desc nulls last, f.id desc nulls last), '[]')::text as json
  from flows f where f.owner_id = ${sql.placeholder('ownerId')}`);

/** The caller's own flows, newest first, with their totals, as JSON text. */
export async function listFlows(ctx: AppContext, ownerId: number): Promise<string> {
  const r = one(await flowsJson(ctx.db, { ownerId, publicUrl: ctx.config.publicUrl }));
  return r.json;
}

export type FlowInput = SchemaFlowCreateRequest;

function columnsOf(input: FlowInput) {
  const name = input.name.trim();
  if (!name) throw FieldErrors.of('name', 'field_empty');
  return {
    name,
    landingName: input.landing_name,
    ...(input.is_published !== undefined && { isPublished: input.is_published }),
  };
}

/** A landing name taken meanwhile is caught by the unique index and said as a field error. */
function nameTaken(err: unknown): never {
  const e = pgError(err);
  if (e.code === '23505' && e.constraint === 'flows_landing_name_uq')
    throw FieldErrors.of('landing_name', 'landing_name_taken');
  throw err;
}

export async function createFlow(ctx: AppContext, ownerId: number, input: FlowInput) {
  if (isReservedLandingName(input.landing_name)) throw FieldErrors.of('landing_name', 'landing_name_reserved');
  const row = one(
    await ctx.db
      .insert(flows)
      .values({ ...columnsOf(input), ownerId })
      .returning()
      .catch(nameTaken),
  );
  return flowView(ctx, row);
}

/** Owners change their own flows; an admin's change of someone else's flow goes into the action history. */
export async function updateFlow(
  ctx: AppContext,
  auth: AuthUser,
  id: number,
  input: FlowInput & { is_published: boolean },
) {
  const row = await ctx.db.transaction(async (tx) => {
    // A reserved name only as the one the flow already has (named before names were reserved).
    if (isReservedLandingName(input.landing_name)) {
      const [current] = await tx
        .select({ landingName: flows.landingName })
        .from(flows)
        .where(and(eq(flows.id, id), flowAccess(auth)));
      if (!current) throw notFound();
      if (current.landingName !== input.landing_name) throw FieldErrors.of('landing_name', 'landing_name_reserved');
    }
    const [r] = await tx
      .update(flows)
      .set({ ...columnsOf(input), updatedAt: sql`now()` })
      .where(and(eq(flows.id, id), flowAccess(auth)))
      .returning()
      .catch(nameTaken);
    if (!r) throw notFound();
    if (r.ownerId !== auth.id) {
      await recordAction(tx, {
        actorId: auth.id,
        subjectId: r.ownerId,
        kind: 'flow_update',
        details: { flow_id: id, is_published: r.isPublished },
      });
    }
    return r;
  });
  return flowView(ctx, row);
}

export async function deleteFlow(ctx: AppContext, auth: AuthUser, id: number, lang: Lang) {
  await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .delete(flows)
      .where(and(eq(flows.id, id), flowAccess(auth)))
      .returning();
    if (!r) throw notFound();
    if (r.ownerId !== auth.id) {
      await recordAction(tx, {
        actorId: auth.id,
        subjectId: r.ownerId,
        kind: 'flow_delete',
        details: { flow_id: id, landing_name: r.landingName },
      });
    }
  });
  return { detail: t(lang, 'deleted') };
}
