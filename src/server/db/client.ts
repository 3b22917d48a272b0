import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';
import { NamingClient, UnnamedClient } from './named-statements';
import { StatementLanes, type LaneOptions, type LaneQuery } from './lanes';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/**
 * How long a request waits for a pooled connection (a free one, or a new one while PostgreSQL comes
 * back) before it answers 503 instead of hanging.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The pool, with its single statements outside transactions sent on shared pipelined lanes when they
 * are fast reads and a lane is free (lanes.ts); everything else, checked-out clients included, as pg does.
 */
class LanePool extends pg.Pool {
  lanes: StatementLanes | undefined;
  /** Where a connection of its own goes (directConnectionConfig): the database itself, not a pooler. */
  directUrl: string | undefined;
  /** Single statements that ran on a pooled connection rather than a lane (for /metrics). */
  pooledStatements = 0;

  // pg's overloads are many; only the promise form with a plain statement is looked at.
  override query(...args: unknown[]): never {
    const [config, values, callback] = args;
    const lanes = this.lanes;
    if (!lanes || callback !== undefined || typeof values === 'function')
      return super.query(...(args as [string])) as never;
    const plain: LaneQuery | undefined =
      typeof config === 'string'
        ? { text: config, values: values as unknown[] | undefined }
        : config &&
            typeof config === 'object' &&
            typeof (config as LaneQuery).text === 'string' &&
            !('submit' in config)
          ? values === undefined
            ? (config as LaneQuery)
            : { ...(config as LaneQuery), values: values as unknown[] }
          : undefined;
    if (!plain) return super.query(...(args as [string])) as never;
    const onLane = lanes.query(plain);
    if (onLane) return onLane as never;
    this.pooledStatements += 1;
    const timed = lanes.timer(plain.text);
    const result = super.query(...(args as [string])) as unknown as Promise<unknown>;
    if (timed) result.then(timed, () => {});
    return result as never;
  }

  override async end(): Promise<void> {
    await this.lanes?.close();
    return super.end();
  }
}

/** The pool's connections and its lanes' use, as /metrics shows them. */
export type PoolUsage = {
  total: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
  lanes: { open: number; out: number; sent: number; pooled: number } | undefined;
};

export function poolUsage(pool: pg.Pool): PoolUsage {
  const lanes = pool instanceof LanePool ? pool.lanes : undefined;
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    lanes: lanes && pool instanceof LanePool ? { ...lanes.usage(), pooled: pool.pooledStatements } : undefined,
  };
}

/** How many pipelined lanes a pool gets unless told otherwise (DB_PIPELINE_LANES). */
export const DEFAULT_LANES = 2;

/** How the pool reaches PostgreSQL when `url` is a transaction pooler (PgBouncer) rather than the database. */
export type PoolerOptions = {
  /** The database itself, for connections of their own (LISTEN, migrations under their lock); default `url`. */
  directUrl?: string | undefined;
  /** Statements with values as named (prepared) statements (default); false for a pooler that cannot keep them. */
  namedStatements?: boolean;
};

export function connect(
  url: string,
  max = 20,
  lanes = DEFAULT_LANES,
  laneOptions?: LaneOptions,
  pooler: PoolerOptions = {},
): { db: Db; pool: pg.Pool } {
  const Client = pooler.namedStatements === false ? UnnamedClient : NamingClient;
  // JIT compilation costs more than it saves on the short queries of a web request.
  const options = {
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: '-c jit=off',
    Client,
  };
  const pool = new LanePool(options);
  pool.directUrl = pooler.directUrl;
  if (lanes > 0) {
    pool.lanes = new StatementLanes(
      (stream) => new Client({ ...options, application_name: 'atrium-lane', pipeline: true, stream }),
      lanes,
      laneOptions,
    );
  }
  // An idle client's error (e.g. the server restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A checked-out client (a transaction) has no listener of the pool's: when PostgreSQL goes away, its
  // 'error' event would be unhandled and end the process. The query in flight fails on its own, and
  // the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema }) as Db;
  return { db, pool };
}

/**
 * The settings of a direct connection of its own (not one of the pool's): a LISTEN session, or a
 * session advisory lock, must stay on one server backend, so it cannot go through a transaction
 * pooler. The pool's direct URL (DATABASE_DIRECT_URL) when it has one, else the pool's own URL.
 */
export function directConnectionConfig(pool: pg.Pool, applicationName: string): pg.ClientConfig {
  const { connectionTimeoutMillis } = pool.options;
  const connectionString = (pool instanceof LanePool ? pool.directUrl : undefined) ?? pool.options.connectionString;
  return {
    ...(connectionString !== undefined && { connectionString }),
    ...(connectionTimeoutMillis !== undefined && { connectionTimeoutMillis }),
    application_name: applicationName,
  };
}
