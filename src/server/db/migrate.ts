import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { APP_ROOT } from '../paths';
import { directConnectionConfig } from './client';

// Read from the sources by the compiled server too (dist-server/ holds only the bundle).
const MIGRATIONS = path.join(APP_ROOT, 'src/server/db/migrations');
// Any constant works; it only has to be the same for every Atrium process on one database.
export const LOCK_KEY = 727_274_001;
/** How often a start waiting for the lock says who holds it. */
const WAIT_LOG_MS = 5_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

type Holder = {
  pid: number;
  application: string;
  /** When its transaction began; null outside one. */ xact: string | null;
};

/**
 * Whether the lock's holder, seen twice WAIT_LOG_MS apart, holds a session lock nothing will release:
 * outside a transaction both times, or in another transaction the second time. This version holds the
 * lock only inside its one migration transaction, and earlier versions took theirs a few milliseconds
 * before theirs began; a holder that goes on to other transactions is a pooled server connection on which
 * an earlier version's start through a transaction pooler left its session lock.
 */
const leftBehind = (before: Holder | undefined, now: Holder) =>
  before?.pid === now.pid && (now.xact === null ? before.xact === null : before.xact !== now.xact);

/**
 * Applies pending migrations in ONE transaction that first takes a transaction-scoped advisory lock:
 * concurrent starts wait for each other, and the lock ends with the transaction, so it works through a
 * transaction pooler too (a session lock's unlock would go to another server connection there and the
 * lock would stay for good). The migrations table is drizzle's own (drizzle.__drizzle_migrations), read
 * under the lock, so a process that waited finds the others' work done. While it waits it logs who holds
 * the lock every few seconds, and ends a session lock an earlier version left behind (see leftBehind).
 */
export async function runMigrations(pool: pg.Pool, log?: Log): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS });
  const client = new pg.Client(directConnectionConfig(pool, 'atrium-migrate'));
  client.on('error', () => {});
  await client.connect();
  let waiting: NodeJS.Timeout | undefined;
  try {
    await client.query('begin');
    const locked = client.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    let done = false;
    let seen: Holder | undefined;
    const watch = () => {
      waiting = setTimeout(() => {
        void lockHolder(pool)
          .then(async (holder) => {
            if (done || !holder) return;
            const before = seen;
            seen = holder;
            if (leftBehind(before, holder)) {
              log?.warn(
                { pid: holder.pid, application: holder.application },
                `the migration lock is held by pid ${holder.pid} (application ${holder.application}) outside any migration: a session lock an earlier start through a pooler left behind; ending that backend`,
              );
              await pool.query('select pg_terminate_backend($1)', [holder.pid]);
            } else {
              log?.info(
                { pid: holder.pid, application: holder.application },
                `waiting for the migration lock held by pid ${holder.pid} (application ${holder.application})`,
              );
            }
          })
          .catch((err: unknown) => log?.warn({ err }, 'could not read who holds the migration lock'))
          .finally(() => {
            if (!done) watch();
          });
      }, WAIT_LOG_MS);
    };
    watch();
    try {
      await locked;
    } finally {
      done = true;
      clearTimeout(waiting);
    }
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    const { rows } = await client.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const last = rows[0] ? Number(rows[0].created_at) : undefined;
    const pending = migrations.filter((m) => last === undefined || last < m.folderMillis);
    if (pending.length) log?.info({ migrations: pending.length }, 'applying migrations');
    for (const m of pending) {
      for (const statement of m.sql) await client.query(statement);
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        m.hash,
        m.folderMillis,
      ]);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    clearTimeout(waiting);
    await client.end().catch(() => {});
  }
}

/**
 * Who holds this database's migration lock now (a granted advisory lock on LOCK_KEY), read through the
 * pool. Advisory locks are per database: another Atrium's database on the same server is not ours to end.
 */
export async function lockHolder(pool: pg.Pool): Promise<Holder | undefined> {
  const { rows } = await pool.query<Holder>(
    `select a.pid, coalesce(nullif(a.application_name, ''), '?') as application, a.xact_start::text as xact
     from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1 and l.objsubid = 1
       and l.database = (select oid from pg_database where datname = current_database())
     limit 1`,
    [LOCK_KEY],
  );
  return rows[0];
}
