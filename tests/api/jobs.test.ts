import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Jobs } from '../../src/server/jobs';
import { actionLogs } from '../../src/server/db/schema';
import { recordAction } from '../../src/server/services/action-log';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

describe('background jobs (pg-boss)', () => {
  it('runs a worker for a sent job and enqueues inside a transaction only when it commits', async () => {
    const jobs = new Jobs(t.pool, t.app.ctx.log);
    const seen: string[] = [];
    await jobs.start(t.app.ctx, [
      {
        queue: 'test-echo',
        handle: (_ctx, data: { word: string }) => {
          seen.push(data.word);
          return Promise.resolve();
        },
      },
    ]);
    try {
      await jobs.send('test-echo', { word: 'outside' });
      await t.db
        .transaction(async (tx) => {
          await jobs.sendInTx(tx, 'test-echo', { word: 'rolled-back' });
          throw new Error('abort');
        })
        .catch(() => {});
      await t.db.transaction(async (tx) => {
        await jobs.sendInTx(tx, 'test-echo', { word: 'committed' });
      });
      const until = Date.now() + 15_000;
      while (seen.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1500));
      expect(seen.sort()).toEqual(['committed', 'outside']);
    } finally {
      await jobs.stop();
    }
  });
});

describe('a batch of jobs', () => {
  it('runs the jobs of one poll together; the one that throws is retried alone, the others complete once', async () => {
    const jobs = new Jobs(t.pool, t.app.ctx.log);
    const runs = new Map<string, number>();
    let running = 0;
    let together = 0;
    await jobs.start(t.app.ctx, [
      {
        queue: 'test-batch',
        batchSize: 3,
        handle: async (_ctx, data: { word: string }) => {
          runs.set(data.word, (runs.get(data.word) ?? 0) + 1);
          together = Math.max(together, ++running);
          await new Promise((r) => setTimeout(r, 200));
          running--;
          if (data.word === 'flaky' && runs.get('flaky') === 1) throw new Error('first try fails');
        },
      },
    ]);
    try {
      // One commit: the three are there for the same poll.
      await t.db.transaction(async (tx) => {
        for (const word of ['a', 'b', 'flaky'])
          await jobs.sendInTx(tx, 'test-batch', { word }, { retryLimit: 2, retryDelay: 0 });
      });
      const until = Date.now() + 15_000;
      while ((runs.get('flaky') ?? 0) < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1500));
      expect(Object.fromEntries(runs)).toEqual({ a: 1, b: 1, flaky: 2 });
      expect(together).toBe(3);
      const states = await t.pool.query(
        `select data->>'word' as word, state from pgboss.job where name = 'test-batch' order by 1`,
      );
      expect(states.rows).toEqual([
        { word: 'a', state: 'completed' },
        { word: 'b', state: 'completed' },
        { word: 'flaky', state: 'completed' },
      ]);
    } finally {
      await jobs.stop();
    }
  });
});

describe('a backlog', () => {
  it(
    'drains at the handlers’ speed: a full batch polls again at once, not after the polling interval',
    { timeout: 60_000 },
    async () => {
      const seen = new Set<number>();
      const worker = (pollSeconds: number) => ({
        queue: 'test-drain',
        batchSize: 2,
        pollSeconds,
        handle: (_ctx: unknown, data: { n: number }) => {
          seen.add(data.n);
          return Promise.resolve();
        },
      });
      // A first process makes the queue and leaves 12 jobs in it (it polled once, empty, at its start).
      const first = new Jobs(t.pool, t.app.ctx.log);
      await first.start(t.app.ctx, [worker(600)]);
      for (let n = 0; n < 12; n++) await first.send('test-drain', { n });
      await first.stop();
      // Polling every 30 s, two jobs a poll, the backlog would take three minutes; drained, about a second.
      const second = new Jobs(t.pool, t.app.ctx.log);
      try {
        await second.start(t.app.ctx, [worker(30)]);
        const until = Date.now() + 20_000;
        while (seen.size < 12 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
        expect(seen.size).toBe(12);
      } finally {
        await second.stop();
      }
    },
  );
});

describe('a job whose process died', () => {
  it(
    'runs again once its expiry has passed, not after pg-boss default of 15 minutes',
    { timeout: 60_000 },
    async () => {
      // The first process takes the job and never finishes it: a process killed in the middle.
      const dead = new Jobs(t.pool, t.app.ctx.log, { maintenanceIntervalSeconds: 1 });
      let taken!: () => void;
      const tookIt = new Promise<void>((r) => (taken = r));
      await dead.start(t.app.ctx, [
        {
          queue: 'test-crash',
          expireInSeconds: 2,
          handle: async () => {
            taken();
            await new Promise(() => {});
          },
        },
      ]);
      const alive = new Jobs(t.pool, t.app.ctx.log, { maintenanceIntervalSeconds: 1 });
      const done: number[] = [];
      try {
        await dead.send('test-crash', { n: 1 });
        await tookIt;
        // A killed process fetches nothing more. (Left polling, pg-boss gives up on the hung handler
        // at the expiry and could take the retried job again itself, so the test would be a coin toss.)
        await (dead as unknown as { boss: { offWork(queue: string): Promise<void> } }).boss.offWork('test-crash');
        await alive.start(t.app.ctx, [
          {
            queue: 'test-crash',
            expireInSeconds: 2,
            handle: (_ctx, data: { n: number }) => {
              done.push(data.n);
              return Promise.resolve();
            },
          },
        ]);
        const until = Date.now() + 30_000;
        while (!done.length && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
        expect(done).toEqual([1]);
        const { rows } = await t.pool.query(`select expire_seconds from pgboss.queue where name = 'test-crash'`);
        expect(rows[0].expire_seconds).toBe(2);
      } finally {
        await alive.stop();
        await dead.stop().catch(() => {});
      }
    },
  );
});

describe('action history', () => {
  it('is append-only: updates and deletes are refused by the database', async () => {
    await recordAction(t.db, { actorId: 1, subjectId: 2, kind: 'user_updated', details: { a: 1 } });
    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    await expect(t.db.execute(sql`update action_logs set kind = 'x'`)).rejects.toMatchObject(refused);
    await expect(t.db.execute(sql`delete from action_logs`)).rejects.toMatchObject(refused);
    const rows = await t.db.select().from(actionLogs);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: 1, subjectId: 2, kind: 'user_updated', details: { a: 1 } });
  });
});
