import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { directConnectionConfig } from './client';

/** How long a notification may take to come back on the LISTEN connection at start. */
const ROUND_TRIP_MS = 5_000;
/** Pooled connections held at most while looking for the server connection a probe statement was prepared on. */
const MAX_HELD = 4;

/** A database path that cannot work as configured; the message names the setting to change. */
export class DatabasePathError extends Error {}

/**
 * The direct connection (DATABASE_DIRECT_URL, or DATABASE_URL when it is unset) could not be opened:
 * `cause` is the driver's error, so that the start names the setting that failed, not DATABASE_URL.
 */
export class DirectConnectionError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * Proves at start what a transaction pooler (PgBouncer) in front of PostgreSQL would otherwise break in
 * silence: a LISTEN on the direct connection hears a notification sent through DATABASE_URL (the
 * session cache's and the bell's path), and, with named statements on, a statement prepared through
 * DATABASE_URL still runs when the next transaction lands on another server connection. Throws a
 * DatabasePathError naming the setting (DATABASE_DIRECT_URL, DB_NAMED_STATEMENTS) otherwise.
 */
export async function checkDatabasePath(
  pool: pg.Pool,
  settings: { directUrlSet: boolean; namedStatements: boolean },
): Promise<void> {
  if (!(await notificationComesBack(pool))) {
    const why = `a notification sent through DATABASE_URL did not reach a LISTEN on it within ${ROUND_TRIP_MS / 1000} s, as when it goes through a connection pooler in transaction mode`;
    throw new DatabasePathError(
      settings.directUrlSet
        ? `DATABASE_DIRECT_URL must reach PostgreSQL itself: ${why}; point it at the database, not the pooler`
        : `DATABASE_DIRECT_URL is not set and DATABASE_URL does not keep a session: ${why}; set DATABASE_DIRECT_URL to PostgreSQL itself`,
    );
  }
  if (settings.namedStatements && !(await preparedStatementsKept(pool)))
    throw new DatabasePathError(
      'DB_NAMED_STATEMENTS=0 is needed: DATABASE_URL goes through a pooler that keeps no prepared statements (a statement prepared on one server connection was unknown on the next, as with PgBouncer before 1.21 in transaction mode); set DB_NAMED_STATEMENTS=0',
    );
}

/** A LISTEN on a direct connection, a pg_notify through the pool: whether the notification arrives. */
async function notificationComesBack(pool: pg.Pool): Promise<boolean> {
  const channel = `atrium_start_${randomBytes(6).toString('hex')}`;
  const payload = randomBytes(8).toString('hex');
  const listener = new pg.Client(directConnectionConfig(pool, 'atrium-start-check'));
  listener.on('error', () => {});
  await listener.connect().catch((err: unknown) => {
    throw new DirectConnectionError(err);
  });
  try {
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        resolve(false);
      }, ROUND_TRIP_MS);
      listener.on('notification', (n) => {
        if (n.channel !== channel || n.payload !== payload) return;
        clearTimeout(timer);
        resolve(true);
      });
    });
    await listener.query(`listen ${channel}`);
    await pool.query('select pg_notify($1, $2)', [channel, payload]);
    return await heard;
  } finally {
    await listener.end().catch(() => {});
  }
}

const backendPid = async (c: pg.PoolClient) =>
  (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;

/** Probes whose run landed back on the server connection they were prepared on, at most, before it counts as kept. */
const MAX_PROBES = 5;

/**
 * Whether a statement prepared through the pool still runs on another server connection: a probe that
 * ran on the one it was prepared on says nothing (the pooler gave that connection back, or it is
 * PostgreSQL itself), so it is tried again; a pool that always gives it back keeps the statement.
 */
async function preparedStatementsKept(pool: pg.Pool): Promise<boolean> {
  for (let i = 0; i < MAX_PROBES; i++) {
    const answer = await probePreparedStatement(pool);
    if (answer !== 'same-connection') return answer === 'kept';
  }
  return true;
}

/**
 * Prepares a statement on one pooled connection, then keeps the server connection it was prepared on
 * busy (transactions on other pooled connections until one reports its backend) and runs it again: a
 * pooler either keeps prepared statements across server connections (PgBouncer ≥ 1.21 with
 * max_prepared_statements) or answers that the statement does not exist. The statement reports the
 * backend it ran on: when none of the held connections was the one (another start-up query had it), the
 * run may land there again, and proves nothing (a CI run once took that for "kept").
 */
async function probePreparedStatement(pool: pg.Pool): Promise<'kept' | 'lost' | 'same-connection'> {
  const probe = { name: `atrium_start_${randomBytes(6).toString('hex')}`, text: 'select pg_backend_pid() as pid' };
  const client = await pool.connect();
  const held: pg.PoolClient[] = [];
  try {
    const prepared = (await client.query<{ pid: number }>(probe)).rows[0]?.pid;
    for (let i = 0; i < MAX_HELD; i++) {
      const other = await pool.connect();
      held.push(other);
      await other.query('begin');
      if ((await backendPid(other)) === prepared) break;
    }
    const ran = (await client.query<{ pid: number }>(probe)).rows[0]?.pid;
    return ran === prepared ? 'same-connection' : 'kept';
  } catch (err) {
    // 26000: invalid_sql_statement_name, "prepared statement … does not exist".
    if ((err as { code?: string }).code !== '26000') throw err;
    return 'lost';
  } finally {
    for (const c of held) {
      await c.query('rollback').catch(() => {});
      c.release();
    }
    // Not pooled again: it believes the probe prepared, wherever its next transaction lands.
    client.release(true);
  }
}
