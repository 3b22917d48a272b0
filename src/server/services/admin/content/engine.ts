import { asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { FieldErrors, notFound } from '../../../http/errors';
import type { ListWindow } from '../../../http/simple-rest';

/* eslint-disable @typescript-eslint/no-explicit-any -- one engine over many tables: rows are typed by each resource's view. */
type Row = any;
type Input = Record<string, unknown>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One admin content resource served the ra-data-simple-rest way: list (sort/range/filter), get,
 * create, update (partial: fields left out stay) and delete. `columns` validates an input against
 * the stored row (null on create) and returns the table's columns to write.
 */
export type Resource = {
  name: string;
  table: PgTable & { id: AnyColumn };
  sortable: Record<string, AnyColumn | SQL>;
  defaultSort: [string, 'ASC' | 'DESC'];
  /** Filters by key of the `filter` JSON; `q` is the free-text search, `id` (a list) is built in. */
  filters?: Record<string, (value: unknown) => SQL | undefined>;
  columns: (ctx: AppContext, input: Input, existing: Row | null) => Promise<Record<string, unknown>> | Record<string, unknown>;
  view: (row: Row, extra: Map<number, unknown>) => unknown;
  /** Extra per-row data for the views (one query for the whole page). */
  extras?: (ctx: AppContext, ids: number[]) => Promise<Map<number, unknown>>;
  afterSave?: (tx: Tx, id: number, input: Input) => Promise<void>;
  /** Called after every successful write (e.g. to forget cached counts). */
  onChange?: (ctx: AppContext) => void;
  /** Foreign keys and unique constraints by name -> the input field they belong to. */
  constraintFields?: Record<string, string>;
};

const table = (r: Resource) => r.table as any;

function whereOf(r: Resource, filter: Record<string, unknown>): SQL | undefined {
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'id') {
      const ids = (Array.isArray(value) ? value : [value]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
      parts.push(ids.length ? inArray(r.table.id, ids) : sql`false`);
      continue;
    }
    // An own key only: `constructor` or `__proto__` must not reach Object.prototype.
    const build = r.filters && Object.hasOwn(r.filters, key) ? r.filters[key] : undefined;
    if (!build) throw FieldErrors.of('filter', 'field_invalid');
    const part = build(value);
    if (part) parts.push(part);
  }
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

async function render(ctx: AppContext, r: Resource, rows: Row[]) {
  const extra = r.extras && rows.length ? await r.extras(ctx, rows.map((x) => x.id as number)) : new Map<number, unknown>();
  return rows.map((row) => r.view(row, extra));
}

export async function listResource(ctx: AppContext, r: Resource, w: ListWindow<Record<string, unknown>>) {
  const where = whereOf(r, w.filter);
  const col = r.sortable[w.field] ?? r.table.id;
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(table(r)).where(where).orderBy(w.desc ? desc(col) : asc(col), w.desc ? desc(r.table.id) : asc(r.table.id)).limit(w.limit).offset(w.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(table(r)).where(where),
  ]);
  return { rows: await render(ctx, r, rows), total: total!.n };
}

async function rowOf(db: Db | Tx, r: Resource, id: number): Promise<Row> {
  const [row] = await db.select().from(table(r)).where(eq(r.table.id, id));
  if (!row) throw notFound();
  return row;
}

export async function getResource(ctx: AppContext, r: Resource, id: number) {
  const [view] = await render(ctx, r, [await rowOf(ctx.db, r, id)]);
  return view;
}

/** Database refusals that are the caller's input: a missing referenced row, a taken key, a check. */
function mapConstraint(r: Resource, err: unknown, onDelete = false): never {
  const e = ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
  const field = e.constraint ? r.constraintFields?.[e.constraint] : undefined;
  // 23001: ON DELETE RESTRICT; 23503: a referenced row is missing (or still referenced).
  if (e.code === '23001') throw FieldErrors.of('non_field_errors', 'still_in_use');
  if (e.code === '23503') {
    if (onDelete || !field) throw FieldErrors.of('non_field_errors', 'still_in_use');
    throw FieldErrors.of(field, 'field_invalid');
  }
  if (e.code === '23505') throw FieldErrors.of(field ?? 'non_field_errors', 'key_taken');
  if (e.code === '23514') throw FieldErrors.of('non_field_errors', 'field_invalid');
  throw err;
}

export async function createResource(ctx: AppContext, r: Resource, input: Input) {
  const values = await r.columns(ctx, input, null);
  const id = await ctx.db
    .transaction(async (tx) => {
      const [row] = (await tx.insert(table(r)).values(values).returning({ id: r.table.id as any })) as Array<{ id: number }>;
      await r.afterSave?.(tx, row!.id, input);
      return row!.id;
    })
    .catch((err) => mapConstraint(r, err));
  r.onChange?.(ctx);
  return getResource(ctx, r, id);
}

export async function updateResource(ctx: AppContext, r: Resource, id: number, input: Input) {
  const existing = await rowOf(ctx.db, r, id);
  const values = await r.columns(ctx, input, existing);
  if ('updatedAt' in existing) values.updatedAt = new Date();
  await ctx.db
    .transaction(async (tx) => {
      if (Object.keys(values).length) await tx.update(table(r)).set(values).where(eq(r.table.id, id));
      await r.afterSave?.(tx, id, input);
    })
    .catch((err) => mapConstraint(r, err));
  r.onChange?.(ctx);
  return getResource(ctx, r, id);
}

export async function deleteResource(ctx: AppContext, r: Resource, id: number) {
  const view = await getResource(ctx, r, id);
  await ctx.db
    .delete(table(r))
    .where(eq(r.table.id, id))
    .catch((err) => mapConstraint(r, err, true));
  r.onChange?.(ctx);
  return view;
}
