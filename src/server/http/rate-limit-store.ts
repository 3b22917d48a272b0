import type pg from 'pg';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { one } from '../db/rows';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

const PRUNE_EVERY_MS = 60_000;

/**
 * One fixed window per key, counted in one statement: a window that has ended starts again at 1.
 * PostgreSQL's clock decides, so every process (on any host) agrees on when a window ends.
 */
const INCR = `insert into rate_limit_hits as r (key, hits, reset_at)
  values ($1, 1, now() + $2::int * interval '1 millisecond')
  on conflict (key) do update set
    hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
    reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
  returning hits, greatest(0, ceil(extract(epoch from r.reset_at - now()) * 1000))::int as ttl`;

const READ = `select hits, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl
  from rate_limit_hits where key = $1 and reset_at > now()`;

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

const PRUNE = `delete from rate_limit_hits where reset_at < now() - interval '1 minute'`;

/** One hit on a fixed window of `ms` outside @fastify/rate-limit (the login's per-account ceiling). */
export async function hitWindow(pool: pg.Pool, key: string, ms: number): Promise<Result> {
  const { rows } = await pool.query<{ hits: number; ttl: number }>(INCR, [key, Math.max(1, Math.trunc(ms))]);
  const row = one(rows);
  return { current: row.hits, ttl: row.ttl };
}

/** The hits of a window that has not ended (0 when there is none). */
export async function readWindow(pool: pg.Pool, key: string): Promise<Result> {
  const { rows } = await pool.query<{ hits: number; ttl: number }>(READ, [key]);
  return rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 };
}

/**
 * The @fastify/rate-limit store on PostgreSQL (the unlogged table `rate_limit_hits`), so a limit
 * holds across every server process on one database instead of per process. Keys must be unique
 * per limiter (http/rate-limits.ts prefixes them with the operation and rule). A failing database
 * fails the request (503), never lets it through unlimited.
 */
export function pgRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  let lastPrune = Date.now();
  const prune = () => {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    pool.query(PRUNE).catch(() => {
      // Expired rows are only clutter; the next prune tries again.
    });
  };

  class PgRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      prune();
      pool.query<{ hits: number; ttl: number }>(INCR, [key, Math.max(1, Math.trunc(timeWindow))]).then(
        ({ rows }) => {
          const row = one(rows);
          callback(null, { current: row.hits, ttl: row.ttl });
        },
        (err: unknown) => {
          callback(asError(err));
        },
      );
    }

    read(key: string, callback: Callback): void {
      pool.query<{ hits: number; ttl: number }>(READ, [key]).then(
        ({ rows }) => {
          callback(null, rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 });
        },
        (err: unknown) => {
          callback(asError(err));
        },
      );
    }

    /** One table for every limiter: the keys carry the limiter's name. */
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return PgRateLimitStore;
}
