import pino from 'pino';
import { buildApp } from './app';
import { LOG_REDACT } from './http/request-log';
import { ConfigError, loadConfig } from './config';
import { connect } from './db/client';
import { DataDirInUseError, ensureDatabase, startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded';
import { runMigrations } from './db/migrate';
import { checkDatabasePath, DatabasePathError } from './db/pooler-check';
import { DEMO_ACCOUNTS, publishedDemoLogins, seedDemo } from './db/seed';
import { jwtSecret } from './secrets';
import { createStorage } from './integrations/storage';
import { isDatabaseUnavailable } from './http/errors';
import { logDestination } from './log';

/** Exit code of a start refused because it would put the demo accounts on the network (docs/operations.md). */
const EXIT_DEMO_EXPOSED = 5;

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^(::ffff:)?127\./.test(host);

/**
 * The interface to listen on. The demo accounts' password is published, so while any of them has it
 * the server is reachable from this machine only: HOST unset means 127.0.0.1 then (else 0.0.0.0), and
 * a HOST of the network is refused.
 */
function listenHost(host: string | undefined, published: string[]): { host: string } | { refused: string } {
  if (published.length === 0) return { host: host ?? '0.0.0.0' };
  if (host === undefined || isLoopback(host)) return { host: host ?? '127.0.0.1' };
  return {
    refused: `HOST=${host} would put the demo logins (${published.join(', ')}), whose password is published, on the network: leave HOST unset to try Atrium on this machine, or start with SEED_DEMO=0 and make the administrator with npm run create-admin (docs/operations.md, Security checklist).`,
  };
}

/** Exit codes of a start that cannot listen (PORT/HOST) or reach its database (DATABASE_URL); docs/operations.md. */
const EXIT_LISTEN = 6;
const EXIT_DATABASE = 7;

/** A database URL as it may be shown: user, host, port and database, never the password. */
function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    const socket = u.searchParams.get('host');
    return `${u.username ? `${decodeURIComponent(u.username)}@` : ''}${socket ?? u.host}${u.pathname}`;
  } catch {
    return 'an unparsable URL';
  }
}

/** One line saying why the database refused or could not be reached, and what to do. */
function databaseFailure(err: unknown, url: string, setting: string): string {
  const code = (err as { code?: string }).code;
  const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
  const hint =
    code === '28P01' || code === '28000'
      ? 'the user or password is wrong'
      : code === '3D000'
        ? 'that database does not exist: create it (createdb) or name another'
        : code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH'
          ? 'is PostgreSQL running there, on that host and port?'
          : 'check that PostgreSQL runs and the URL is right';
  return `${setting}: cannot use the database ${shownUrl(url)}: ${why} (${hint}).`;
}

/** How long a stop waits for the pool's clients before it stops the database anyway. */
const POOL_END_WAIT_MS = 5_000;

/** How long in-flight requests may take once the listener has closed, before the stop is forced. */
const REQUESTS_WAIT_MS = 15_000;

/** Exit code of a forced stop: a second signal, or requests still running REQUESTS_WAIT_MS after the listener closed. */
const EXIT_FORCED = 8;

/** The signals that stop Atrium: service managers send SIGTERM, a terminal SIGINT (Ctrl-C) or SIGHUP (closed). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Set once a stop has begun: a start still under way is then not reported as failed. */
let stopping = false;

/** The embedded database of this start, stopped on every exit (main's failure too). */
let embeddedCluster: EmbeddedCluster | undefined;

/**
 * A signal within this time of the first is the same stop, not a second one: one Ctrl-C reaches the
 * server from the terminal and again from `npm start`, which passes SIGINT and SIGTERM on to it.
 */
const SAME_STOP_MS = 1_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const destination = logDestination();
  const log = pino({ level: config.logLevel, redact: LOG_REDACT }, destination);

  // What a stop closes, in this order, as far as the start has got.
  const open: { app?: Awaited<ReturnType<typeof buildApp>>; pool?: ReturnType<typeof connect>['pool'] } = {};
  let embedded: EmbeddedCluster | undefined;
  // Read through a function: force() sets it while a stop awaits.
  let isForced = false;
  const forced = () => isForced;

  /**
   * Every exit once the start has begun: the embedded database is stopped first (it runs in a process
   * group of its own, so nothing else stops it; should this process end some other way, the cluster's
   * exit hook still asks it to stop).
   */
  const exitAfterStop = async (code: number): Promise<never> => {
    await embedded?.stop().catch((err: unknown) => {
      log.error({ err }, 'the embedded database could not be stopped');
    });
    process.exit(code);
  };

  /** A stop that cannot wait for the requests in flight: one line says why; the database is stopped all the same. */
  const force = (why: string) => {
    if (forced()) return;
    isForced = true;
    const message = `${why}: stopping at once (requests still running are cut off), exit code ${EXIT_FORCED}`;
    log.error(message);
    void exitAfterStop(EXIT_FORCED);
  };

  /**
   * A graceful stop: /healthz answers 503 for DRAIN_SECONDS (a load balancer stops sending), then the
   * listener closes and the requests in flight finish, then the pool and the database stop; exit 0.
   */
  let firstSignalAt = 0;
  const stop = async (signal: string) => {
    if (stopping) {
      if (Date.now() - firstSignalAt >= SAME_STOP_MS) force(`a second signal (${signal}) during the shutdown`);
      return;
    }
    stopping = true;
    firstSignalAt = Date.now();
    const app = open.app;
    if (!app) {
      // Nothing is served yet: what the start has opened is closed, and the start is not carried on.
      log.info({ signal }, 'stopping during the start');
      await exitAfterStop(0);
      return;
    }
    log.info(
      { signal, drainSeconds: config.drainSeconds },
      `shutting down: /healthz answers 503 for ${config.drainSeconds} s, then the listener closes`,
    );
    await sleep(config.drainSeconds * 1000);
    if (forced()) return;
    const timer = setTimeout(() => {
      force(`requests still running ${REQUESTS_WAIT_MS / 1000} s after the listener closed`);
    }, REQUESTS_WAIT_MS);
    timer.unref();
    await app.close();
    clearTimeout(timer);
    if (forced()) return;
    // pg's end waits for every client to come back; one lost mid-statement in a database crash may not,
    // so the wait is bounded and the database's own stop below closes whatever is left.
    await Promise.race([open.pool?.end(), sleep(POOL_END_WAIT_MS)]);
    if (forced()) return;
    await embedded?.stop();
    if (forced()) return;
    log.info('stopped');
    process.exit(0);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => void stop(signal));
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception');
    console.error(err);
    void exitAfterStop(1);
  });
  // pg-boss marks a finished job complete without awaiting it (manager.js, work()): while PostgreSQL
  // restarts, that rejection is unhandled and would end the process. A lost database connection is
  // survivable (the job expires and runs again); any other unhandled rejection still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn(
        { reason: reason instanceof Error ? reason.message : String(reason) },
        'background database call failed while the database was unavailable',
      );
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection');
    console.error(reason);
    void exitAfterStop(1);
  });

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.info({ dataDir: config.dataDir }, 'starting embedded PostgreSQL');
    try {
      embedded = await startEmbeddedPostgres(
        config.dataDir,
        (m) => {
          log.warn({ pg: m }, 'postgres');
        },
        {
          // Ctrl-C and group signals reach Atrium only, which stops the database after draining.
          ownGroup: true,
          supervise: {
            restartTimeoutMs: config.dbRestartTimeoutSeconds * 1000,
            // Nothing more to do in this process: exit, so that its supervisor (systemd, Docker, …) starts it afresh.
            onGiveUp: (reason) => {
              log.fatal(`${reason}; exiting so that the process is started again`);
              const force = setTimeout(() => process.exit(4), 15_000);
              force.unref();
              void embedded
                ?.stop()
                .catch(() => {})
                .finally(() => process.exit(4));
            },
          },
        },
      );
    } catch (err) {
      if (err instanceof DataDirInUseError) {
        log.fatal(err.message);
        console.error(err.message);
        process.exit(3);
      }
      throw err;
    }
    embeddedCluster = embedded;
    await ensureDatabase(embedded.url(), 'atrium');
    databaseUrl = embedded.url('atrium');
  }

  log.info(`connecting to the database ${shownUrl(databaseUrl)}`);
  const connection = connect(databaseUrl, 20, config.dbPipelineLanes, undefined, {
    directUrl: config.databaseDirectUrl,
    namedStatements: config.dbNamedStatements,
  });
  const { db } = connection;
  const { pool } = connection;
  open.pool = pool;
  try {
    // Before the migrations: a pooler where a session is needed is a setting to fix, not something to wait on.
    await checkDatabasePath(pool, {
      directUrlSet: config.databaseDirectUrl !== undefined,
      namedStatements: config.dbNamedStatements,
    });
  } catch (err) {
    if (err instanceof DatabasePathError) {
      log.fatal(err.message);
      console.error(err.message);
      await pool.end().catch(() => {});
      await embedded?.stop().catch(() => {});
      process.exit(2);
    }
    // The first statement is the first contact: a refused or unreachable database is a setting to fix.
    const message = databaseFailure(err, databaseUrl, embedded ? 'the embedded database' : 'DATABASE_URL');
    log.fatal(message);
    console.error(message);
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(EXIT_DATABASE);
  }
  await runMigrations(pool, log);
  // Decided before seeding, so that a refused start leaves no demo accounts behind.
  const published =
    config.host !== undefined && isLoopback(config.host) ? [] : await publishedDemoLogins(db, config.seedDemo);
  const listen = listenHost(config.host, published);
  if ('refused' in listen) {
    log.fatal(listen.refused);
    console.error(listen.refused);
    await pool.end();
    await embedded?.stop();
    process.exit(EXIT_DEMO_EXPOSED);
  }
  const secret = await jwtSecret(db, config.jwtSecret);
  if (config.seedDemo) {
    // The demo books' PDFs go where every upload goes (STORAGE_URL: this disk or the object store).
    const store = await createStorage(config, secret);
    const seeded = await seedDemo(db, { store }).finally(() => store.stop());
    if (seeded) log.info('seeded demo data');
  }
  if (config.seedDemo) {
    // Their password is in the README, never in a log: logs travel further than this machine.
    log.info(
      { demoLogins: DEMO_ACCOUNTS.map((a) => a.email) },
      `demo logins: ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')} (their password is in the README)`,
    );
  }
  if (config.host === undefined && published.length > 0) {
    log.info(
      `listening on ${listen.host} only while the demo logins have their published password (docs/operations.md, Security checklist)`,
    );
  }
  const cluster = embedded;
  const served = await buildApp({
    db,
    config,
    secret,
    logger: { level: config.logLevel, redact: LOG_REDACT, ...(destination && { stream: destination }) },
    ...(cluster && { databaseState: () => cluster.state() }),
    draining: () => stopping,
  });
  if (stopping) return; // a signal came during the start: its stop is under way
  open.app = served;

  try {
    await served.listen({ port: config.port, host: listen.host });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') throw err;
    const message =
      code === 'EADDRINUSE'
        ? `PORT=${config.port}: the port is in use on ${listen.host} by another process: stop it or set another PORT.`
        : code === 'EACCES'
          ? `PORT=${config.port}: this user may not listen on that port: set PORT to 1024 or more.`
          : `HOST=${listen.host}: not an address of this machine: set HOST to one of its addresses, or leave it unset.`;
    log.fatal(message);
    console.error(message);
    // Nothing left running: the embedded database of this start is stopped too.
    stopping = true;
    await served.close().catch(() => {});
    await pool.end().catch(() => {});
    await exitAfterStop(EXIT_LISTEN);
  }
  log.info(`Atrium is running on ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  // A stop during the start closes what the start uses: what then fails is not the start's failure.
  if (stopping) return;
  // Never a bare `undefined`: a rejection without an Error still says that the start failed.
  console.error(err instanceof Error ? err : `Atrium could not start: ${String(err)}`);
  // A cluster still starting is asked to stop by its exit hook (db/embedded.ts).
  void (embeddedCluster?.stop() ?? Promise.resolve()).catch(() => {}).finally(() => process.exit(1));
});
