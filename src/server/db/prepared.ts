import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Db } from './client';
import { fixedStatementName } from './named-statements';

const dialect = new PgDialect();

/**
 * Runs a read straight through pg and returns its rows with pg's own types (Date, etc.). Like every
 * statement with parameters, it runs as a named statement (see named-statements.ts).
 */
export async function prepared<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await db.$client.query({ text, values: params });
  return result.rows as T[];
}

type Built = { sql: string; params: unknown[]; name: string | undefined };

// Named even without values, so a fixed read is parsed and planned once per connection too.
function built(query: SQL): Built {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params, name: fixedStatementName(text) };
}

async function run<T>(db: Db, query: Built, values: unknown[]): Promise<T[]> {
  const result = await db.$client.query({ name: query.name, text: query.sql, values });
  return result.rows as T[];
}

/**
 * A statement whose text is built once: `query` names its values with `sql.placeholder('name')`, and
 * each call only fills them in. For the statements of every request (the session check) and the
 * hottest pages, where building the text from drizzle's fragments cost more CPU than the call itself.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- V names the values each call must give (explicit type arguments)
export function statement<T, V extends Record<string, unknown>>(query: SQL): (db: Db, values: V) => Promise<T[]> {
  const once = built(query);
  return (db, values) => run<T>(db, once, fillPlaceholders(once.params, values));
}

/**
 * Statements whose text depends on a few choices (which filters are set, the ordering, the page):
 * `build` makes the text for one such shape, naming its values with `sql.placeholder`, the first
 * time that shape is asked for; later calls only fill in the values. Past `max` shapes, the least
 * recently used is dropped (and built again if asked for).
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- V names the values each call must give (explicit type arguments)
export function shapedStatement<T, S extends Record<string, unknown>, V extends Record<string, unknown>>(
  build: (shape: S) => SQL,
  max = 256,
) {
  const shapes = new LRUCache<string, Built>({ max });
  return async (db: Db, shape: S, values: V): Promise<T[]> => {
    const key = JSON.stringify(shape);
    let query = shapes.get(key);
    if (!query) {
      query = built(build(shape));
      shapes.set(key, query);
    }
    return run<T>(db, query, fillPlaceholders(query.params, values));
  };
}

/**
 * Statements whose every value follows from a key (a statistics period's span and whose figures):
 * built the first time a key is asked for and kept (the `max` most recently used keys), so later
 * calls skip drizzle's building, which cost more than a small statement's run.
 */
export function keyedStatement<T>(max = 500) {
  const keys = new LRUCache<string, Built>({ max });
  return async (db: Db, key: string, build: () => SQL): Promise<T[]> => {
    let query = keys.get(key);
    if (!query) {
      query = built(build());
      keys.set(key, query);
    }
    return run<T>(db, query, query.params);
  };
}
