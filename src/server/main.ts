import net from 'node:net';
import pino from 'pino';
import { buildApp } from './app';
import { LOG_REDACT } from './http/request-log';
import { ConfigError, loadConfig } from './config';
import { connect } from './db/client';
import { DataDirInUseError, ensureDatabase, startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded';
import { runMigrations } from './db/migrate';
import { checkDatabasePath, DatabasePathError, DirectConnectionError } from './db/pooler-check';
import { DEMO_ACCOUNTS, publishedDemoLogins, seedDemo } from './db/seed';
import { jwtSecret } from './secrets';
import { createStorage } from './integrations/storage';
import { isDatabaseUnavailable } from './http/errors';
import { logDestination } from './log';
import { databaseFailure, shownUrl } from './db/failure';

/** Exit code of a start refused because it would put the demo accounts on the network (docs/operations.md). */
const EXIT_DEMO_EXPOSED = 5;

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^(::ffff:)?127\./.test(host);

/**
 * The interface to listen on. The demo accounts' password is published, so while any of them has it
 * the server is reachable from this machine only: HOST unset means 127.0.0.1 then (else 0.0.0.0), and
 * a HOST of the network is refused.
 */
function listenHost(
  host: string | undefined,
  published: string[],
  seedDemo: boolean,
): { host: string } | { refused: string } {
  if (published.length === 0) return { host: host ?? '0.0.0.0' };
  if (host === undefined || isLoopback(host)) return { host: host ?? '127.0.0.1' };
  // With SEED_DEMO=0 the accounts come from an earlier seed of this data dir: the setting alone cannot help.
  const fix = seedDemo
    ? 'or start with SEED_DEMO=0 and make the administrator with npm run create-admin'
    : 'or, as this data dir was seeded with them earlier, change their passwords in the app first (Administration › Users; or start on a new DATA_DIR and make the administrator with npm run create-admin)';
  return {
    refused: `HOST=${host} would put the demo logins (${published.join(', ')}), whose password is published, on the network: leave HOST unset to try Atrium on this machine, ${fix} (docs/operations.md, Security checklist).`,
  };
}

/** Exit codes of a start that cannot listen (PORT/HOST) or reach its database (DATABASE_URL); docs/operations.md. */
const EXIT_LISTEN = 6;
const EXIT_DATABASE = 7;

/** The one line of a listen that failed on a setting (PORT, HOST), or undefined for any other error. */
function listenFailure(err: unknown, host: string, port: number): string | undefined {
  const code = (err as { code?: string }).code;
  if (code === 'EADDRINUSE')
    return `PORT=${port}: the port is in use on ${host} by another process: stop it or set another PORT.`;
  if (code === 'EACCES') return `PORT=${port}: this user may not listen on that port: set PORT to 1024 or more.`;
  if (code === 'EADDRNOTAVAIL')
    return `HOST=${host}: not an address of this machine: set HOST to one of its addresses, or leave it unset.`;
  return undefined;
}

/**
 * Binds the port for a moment before anything else starts, so that a port in use is said at once, not
 * after the database has been made, migrated and seeded. (HOST unset: loopback, which an address in use
 * on any interface also refuses.) The real listen later still reports what changed meanwhile.
 */
function listenProbe(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (err) => {
      resolve(listenFailure(err, host, port));
    });
    probe.listen({ port, host, exclusive: true }, () => {
      probe.close(() => {
        resolve(undefined);
      });
    });
  });
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

  const portProblem = await listenProbe(config.host ?? '127.0.0.1', config.port);
  if (portProblem !== undefined) {
    log.fatal(portProblem);
    console.error(portProblem);
    process.exit(EXIT_LISTEN);
  }

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
    // A stop during the start closes the database under the check: that stop exits, not this failure.
    if (stopping) return;
    if (err instanceof DatabasePathError) {
      log.fatal(err.message);
      console.error(err.message);
      await pool.end().catch(() => {});
      await embedded?.stop().catch(() => {});
      process.exit(2);
    }
    // The first statement is the first contact: a refused or unreachable database is a setting to fix.
    const cause = err instanceof DirectConnectionError ? err.cause : err;
    const directUrl = err instanceof DirectConnectionError ? config.databaseDirectUrl : undefined;
    const message =
      directUrl !== undefined
        ? databaseFailure(cause, directUrl, 'DATABASE_DIRECT_URL')
        : databaseFailure(cause, databaseUrl, embedded ? 'the embedded database' : 'DATABASE_URL');
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
  const listen = listenHost(config.host, published, config.seedDemo);
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
    const message = listenFailure(err, listen.host, config.port);
    if (message === undefined) throw err;
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
