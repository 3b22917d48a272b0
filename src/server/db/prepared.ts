import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * Runs a hot read as a named (prepared) statement: each pool connection parses and plans it once,
 * and PostgreSQL may keep a generic plan, which saves the planning time on every call. For reads
 * whose SQL text is fixed (values are parameters); rows come back with pg's own types (Date, etc.).
 */
export async function prepared<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < 2000) names.set(text, name);
  }
  const result = await db.$client.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}
