import { asc, desc, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { FieldErrors, notFound } from '../../../errors';
import type { ListWindow } from '../../../http/simple-rest';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A content table: any table with a serial `id`. */
export type ContentTable = PgTable & { id: AnyPgColumn<{ data: number; notNull: true }> };
type RowOf<T extends ContentTable> = T['$inferSelect'];
type InsertOf<T extends ContentTable> = T['$inferInsert'];
/** The columns to write (never the id): on create, what is left out takes its default; on update, it stays. */
type ColumnsOf<T extends ContentTable> = Partial<InsertOf<T>> & { id?: never };

/** The keys of `T` that must be given (no `?`). */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/**
 * One admin content resource served the ra-data-simple-rest way: list (sort/range/filter), get,
 * create, update (partial: fields left out stay) and delete. `Input` is the contract's update body
 * (a create body is the same fields with some required); `View` is the contract's record.
 * `columns` validates an input against the stored row (null on create) and returns the columns to write.
 */
export type Resource<T extends ContentTable, Input extends object, View, Extra = never> = {
  name: string;
  table: T;
  sortable: Record<string, AnyColumn | SQL>;
  defaultSort: [string, 'ASC' | 'DESC'];
  /** Filters by key of the `filter` JSON; `q` is the free-text search, `id` (a list) is built in. */
  filters?: Record<string, (value: unknown) => SQL | undefined>;
  /** The columns a new row must be given (no database default), each with the input field it comes from. */
  required: Record<RequiredKeys<InsertOf<T>>, keyof Input & string>;
  columns: (ctx: AppContext, input: Input, existing: RowOf<T> | null) => Promise<ColumnsOf<T>> | ColumnsOf<T>;
  view: (row: RowOf<T>, extra: Extra | undefined) => View;
  /** Extra per-row data for the views (one query for the whole page). */
  extras?: (ctx: AppContext, ids: number[]) => Promise<Map<number, Extra>>;
  afterSave?: (tx: Tx, id: number, input: Input) => Promise<void>;
  /** Called after every successful write (e.g. to forget cached counts). */
  onChange?: (ctx: AppContext) => void;
  /** Foreign keys and unique constraints by name -> the input field they belong to. */
  constraintFields?: Record<string, string>;
};

function whereOf(
  table: ContentTable,
  filters: Resource<ContentTable, object, unknown>['filters'],
  filter: Record<string, unknown>,
): SQL | undefined {
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'id') {
      const ids = (Array.isArray(value) ? value : [value]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
      parts.push(ids.length ? inArray(table.id, ids) : sql`false`);
      continue;
    }
    // An own key only: `constructor` or `__proto__` must not reach Object.prototype.
    const build = filters && Object.hasOwn(filters, key) ? filters[key] : undefined;
    if (!build) throw FieldErrors.of('filter', 'field_invalid');
    const part = build(value);
    if (part) parts.push(part);
  }
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/** The rows of a table as `{ id, row }`, the row typed by the table. */
function selectRows<T extends ContentTable>(db: Db | Tx, t: T) {
  const source: PgTable = t;
  return db
    .select({ id: t.id, row: getTableColumns(t) })
    .from(source)
    .$dynamic();
}

type Selected<T extends ContentTable> = { id: number; row: RowOf<T> };

async function render<T extends ContentTable, I extends object, V, E>(
  ctx: AppContext,
  r: Resource<T, I, V, E>,
  rows: Selected<T>[],
): Promise<V[]> {
  const extra =
    r.extras && rows.length
      ? await r.extras(
          ctx,
          rows.map((x) => x.id),
        )
      : new Map<number, E>();
  return rows.map(({ id, row }) => r.view(row, extra.get(id)));
}

export async function listResource<T extends ContentTable, I extends object, V, E>(
  ctx: AppContext,
  r: Resource<T, I, V, E>,
  w: ListWindow<Record<string, unknown>>,
): Promise<{ rows: V[]; total: number }> {
  const where = whereOf(r.table, r.filters, w.filter);
  const col = r.sortable[w.field] ?? r.table.id;
  const source: PgTable = r.table;
  const [rows, counted] = await Promise.all([
    selectRows(ctx.db, r.table)
      .where(where)
      .orderBy(w.desc ? desc(col) : asc(col), w.desc ? desc(r.table.id) : asc(r.table.id))
      .limit(w.limit)
      .offset(w.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(source)
      .where(where),
  ]);
  return { rows: await render(ctx, r, rows), total: counted[0]?.n ?? 0 };
}

async function rowOf<T extends ContentTable>(db: Db | Tx, t: T, id: number): Promise<Selected<T>> {
  const [row] = await selectRows(db, t).where(eq(t.id, id));
  if (!row) throw notFound();
  return row;
}

async function viewOf<T extends ContentTable, I extends object, V, E>(
  ctx: AppContext,
  r: Resource<T, I, V, E>,
  row: Selected<T>,
): Promise<V> {
  const [view] = await render(ctx, r, [row]);
  if (view === undefined) throw notFound();
  return view;
}

export async function getResource<T extends ContentTable, I extends object, V, E>(
  ctx: AppContext,
  r: Resource<T, I, V, E>,
  id: number,
): Promise<V> {
  return viewOf(ctx, r, await rowOf(ctx.db, r.table, id));
}

/** Database refusals that are the caller's input: a missing referenced row, a taken key, a check. */
function mapConstraint(constraintFields: Record<string, string> | undefined, err: unknown, onDelete = false): never {
  const cause = err instanceof Error && err.cause !== undefined ? err.cause : err;
  const e: { code?: unknown; constraint?: unknown } = typeof cause === 'object' && cause !== null ? cause : {};
  const field = typeof e.constraint === 'string' ? constraintFields?.[e.constraint] : undefined;
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

/** Every column a new row needs is given, or a 400 on the first missing field (the contract asks for them before). */
function assertComplete<T extends ContentTable>(
  values: ColumnsOf<T>,
  required: Record<string, string>,
): asserts values is InsertOf<T> {
  const present = new Set(Object.entries(values).flatMap(([column, value]) => (value === undefined ? [] : [column])));
  for (const [column, field] of Object.entries(required))
    if (!present.has(column)) throw FieldErrors.of(field, 'field_required');
}

/** The columns given, if any (drizzle leaves undefined ones out of an update, and an update of none is an error). */
function given<C extends object>(values: C): C | undefined {
  return Object.values(values).some((v) => v !== undefined) ? values : undefined;
}

export async function createResource<T extends ContentTable, I extends object, V, E>(
  ctx: AppContext,
  r: Resource<T, I, V, E>,
  input: I,
): Promise<V> {
  const values = await r.columns(ctx, input, null);
  assertComplete<T>(values, r.required);
  const id = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx.insert(r.table).values(values).returning({ id: r.table.id });
      if (!row) throw new Error(`insert into ${r.name} returned no row`);
      await r.afterSave?.(tx, row.id, input);
      return row.id;
    })
    .catch((err: unknown) => mapConstraint(r.constraintFields, err));
  r.onChange?.(ctx);
  return getResource(ctx, r, id);
}

export async function updateResource<T extends ContentTable, I extends object, V, E>(
  ctx: AppContext,
  r: Resource<T, I, V, E>,
  id: number,
  input: I,
): Promise<V> {
  const { row: existing } = await rowOf(ctx.db, r.table, id);
  const values = await r.columns(ctx, input, existing);
  // A row with `updatedAt` is stamped on every save, even one that changes nothing else.
  const set = 'updatedAt' in existing ? { ...values, updatedAt: new Date() } : given(values);
  await ctx.db
    .transaction(async (tx) => {
      if (set) await tx.update(r.table).set(set).where(eq(r.table.id, id));
      await r.afterSave?.(tx, id, input);
    })
    .catch((err: unknown) => mapConstraint(r.constraintFields, err));
  r.onChange?.(ctx);
  return getResource(ctx, r, id);
}

export async function deleteResource<T extends ContentTable, I extends object, V, E>(
  ctx: AppContext,
  r: Resource<T, I, V, E>,
  id: number,
): Promise<V> {
  const view = await getResource(ctx, r, id);
  await ctx.db
    .delete(r.table)
    .where(eq(r.table.id, id))
    .catch((err: unknown) => mapConstraint(r.constraintFields, err, true));
  r.onChange?.(ctx);
  return view;
}
