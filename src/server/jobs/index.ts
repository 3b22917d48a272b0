import PgBoss from 'pg-boss';
import type pg from 'pg';
import { clock } from '../clock';
import type { AppContext } from '../context';
import { JOB_WORKERS } from './workers';

/** A worker for one queue: the area's code lives in its service; this only names the queue. */
export type JobWorker<T = unknown> = {
  queue: string;
  /** A method, so a worker of one queue's data fits the list of every worker (`JobWorker[]`): the queue carries only that data. */
  handle(ctx: AppContext, data: T): Promise<void>;
  /** Pollers of this queue per process, each running one job at a time (default 1): for long jobs. */
  concurrency?: number;
  /**
   * Jobs one poller takes at once and runs together (default 1): parallel short jobs for one poll
   * each, instead of a poller per job polling the database twice a second.
   */
  batchSize?: number;
  /** How often an idle poller looks for jobs (default 0.5 s); cron queues need no more than a few seconds. */
  pollSeconds?: number;
  /** Optional cron (minute resolution, UTC) that sends `{}` to the queue. */
  cron?: string;
  /** Runs once when this process starts working the queue (e.g. re-enqueue work a killed process left). */
  onStart?: (ctx: AppContext) => Promise<void>;
  /**
   * How long a job may stay active before pg-boss takes its process for dead and retries it. Short
   * jobs set it low, so a job whose server was killed runs again within about a minute instead of
   * after pg-boss's default of 15 minutes (it must then be safe to run twice).
   */
  expireInSeconds?: number;
};

/** How long stop() waits, after pg-boss's own stop, for handlers and statements still out. */
const STOP_WAIT_MS = 5_000;

/** How often a process runs pg-boss's maintenance (which also expires the jobs of dead processes). */
const MAINTENANCE_SECONDS = 30;

/** A transaction as pg-boss can use it, so a job is enqueued atomically with the rows that call for it. */
export type TxLike = object;

function txExecutor(tx: TxLike): PgBoss.Db {
  // drizzle's node-postgres session keeps the transaction's client; pg-boss needs `executeSql`.
  const client = (tx as { session: { client: pg.PoolClient } }).session.client;
  return { executeSql: (text, values) => client.query(text, values) };
}

/**
 * Background jobs on pg-boss in the same PostgreSQL (schema `pgboss`): durable, retried, and
 * shared by every server process on the database.
 */
export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private readonly unsubscribe: Array<() => void> = [];
  /** Job handlers still running and pg-boss's statements still out (see stop). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly observe: ((queue: string, seconds: number, ok: boolean) => void) | undefined;

  constructor(
    pool: pg.Pool,
    private readonly log: AppContext['log'],
    opts: {
      maintenanceIntervalSeconds?: number;
      /** Told of every job's end: its queue, how long it ran and whether it succeeded (for /metrics). */
      observe?: (queue: string, seconds: number, ok: boolean) => void;
    } = {},
  ) {
    this.observe = opts.observe;
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.track(pool.query(text, values)) },
      schema: 'pgboss',
      // One process's maintenance is enough, but every process supervises so any may die.
      supervise: true,
      schedule: true,
      maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? MAINTENANCE_SECONDS,
    });
    this.boss.on('error', (err) => {
      this.log.error({ err }, 'job queue error');
    });
  }

  async start(ctx: AppContext, workers: readonly JobWorker[] = JOB_WORKERS): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const w of workers) {
      await this.boss.createQueue(w.queue);
      // createQueue leaves an existing queue as it is: set the expiry on queues made by older versions too.
      if (w.expireInSeconds)
        await this.boss.updateQueue(w.queue, { name: w.queue, expireInSeconds: w.expireInSeconds });
      const workerIds: string[] = [];
      const batchSize = w.batchSize ?? 1;
      const run = async (jobs: PgBoss.Job<unknown>[]) => {
        // A full batch means more may be waiting: the poller fetches again at once instead of after
        // its interval, so a burst drains at the handlers' speed rather than one batch per interval.
        if (jobs.length >= batchSize) for (const id of workerIds) this.boss.notifyWorker(id);
        const done = await Promise.allSettled(jobs.map((job) => this.timed(w.queue, w.handle(ctx, job.data))));
        const [only] = done;
        if (jobs.length === 1 && only?.status === 'rejected') throw only.reason;
        // pg-boss completes the batch's jobs that are still active: fail (and so retry) only the ones that threw.
        for (const [i, job] of jobs.entries()) {
          const r = done[i];
          if (r?.status !== 'rejected') continue;
          this.log.error({ err: r.reason, queue: w.queue }, 'job failed');
          await this.boss.fail(w.queue, job.id, {
            message: r.reason instanceof Error ? r.reason.message : String(r.reason),
          });
        }
      };
      for (let i = 0; i < (w.concurrency ?? 1); i++) {
        workerIds.push(
          await this.boss.work(w.queue, { batchSize, pollingIntervalSeconds: w.pollSeconds ?? 0.5 }, (jobs) =>
            this.track(run(jobs)),
          ),
        );
      }
      if (w.cron) await this.boss.schedule(w.queue, w.cron, {});
      if (w.onStart)
        await w.onStart(ctx).catch((err: unknown) => {
          this.log.error({ err, queue: w.queue }, 'queue start hook failed');
        });
      // Time-driven queues also run when the test clock moves (TEST_CLOCK=1), not only on the next minute.
      if (w.cron && ctx.config.testClock) {
        const wake = () => {
          workerIds.forEach((id) => {
            this.boss.notifyWorker(id);
          });
        };
        this.unsubscribe.push(clock.onAdvance(() => void this.boss.send(w.queue, {}).then(wake, () => {})));
      }
    }
  }

  /** Enqueue outside any transaction. */
  async send(queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
    return this.boss.send(queue, data, options);
  }

  /** Enqueue inside `tx`: the job exists only if the transaction commits. */
  async sendInTx(tx: TxLike, queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
    return this.boss.send(queue, data, { ...options, db: txExecutor(tx) });
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const off of this.unsubscribe.splice(0)) off();
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
    // pg-boss's stop gives up on a handler after its timeout, and marks a finished job complete (or
    // failed) without awaiting that statement: wait for both, so the caller may close the pool after
    // this (a statement on a closed pool is an unhandled rejection inside pg-boss). A handler's end
    // sends its completion a few ticks later, hence the rounds.
    const until = Date.now() + STOP_WAIT_MS;
    while (this.inFlight.size && Date.now() < until) {
      await Promise.race([
        Promise.allSettled([...this.inFlight]),
        new Promise((r) => setTimeout(r, until - Date.now()).unref()),
      ]);
      await new Promise((r) => setImmediate(r));
    }
  }

  private timed(queue: string, work: Promise<void>): Promise<void> {
    const observe = this.observe;
    if (!observe) return work;
    const began = performance.now();
    const end = (ok: boolean) => {
      observe(queue, (performance.now() - began) / 1000, ok);
    };
    work.then(
      () => {
        end(true);
      },
      () => {
        end(false);
      },
    );
    return work;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const settled = () => void this.inFlight.delete(work);
    work.then(settled, settled);
    return work;
  }
}
