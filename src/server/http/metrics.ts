import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolUsage } from '../db/client';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Sources = {
  pool: pg.Pool;
  /** Open push streams (the staff's live bell) in this process. */
  streams: () => number;
};

/**
 * Prometheus metrics of this process (prom-client, a registry of its own): requests by operation and
 * status with their latency, the database pool and its lanes, pg-boss's queues and job durations,
 * running imports' rows per second, open push streams, and Node's own (memory, event-loop lag, GC).
 * The database's figures are read when scraped.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'operation' | 'method' | 'status'>;
  private readonly jobs: Histogram<'queue' | 'result'>;

  constructor(sources: Sources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'atrium_http_request_duration_seconds',
      help: 'Requests by operation (the contract operationId, else the route), method and status: count and time to the last byte',
      labelNames: ['operation', 'method', 'status'],
      buckets: SECONDS,
      registers,
    });
    this.jobs = new Histogram({
      name: 'atrium_job_duration_seconds',
      help: 'Background jobs run by this process, by queue and result (ok, failed)',
      labelNames: ['queue', 'result'],
      buckets: [...SECONDS, 60, 300],
      registers,
    });
    new Gauge({
      name: 'atrium_db_pool_connections',
      help: 'The database pool: its connections (total, idle) and the requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const u = poolUsage(sources.pool);
        this.set({ state: 'total' }, u.total);
        this.set({ state: 'idle' }, u.idle);
        this.set({ state: 'waiting' }, u.waiting);
      },
    });
    new Gauge({
      name: 'atrium_db_lanes',
      help: 'The pipelined lanes (DB_PIPELINE_LANES): connected lanes, and statements out on them now',
      labelNames: ['state'],
      registers,
      collect() {
        const lanes = poolUsage(sources.pool).lanes;
        this.set({ state: 'open' }, lanes?.open ?? 0);
        this.set({ state: 'statements_out' }, lanes?.out ?? 0);
      },
    });
    new Counter({
      name: 'atrium_db_statements_total',
      help: 'Single statements outside transactions, by where they ran: on a lane or on a pooled connection (with lanes on)',
      labelNames: ['on'],
      registers,
      collect() {
        const lanes = poolUsage(sources.pool).lanes;
        this.reset();
        this.inc({ on: 'lane' }, lanes?.sent ?? 0);
        this.inc({ on: 'pool' }, lanes?.pooled ?? 0);
      },
    });
    new Gauge({
      name: 'atrium_push_streams',
      help: 'Open push streams (the staff’s live bell) in this process',
      registers,
      collect() {
        this.set(sources.streams());
      },
    });
    new Gauge({
      name: 'atrium_job_queue_jobs',
      help: 'pg-boss jobs waiting (created, retry) or running (active), by queue (shared by every process on the database)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        const { rows } = await sources.pool.query<{ name: string; state: string; n: number }>(
          `select name, state::text, count(*)::int as n from pgboss.job
           where state in ('created', 'retry', 'active') group by name, state`,
        );
        for (const r of rows) this.set({ queue: r.name, state: r.state }, r.n);
      },
    });
    new Gauge({
      name: 'atrium_imports_running',
      help: 'CSV imports running now (in any process on the database)',
      registers,
      async collect() {
        const { rows } = await sources.pool.query<{ n: number }>(
          `select count(*)::int as n from user_imports where status = 'running'`,
        );
        this.set(rows[0]?.n ?? 0);
      },
    });
    new Gauge({
      name: 'atrium_import_rows_per_second',
      help: 'Rows per second of the running imports together (rows done since each started)',
      registers,
      async collect() {
        const { rows } = await sources.pool.query<{ rate: number }>(
          `select coalesce(sum((success + skipped) / greatest(extract(epoch from now() - started_at), 1)), 0)::float8 as rate
           from user_imports where status = 'running'`,
        );
        this.set(rows[0]?.rate ?? 0);
      },
    });
  }

  request(operation: string, method: string, status: number, seconds: number): void {
    this.requests.observe({ operation, method, status: String(status) }, seconds);
  }

  job(queue: string, seconds: number, ok: boolean): void {
    this.jobs.observe({ queue, result: ok ? 'ok' : 'failed' }, seconds);
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics: the Prometheus text, only with `Authorization: Bearer <METRICS_TOKEN>`; without
 * METRICS_TOKEN, or without the right token, it answers 404 like any unknown path.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined, metrics: Metrics | undefined): void {
  const want = token ? digest(`Bearer ${token}`) : undefined;
  app.get('/metrics', async (req: FastifyRequest, reply: FastifyReply) => {
    const given = req.headers.authorization;
    if (!want || !metrics || !given || !timingSafeEqual(digest(given), want))
      return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
  if (!metrics) return;
  app.addHook('onResponse', (req, reply, done) => {
    const operation = req.routeOptions.config.operationId ?? req.routeOptions.url ?? 'unmatched';
    metrics.request(operation, req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
