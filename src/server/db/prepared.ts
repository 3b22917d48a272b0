import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { fixedStatementName } from './named-statements';

const dialect = new PgDialect();

/**
 * Runs a read straight through pg and returns its rows with pg's own types (Date, etc.). Like every
 * statement with parameters, it runs as a named statement (see named-statements.ts).
 */
export async function prepared<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await db.$client.query({ text, values: params as unknown[] });
  return result.rows as T[];
}

/**
 * A statement whose text is built once: `query` names its values with `sql.placeholder('name')`, and
 * each call only fills them in. For the statements of every request (the session check) and the
 * hottest pages, where building the text from drizzle's fragments cost more CPU than the call itself.
 */
export function statement<T, V extends Record<string, unknown>>(query: SQL): (db: Db, values: V) => Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // Named even without values, so a fixed read is parsed and planned once per connection too.
  const name = fixedStatementName(text);
  return async (db, values) => {
    const result = await db.$client.query({ name, text, values: fillPlaceholders(params, values) });
    return result.rows as T[];
  };
}

/**
 * Statements whose text depends on a few choices (which filters are set, the ordering, the page):
 * `build` makes the text for one such shape, naming its values with `sql.placeholder`, the first
 * time that shape is asked for; later calls only fill in the values. Shapes past `max` are built
 * per call and not kept.
 */
export function shapedStatement<T, S extends Record<string, unknown>, V extends Record<string, unknown>>(build: (shape: S) => SQL, max = 256) {
  const built = new Map<string, { sql: string; params: unknown[]; name: string | undefined }>();
  return async (db: Db, shape: S, values: V): Promise<T[]> => {
    const key = JSON.stringify(shape);
    let query = built.get(key);
    if (!query) {
      const q = dialect.sqlToQuery(build(shape));
      query = { ...q, name: fixedStatementName(q.sql) };
      if (built.size < max) built.set(key, query);
    }
    const result = await db.$client.query({ name: query.name, text: query.sql, values: fillPlaceholders(query.params, values) });
    return result.rows as T[];
  };
}

/**
 * Statements whose every value follows from a key (a statistics period's span and whose figures):
 * built the first time a key is asked for and kept (up to `max` keys, then started afresh), so later
 * calls skip drizzle's building, which cost more than a small statement's run.
 */
export function keyedStatement<T>(max = 500) {
  const built = new Map<string, { sql: string; params: unknown[]; name: string | undefined }>();
  return async (db: Db, key: string, build: () => SQL): Promise<T[]> => {
    let query = built.get(key);
    if (!query) {
      const q = dialect.sqlToQuery(build());
      query = { ...q, name: fixedStatementName(q.sql) };
      if (built.size >= max) built.clear();
      built.set(key, query);
    }
    const result = await db.$client.query({ name: query.name, text: query.sql, values: query.params });
    return result.rows as T[];
  };
}
