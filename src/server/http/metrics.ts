import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolUsage } from '../db/client';
import { t } from '../i18n';
import { APP_ROOT } from '../paths';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** How long a scrape waits for the database's figures before it reports the database down. */
const DATABASE_READ_MS = 3_000;
/** The states of pg-boss jobs reported, each present (at zero) for every queue. */
const JOB_STATES = ['created', 'retry', 'active'] as const;
/** The route label of a request no route took (as fastify-metrics names it). */
const UNKNOWN_ROUTE = '__unknown__';
// prom-client's sums of nodejs_active_{handles,requests,resources}: gauges with a counter's suffix,
// which `promtool check metrics` refuses; the per-type gauges stay.
const NOT_GAUGE_NAMES = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

const VERSION = (JSON.parse(fs.readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

type Sources = {
  pool: pg.Pool;
  /** Open push streams (the staff's live bell) in this process. */
  streams: () => number;
  /** The LISTEN connections this process keeps, by channel: whether each listens now. */
  listening: () => Record<string, boolean>;
  /** The embedded database's supervisor state (up, restarting, failed): not read while it is not up. */
  databaseState?: (() => string) | undefined;
};

/** What the scrape reads from the database; the last values read stay while it cannot be read. */
type DatabaseFigures = {
  queues: Array<{ queue: string; state: string; n: number }>;
  imports: { running: number; rate: number };
};

/**
 * Prometheus metrics of this process (prom-client, a registry of its own): requests as fastify-metrics
 * names them (http_request_duration_seconds{method,route,status_code}, so stock dashboards work) and
 * those in flight, the database pool and its lanes, whether the database and the LISTEN connections
 * are up, pg-boss's queues and job durations, running imports, open push streams, the build, and Node's
 * own (memory, event-loop lag, GC). The database's figures are read once per scrape; while it cannot
 * be read, atrium_database_up is 0 and they keep their last values, and the scrape still answers.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly jobs: Histogram<'queue' | 'result'>;
  /** What the collectors report, kept between scrapes. */
  private readonly now: { inFlight: number; databaseUp: boolean; figures: DatabaseFigures } = {
    inFlight: 0,
    databaseUp: false,
    figures: { queues: [], imports: { running: 0, rate: 0 } },
  };

  constructor(private readonly sources: Sources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    for (const name of NOT_GAUGE_NAMES) this.registry.removeSingleMetric(name);
    const now = this.now;
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Requests by method, route (the contract path; __unknown__ when no route took it) and status code: count and time to the last byte',
      labelNames: ['method', 'route', 'status_code'],
      buckets: SECONDS,
      registers,
    });
    new Gauge({
      name: 'atrium_http_requests_in_flight',
      help: 'Requests this process has begun and not yet finished answering (open push streams included)',
      registers,
      collect() {
        this.set(now.inFlight);
      },
    });
    this.jobs = new Histogram({
      name: 'atrium_job_duration_seconds',
      help: 'Background jobs run by this process, by queue and result (ok, failed)',
      labelNames: ['queue', 'result'],
      buckets: [...SECONDS, 60, 300],
      registers,
    });
    new Gauge({
      name: 'atrium_build_info',
      help: 'The running build: its version and Node.js version (always 1)',
      labelNames: ['version', 'node_version'],
      registers,
    }).set({ version: VERSION, node_version: process.version }, 1);
    new Gauge({
      name: 'atrium_database_up',
      help: 'Whether this scrape could read the database (1) or not (0: the database figures keep their last values)',
      registers,
      collect() {
        this.set(now.databaseUp ? 1 : 0);
      },
    });
    new Gauge({
      name: 'atrium_listen_connected',
      help: 'Whether each LISTEN connection of this process (session cache, push) listens now (1) or is being reopened (0)',
      labelNames: ['channel'],
      registers,
      collect() {
        this.reset();
        for (const [channel, live] of Object.entries(sources.listening())) this.set({ channel }, live ? 1 : 0);
      },
    });
    new Gauge({
      name: 'atrium_db_pool_connections',
      help: 'The database pool’s open connections: idle, or busy (checked out)',
      labelNames: ['state'],
      registers,
      collect() {
        const u = poolUsage(sources.pool);
        this.set({ state: 'idle' }, u.idle);
        this.set({ state: 'busy' }, u.total - u.idle);
      },
    });
    new Gauge({
      name: 'atrium_db_pool_max_connections',
      help: 'The most connections the database pool opens',
      registers,
      collect() {
        this.set(sources.pool.options.max);
      },
    });
    new Gauge({
      name: 'atrium_db_pool_waiting_requests',
      help: 'Requests waiting for a connection of the database pool',
      registers,
      collect() {
        this.set(poolUsage(sources.pool).waiting);
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
      help: 'pg-boss jobs waiting (created, retry) or running (active), by queue, every queue and state present (shared by every process on the database)',
      labelNames: ['queue', 'state'],
      registers,
      collect() {
        this.reset();
        for (const r of now.figures.queues) this.set({ queue: r.queue, state: r.state }, r.n);
      },
    });
    new Gauge({
      name: 'atrium_imports_running',
      help: 'CSV imports running now (in any process on the database)',
      registers,
      collect() {
        this.set(now.figures.imports.running);
      },
    });
    new Gauge({
      name: 'atrium_import_rows_per_second',
      help: 'Rows per second of the running imports together (rows done since each started)',
      registers,
      collect() {
        this.set(now.figures.imports.rate);
      },
    });
  }

  /** The Prometheus text: the database's figures read first (within DATABASE_READ_MS), the rest as they are. */
  async scrape(): Promise<string> {
    this.now.databaseUp = await this.readDatabase().then(
      (figures) => {
        this.now.figures = figures;
        return true;
      },
      () => false,
    );
    return this.registry.metrics();
  }

  private async readDatabase(): Promise<DatabaseFigures> {
    const state = this.sources.databaseState?.() ?? 'up';
    if (state !== 'up') throw new Error(`the database is ${state}`);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        reject(new Error('the database did not answer in time'));
      }, DATABASE_READ_MS);
    });
    const { pool } = this.sources;
    const read = Promise.all([
      pool.query<{ queue: string; state: string; n: number }>(
        `select q.name as queue, s.state, count(j.id)::int as n
         from pgboss.queue q cross join unnest($1::text[]) as s(state)
         left join pgboss.job j on j.name = q.name and j.state::text = s.state
         group by q.name, s.state order by q.name, s.state`,
        [JOB_STATES],
      ),
      pool.query<{ running: number; rate: number }>(
        `select count(*)::int as running,
                coalesce(sum((success + skipped) / greatest(extract(epoch from now() - started_at), 1)), 0)::float8 as rate
         from user_imports where status = 'running'`,
      ),
    ]);
    read.catch(() => {});
    try {
      const [queues, imports] = await Promise.race([read, late]);
      return { queues: queues.rows, imports: imports.rows[0] ?? { running: 0, rate: 0 } };
    } finally {
      clearTimeout(timer);
    }
  }

  /** A request has begun: in flight until its response closes (answered, or the connection lost). */
  begin(res: { once: (event: 'close', listener: () => void) => unknown }): void {
    this.now.inFlight += 1;
    res.once('close', () => {
      this.now.inFlight -= 1;
    });
  }

  request(route: string, method: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status_code: String(status) }, seconds);
  }

  job(queue: string, seconds: number, ok: boolean): void {
    this.jobs.observe({ queue, result: ok ? 'ok' : 'failed' }, seconds);
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics: the Prometheus text, only with `Authorization: Bearer <METRICS_TOKEN>`; without the
 * right token 401 with `WWW-Authenticate: Bearer` (a scraper's misconfiguration shows as such), and
 * without METRICS_TOKEN 404 like any unknown path.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined, metrics: Metrics | undefined): void {
  const want = token ? digest(`Bearer ${token}`) : undefined;
  app.get('/metrics', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!want || !metrics) return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    const given = req.headers.authorization;
    if (!given || !timingSafeEqual(digest(given), want))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ detail: t(req.lang, 'not_authenticated'), code: 'not_authenticated' });
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
  if (!metrics) return;
  app.addHook('onRequest', (_req, reply, done) => {
    metrics.begin(reply.raw);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    metrics.request(req.routeOptions.url ?? UNKNOWN_ROUTE, req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
