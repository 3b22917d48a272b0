import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

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
  return async (db, values) => {
    const result = await db.$client.query({ text, values: fillPlaceholders(params, values) });
    return result.rows as T[];
  };
}
