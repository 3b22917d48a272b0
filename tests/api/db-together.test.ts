import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../../src/server/db/client';
import { together } from '../../src/server/db/together';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * `together` (src/server/db/together.ts) on a real PostgreSQL: independent reads overlap on the pool
 * and follow one another inside a transaction, with the answers in the order asked either way.
 */
let t: TestApp;
let db: Db;
let pool: pg.Pool;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // No lanes: every read takes a pooled connection of its own.
  ({ db, pool } = connect(t.databaseUrl, 8, 0));
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

type Span = { label: string; started: Date; ended: Date };
/** A read that takes `seconds` and says when it ran, by PostgreSQL's clock. */
const timedRead = (d: Pick<Db, 'execute'>, label: string, seconds: number) => async () => {
  const { rows } = await d.execute<Span>(
    sql`select ${label}::text as label, clock_timestamp() as started, pg_sleep(${seconds}) is null as slept, clock_timestamp() as ended`,
  );
  const row = rows[0]!;
  return { label: row.label, started: new Date(row.started), ended: new Date(row.ended) };
};

describe('together', () => {
  it('runs the reads at once on the pool', async () => {
    const [a, b] = await together(db, [timedRead(db, 'a', 0.3), timedRead(db, 'b', 0.3)] as const);
    expect([a.label, b.label]).toEqual(['a', 'b']);
    // Each started before the other ended.
    expect(b.started.getTime()).toBeLessThan(a.ended.getTime());
    expect(a.started.getTime()).toBeLessThan(b.ended.getTime());
  });

  it('runs them one after another inside a transaction, on its one connection', async () => {
    let overlapping = 0;
    const [a, b, c] = await db.transaction(async (tx) => {
      // The transaction's pooled client (drizzle keeps it on the session): count every statement
      // handed to it while another was still running.
      const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client as pg.PoolClient & {
        _activeQuery: unknown;
        _queryQueue: unknown[];
      };
      // Untyped: pg's query has many overloads, and the wrapper hands every call on as it came.
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        if (client._activeQuery || client._queryQueue.length) overlapping += 1;
        return query(...args);
      }) as unknown as typeof client.query;
      const [first, second, pids] = await together(tx, [
        timedRead(tx, 'a', 0.2),
        timedRead(tx, 'b', 0.05),
        async () => (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid,
      ] as const);
      const own = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
      expect(pids).toBe(own);
      client.query = query as unknown as typeof client.query;
      return [first, second, pids];
    });
    expect(overlapping).toBe(0);
    expect([a.label, b.label]).toEqual(['a', 'b']);
    expect(b.started.getTime()).toBeGreaterThanOrEqual(a.ended.getTime());
    expect(typeof c).toBe('number');
  });

  it('passes a failing read on and stops there inside a transaction', async () => {
    let ranAfter = false;
    await expect(
      db.transaction(async (tx) =>
        together(tx, [
          () => tx.execute(sql`select 1 / 0`),
          () => {
            ranAfter = true;
            return Promise.resolve(1);
          },
        ] as const),
      ),
    ).rejects.toMatchObject({ cause: { code: '22012' } }); // division_by_zero
    expect(ranAfter).toBe(false);
  });
});
