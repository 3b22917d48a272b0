import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';
import { NamingClient } from './named-statements';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/**
 * How long a request waits for a pooled connection (a free one, or a new one while PostgreSQL comes
 * back) before it answers 503 instead of hanging.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

export function connect(url: string, max = 20): { db: Db; pool: pg.Pool } {
  // JIT compilation costs more than it saves on the short queries of a web request.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, options: '-c jit=off', Client: NamingClient });
  // An idle client's error (e.g. the server restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A checked-out client (a transaction) has no listener of the pool's: when PostgreSQL goes away, its
  // 'error' event would be unhandled and end the process. The query in flight fails on its own, and
  // the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema }) as Db;
  return { db, pool };
}
