import { and, asc, count, eq, gt, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { landingElements, type LandingElementType } from '../../db/schema';
import { statement } from '../../db/prepared';
import { FieldErrors, notFound } from '../../errors';
import { t, type Lang } from '../../i18n';
import type { Tx } from '../contact-categories';
import { accessibleFlow, FLOW_ACCESS_SQL, flowAccessValues, type FlowAccessValues } from './access';
import { cleanContent } from './content';
import { one } from '../../db/rows';

/** The most elements one landing page holds. */
const MAX_ELEMENTS = 50;

export type ElementInput = { type: LandingElementType; order: number; content: Record<string, unknown> };
type Row = typeof landingElements.$inferSelect;

const view = (e: Row) => ({ id: e.id, type: e.type, order: e.position, content: e.content });

async function elementsOf(tx: Tx, flowId: number): Promise<Row[]> {
  return tx
    .select()
    .from(landingElements)
    .where(eq(landingElements.flowId, flowId))
    .orderBy(asc(landingElements.position));
}

async function answer(tx: Tx, flowId: number) {
  const rows = await elementsOf(tx, flowId);
  // The contract's oneOf per type is not something TypeScript can follow through jsonb.
  return { elements: rows.map(view) as never[], can_add_elements: rows.length < MAX_ELEMENTS };
}

// answer()'s object for a flow the caller may see, written by PostgreSQL; no row: 404.
const elementsJson = statement<{ json: string }, FlowAccessValues & { flowId: number }>(sql`
  select json_build_object('elements', coalesce(e.elements, '[]'), 'can_add_elements', e.n < ${sql.raw(String(MAX_ELEMENTS))})::text as json
  from flows f cross join lateral (
    select json_agg(json_build_object('id', e.id, 'type', e.type, 'order', e.position, 'content', e.content) order by e.position) as elements, count(*) as n
    from landing_elements e where e.flow_id = f.id) e
  where f.id = ${sql.placeholder('flowId')} and ${FLOW_ACCESS_SQL}`);

/** The page editor's elements in order, as JSON text. */
export async function getLandingElements(ctx: AppContext, auth: AuthUser, flowId: number): Promise<string> {
  const [r] = await elementsJson(ctx.db, { flowId, ...flowAccessValues(auth) });
  if (!r) throw notFound();
  return r.json;
}

async function countOf(tx: Tx, flowId: number, type?: LandingElementType, except?: number) {
  const r = one(
    await tx
      .select({ n: count() })
      .from(landingElements)
      .where(
        and(
          eq(landingElements.flowId, flowId),
          type ? eq(landingElements.type, type) : undefined,
          except ? ne(landingElements.id, except) : undefined,
        ),
      ),
  );
  return r.n;
}

async function oneFormOnly(tx: Tx, flowId: number, input: ElementInput, except?: number) {
  if (input.type === 'lead_form' && (await countOf(tx, flowId, 'lead_form', except)) > 0) {
    throw new FieldErrors({ type: ['landing_one_form'] });
  }
}

/**
 * Every write below holds the flow's row lock for its transaction, so two editors of one page take
 * turns; positions stay dense (0..n-1) and the deferred unique (flow_id, position) guards them.
 */
export async function addLandingElement(ctx: AppContext, auth: AuthUser, flowId: number, input: ElementInput) {
  const content = cleanContent(input.type, input.content);
  return ctx.db.transaction(async (tx) => {
    await accessibleFlow(tx, auth, flowId, true);
    const n = await countOf(tx, flowId);
    if (n >= MAX_ELEMENTS) throw FieldErrors.of('non_field_errors', 'landing_elements_limit', { limit: MAX_ELEMENTS });
    await oneFormOnly(tx, flowId, input);
    const position = Math.min(input.order, n);
    await tx
      .update(landingElements)
      .set({ position: sql`${landingElements.position} + 1` })
      .where(and(eq(landingElements.flowId, flowId), gte(landingElements.position, position)));
    await tx.insert(landingElements).values({ flowId, type: input.type, position, content });
    await touch(tx, flowId);
    return answer(tx, flowId);
  });
}

async function elementIn(tx: Tx, flowId: number, elementId: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(landingElements)
    .where(and(eq(landingElements.flowId, flowId), eq(landingElements.id, elementId)));
  if (!row) throw notFound();
  return row;
}

export async function updateLandingElement(
  ctx: AppContext,
  auth: AuthUser,
  flowId: number,
  elementId: number,
  input: ElementInput,
) {
  const content = cleanContent(input.type, input.content);
  return ctx.db.transaction(async (tx) => {
    await accessibleFlow(tx, auth, flowId, true);
    const el = await elementIn(tx, flowId, elementId);
    await oneFormOnly(tx, flowId, input, elementId);
    const last = (await countOf(tx, flowId)) - 1;
    const to = Math.min(input.order, last);
    const from = el.position;
    const inFlow = eq(landingElements.flowId, flowId);
    if (to < from) {
      await tx
        .update(landingElements)
        .set({ position: sql`${landingElements.position} + 1` })
        .where(and(inFlow, gte(landingElements.position, to), lt(landingElements.position, from)));
    } else if (to > from) {
      await tx
        .update(landingElements)
        .set({ position: sql`${landingElements.position} - 1` })
        .where(and(inFlow, gt(landingElements.position, from), lte(landingElements.position, to)));
    }
    await tx
      .update(landingElements)
      .set({ type: input.type, position: to, content, updatedAt: sql`now()` })
      .where(eq(landingElements.id, elementId));
    await touch(tx, flowId);
    return answer(tx, flowId);
  });
}

export async function deleteLandingElement(
  ctx: AppContext,
  auth: AuthUser,
  flowId: number,
  elementId: number,
  lang: Lang,
) {
  await ctx.db.transaction(async (tx) => {
    await accessibleFlow(tx, auth, flowId, true);
    const el = await elementIn(tx, flowId, elementId);
    await tx.delete(landingElements).where(eq(landingElements.id, elementId));
    await tx
      .update(landingElements)
      .set({ position: sql`${landingElements.position} - 1` })
      .where(and(eq(landingElements.flowId, flowId), gt(landingElements.position, el.position)));
    await touch(tx, flowId);
  });
  return { detail: t(lang, 'deleted') };
}

/** The flow's updated_at follows its page's edits. */
async function touch(tx: Tx, flowId: number) {
  await tx.execute(sql`update flows set updated_at = now() where id = ${flowId}`);
}
