import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../../src/server/db/client';
import { isRead } from '../../src/server/db/lanes';
import { isDatabaseUnavailable } from '../../src/server/http/errors';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The pipelined lanes (src/server/db/lanes.ts) on a real PostgreSQL: which statements go on them,
 * that concurrent statements share one connection and still get their own answers and errors, and
 * what happens when a lane's connection is cut. `current_setting('application_name')` tells where a
 * statement ran: lanes connect as `atrium-lane`.
 */
const LANE = 'atrium-lane';
type Where = { app: string; pid: number };

let t: TestApp;
let db: Db;
let pool: pg.Pool;
let admin: pg.Client;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // One lane, so that every statement it takes shares one connection, and room on it for every
  // statement a test sends at once (by default a lane takes about 2 ms of expected work). A read counts
  // as fast under 20 ms, not the default 5: on a loaded host (a CI run beside other work) a trivial
  // read's round trip exceeded 5 ms a hundred times in a row. The slow read below sleeps 50 ms.
  ({ db, pool } = connect(t.databaseUrl, 8, 1, { maxWaitMs: 1000, fastMs: 20 }));
  admin = new pg.Client({ connectionString: t.databaseUrl });
  await admin.connect();
  await admin.query('create table lane_probe (id serial primary key, v int not null)');
});
afterAll(async () => {
  await admin.end();
  await pool.end();
  await t.close();
});

const where = `current_setting('application_name') as app, pg_backend_pid() as pid`;

/**
 * Runs a read one call at a time until it runs on the lane (a read is timed on the pool first, and
 * the lane opens lazily). With `unavailable`, a call may fail as "database unavailable" meanwhile.
 */
async function untilOnLane(text: string, values: unknown[] = [], unavailable?: unknown[]): Promise<Where> {
  for (let i = 0; i < 100; i += 1) {
    try {
      const { rows } = await pool.query<Where>(text, values);
      if (rows[0]!.app === LANE) return rows[0]!;
    } catch (err) {
      if (!unavailable) throw err;
      unavailable.push(err);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never ran on a lane: ${text}`);
}

describe('pipelined lanes', () => {
  it('runs the fast reads of concurrent calls on one shared connection, each with its own answer', async () => {
    const text = `select ${where}, $1::int as n`;
    const lane = await untilOnLane(text, [-1]);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => pool.query<Where & { n: number }>(text, [n])),
    );
    expect(results.map((r) => r.rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    // Twenty statements out at once on one connection: a pool would have needed twenty.
    expect(new Set(results.map((r) => r.rows[0]!.pid))).toEqual(new Set([lane.pid]));
    expect(results.every((r) => r.rows[0]!.app === LANE)).toBe(true);
    // drizzle's statements take the same way.
    const viaDrizzle = await db.execute<Where>(sql.raw(`select ${where}, 'drizzle' as via`));
    const again =
      viaDrizzle.rows[0]!.app === LANE ? viaDrizzle.rows[0]! : await untilOnLane(`select ${where}, 'drizzle' as via`);
    expect(again.pid).toBe(lane.pid);
  });

  it('keeps an error to its own statement: the others sent with it are answered', async () => {
    const text = `select ${where}, $1::int / $2::int as q`;
    await untilOnLane(text, [1, 1]);
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => pool.query<Where & { q: number }>(text, [i * 10, i === 4 ? 0 : 10])),
    );
    settled.forEach((s, i) => {
      if (i === 4) {
        expect(s.status).toBe('rejected');
        expect((s as PromiseRejectedResult).reason.code).toBe('22012');
      } else {
        expect(s.status).toBe('fulfilled');
        expect((s as PromiseFulfilledResult<pg.QueryResult<Where & { q: number }>>).value.rows[0]).toMatchObject({
          q: i,
          app: LANE,
        });
      }
    });
    // The lane goes on serving.
    expect((await pool.query<Where & { q: number }>(text, [7, 7])).rows[0]).toMatchObject({ q: 1 });
  });

  it('never takes writes, row locks or a transaction', async () => {
    for (let i = 0; i < 15; i += 1) {
      const inserted = await pool.query<Where>(`insert into lane_probe (v) values ($1) returning ${where}`, [i]);
      expect(inserted.rows[0]!.app).not.toBe(LANE);
      const locked = await pool.query<Where>(`select ${where} from lane_probe where v = $1 for update`, [i]);
      expect(locked.rows[0]!.app).not.toBe(LANE);
      const withCte = await pool.query<Where>(
        `with moved as (update lane_probe set v = v where v = $1 returning id) select ${where} from moved`,
        [i],
      );
      expect(withCte.rows[0]!.app).not.toBe(LANE);
    }
    await untilOnLane(`select ${where}, count(*) from lane_probe where v >= $1`, [0]);
    const inTransaction = await db.transaction(
      async (tx) =>
        (await tx.execute<Where>(sql.raw(`select ${where}, count(*) from lane_probe where v >= 0`))).rows[0]!,
    );
    expect(inTransaction.app).not.toBe(LANE);
    expect((await pool.query('select count(*)::int as n from lane_probe')).rows[0].n).toBe(15);
  });

  it('keeps a slow read on the pool, where it holds up no fast one', async () => {
    const slow = `select ${where}, pg_sleep($1::float8) as slept`;
    for (let i = 0; i < 5; i += 1) expect((await pool.query<Where>(slow, [0.05])).rows[0]!.app).not.toBe(LANE);
    const fast = `select ${where}, $1::int as n`;
    await untilOnLane(fast, [0]);
    const long = pool.query<Where>(slow, [0.5]);
    const quick = await Promise.all(Array.from({ length: 5 }, (_, n) => pool.query<Where & { n: number }>(fast, [n])));
    expect(quick.every((r) => r.rows[0]!.app === LANE)).toBe(true);
    // Answered while the slow one is still running.
    expect(
      (
        await admin.query(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and query like '%pg_sleep%' and state = 'active' and pid <> pg_backend_pid()`,
        )
      ).rows[0].n,
    ).toBe(1);
    expect((await long).rows[0]!.app).not.toBe(LANE);
  });

  it('answers what was out on a cut lane as "database unavailable", and opens the lane again', async () => {
    const text = `select ${where}, $1::int as n`;
    const before = await untilOnLane(text, [0]);
    const out = Array.from({ length: 5 }, (_, n) => pool.query<Where & { n: number }>(text, [n]));
    await admin.query('select pg_terminate_backend($1)', [before.pid]);
    const failed: unknown[] = [];
    for (const s of await Promise.allSettled(out)) {
      if (s.status === 'rejected') failed.push(s.reason);
      else expect(s.value.rows[0]!.n).toBeGreaterThanOrEqual(0);
    }
    // Statements after the cut are answered (on the pool until the lane is back; one sent before the
    // lane has heard of the cut fails like the ones out), then on a new lane.
    const after = await untilOnLane(text, [1], failed);
    expect(after.pid).not.toBe(before.pid);
    for (const err of failed) expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });
});

describe('which statements may go on a lane', () => {
  it('takes single plain reads only', () => {
    const reads = [
      'select 1',
      '  SELECT id FROM users WHERE id = $1',
      '/* plan per call */ select * from users',
      'with me as (select path from users where id = $1) select * from me',
      'select json_agg(x) from x;',
    ];
    const others = [
      'insert into users (email) values ($1)',
      'update users set email = $1',
      'delete from users where id = $1',
      'select * from users where id = $1 for update',
      'select * from tasks for no key update skip locked',
      'with gone as (delete from tasks returning id) select count(*) from gone',
      "select nextval('users_id_seq')",
      'select pg_advisory_lock(1)',
      "select set_config('role', 'x', false)",
      'select 1; delete from users',
      'select pgboss.create_queue($1, $2)',
      'begin',
      'vacuum analyze',
    ];
    for (const text of reads) expect(isRead(text), text).toBe(true);
    for (const text of others) expect(isRead(text), text).toBe(false);
  });
});
