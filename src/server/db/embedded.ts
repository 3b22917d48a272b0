import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import EmbeddedPostgres from './embedded-postgres';
import { DataDirInUseError, lockDataDir } from './datadir-lock';
import { hasProc, isPostgresOf, isRunning, postgresProcessesOf, procStat } from './proc';

/** up: serving; restarting: the postmaster died and is being started again; failed: it could not be; stopped: shut down. */
type DatabaseState = 'up' | 'restarting' | 'failed' | 'stopped';

export type EmbeddedCluster = {
  url: (database?: string) => string;
  stop: () => Promise<void>;
  state: () => DatabaseState;
};

export type SuperviseOptions = {
  /** How long the database may stay down, restart attempts included, before Atrium gives up. */
  restartTimeoutMs: number;
  /** Called once when it could not be restarted in time: the process should exit non-zero for its supervisor. */
  onGiveUp: (reason: string) => void;
  /** How often the postmaster is looked at. */
  watchIntervalMs?: number;
};

export { DataDirInUseError };

/** A TCP port free on 127.0.0.1 right now (the embedded cluster's; tests' servers too). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => {
        resolve(typeof addr === 'object' && addr ? addr.port : 0);
      });
    });
  });
}

/**
 * The superuser password of clusters made before it was random: any local user could sign in with
 * it over TCP on 127.0.0.1. A cluster still using it is moved to a random one at its next start.
 */
const LEGACY_PASSWORD = 'atrium-embedded';

/** The cluster's random superuser password, in the data dir (0600; part of a backup, which is 0600 too). */
const PASSWORD_FILE = 'pg-password';

function readSecret(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Writes a secret readable by its owner only, whole or not at all. */
function writeSecret(file: string, value: string): string {
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, `${value}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600); // a mode given to writeFileSync is narrowed by the umask, never widened: make sure
  fs.renameSync(tmp, file);
  return value;
}

/** The superuser password of the embedded cluster in `dataDir`, once its first start has settled it. */
export function superuserPassword(dataDir: string): string | undefined {
  return readSecret(path.join(dataDir, PASSWORD_FILE));
}

function clusterUrl(opts: { password: string; port: number; socketDir?: string; database: string }): string {
  const password = encodeURIComponent(opts.password);
  return opts.socketDir
    ? `postgresql://postgres:${password}@localhost/${opts.database}?host=${encodeURIComponent(opts.socketDir)}&port=${opts.port}`
    : `postgresql://postgres:${password}@127.0.0.1:${opts.port}/${opts.database}`;
}

/**
 * The URL of the cluster an Atrium process runs on `dataDir` right now (its postmaster.pid names a live
 * PostgreSQL of that dir), for a command beside the server (npm run create-admin); undefined when none runs.
 */
export function runningClusterUrl(dataDir: string, database: string): string | undefined {
  const databaseDir = path.join(dataDir, 'pg');
  const password = superuserPassword(dataDir);
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!password || !Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return undefined;
  if (hasProc && !isPostgresOf(pid, databaseDir)) return undefined;
  return clusterUrl({ password, port: Number(lines[3]), socketDir: lines[4]?.trim() || undefined, database });
}

/** Whether the superuser signs in with `password`: false when refused, any other failure thrown. */
async function signsIn(url: string): Promise<boolean> {
  const { default: pgPkg } = await import('pg');
  const client = new pgPkg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === '28P01') return false; // invalid_password
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Settles the superuser password after the postmaster started: the one in `pending` (written before
 * initdb, or before an earlier move from the legacy password that may have been cut short) becomes
 * the stored one. A cluster that still takes the legacy password is moved to it first, so that the
 * old constant is refused from now on.
 */
async function settlePassword(
  url: (password: string) => string,
  pending: string,
  files: { pending: string; stored: string },
  log: (msg: string) => void,
) {
  if (!(await signsIn(url(pending)))) {
    if (!(await signsIn(url(LEGACY_PASSWORD))))
      throw new Error(
        `The embedded PostgreSQL refuses both its pending password (${files.pending}) and the old built-in one.`,
      );
    const { default: pgPkg } = await import('pg');
    const client = new pgPkg.Client({ connectionString: url(LEGACY_PASSWORD) });
    await client.connect();
    try {
      await client.query(`alter role postgres with password ${client.escapeLiteral(pending)}`);
    } finally {
      await client.end();
    }
    log(
      `the embedded PostgreSQL's superuser had the old built-in password: it now has a random one, kept in ${files.stored}`,
    );
  }
  fs.renameSync(files.pending, files.stored);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Stops a postmaster: fast shutdown (SIGINT), then immediate shutdown (SIGQUIT, crash recovery on the next start). */
async function stopPostmaster(pid: number, start: string | undefined, what: string) {
  const running = () => isRunning(pid, start);
  for (const [signal, waitMs] of [
    ['SIGINT', 10_000],
    ['SIGQUIT', 5_000],
  ] as const) {
    if (!running()) return;
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (const until = Date.now() + waitMs; running() && Date.now() < until;) await sleep(50);
  }
  if (running()) throw new Error(`${what} (pid ${pid}) still runs; stop it first.`);
}

/**
 * A crashed Atrium can leave its PostgreSQL running, or its pid file behind. We hold the data-dir
 * lock, so a server of this data dir is an orphan of ours: stop it before starting a new one (two
 * postmasters on one data dir would corrupt it). A pid file naming any other process is stale: that
 * process is left alone (the pid was given to it after ours ended) and the file removed, since
 * PostgreSQL would refuse to start while the pid it names lives.
 */
async function clearStalePostmaster(databaseDir: string, log: (msg: string) => void) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!isRunning(pid)) {
    // A postmaster killed with its parent (the whole process group) stays a zombie until init reaps
    // it; PostgreSQL's kill(pid, 0) takes a zombie for a live postmaster and refuses to start. Its
    // server processes are awaited (awaitOrphans) before the start, so the file is not needed for that.
    if (procStat(pid)?.state === 'Z') fs.rmSync(pidFile, { force: true });
    return; // PostgreSQL itself handles a dead pid (and checks its shared memory)
  }
  // Without /proc (not Linux) a live pid is all there is to go by.
  if (hasProc ? isPostgresOf(pid, databaseDir) : true) {
    log(`stopping the orphaned PostgreSQL (pid ${pid}) of an earlier run`);
    await stopPostmaster(pid, procStat(pid)?.start, `PostgreSQL on ${databaseDir}`);
  } else {
    log(
      `postmaster.pid names pid ${pid}, which is not PostgreSQL of ${databaseDir}: the file is stale and that process is left alone`,
    );
  }
  fs.rmSync(pidFile, { force: true });
}

/**
 * Server processes of a postmaster that was killed (by a crash, or with the whole process group) may
 * outlive it for a moment, still attached to its shared memory: a new postmaster refuses to start
 * until they are gone ("pre-existing shared memory block is still in use"). They end on their own
 * once they see their postmaster gone; any still there after a few seconds is killed (its postmaster
 * is dead, so the next start recovers from the crash anyway).
 */
async function awaitOrphans(databaseDir: string, log: (msg: string) => void) {
  let left = postgresProcessesOf(databaseDir);
  if (left.length === 0) return;
  for (const until = Date.now() + 5_000; left.length > 0 && Date.now() < until; left = postgresProcessesOf(databaseDir))
    await sleep(100);
  if (left.length === 0) return;
  log(`killing ${left.length} leftover PostgreSQL process(es) of ${databaseDir} (pids ${left.join(', ')})`);
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
  for (const until = Date.now() + 5_000; postgresProcessesOf(databaseDir).length > 0 && Date.now() < until;)
    await sleep(100);
}

/** The postmaster named by the pid file: its pid, and its status (line 8: starting, ready, stopping…). */
function readPostmaster(databaseDir: string): { pid: number; start?: string; status?: string } | undefined {
  try {
    const lines = fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    return Number.isInteger(pid) && pid > 0
      ? { pid, start: procStat(pid)?.start, status: lines[7]?.trim() }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The `postgres` program of embedded-postgres' package for this OS and CPU (one optional dependency per platform). */
async function postgresProgram(): Promise<string> {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const system = process.platform === 'win32' ? 'windows' : process.platform;
  const entry = fromEmbedded.resolve(`@embedded-postgres/${system}-${process.arch}`);
  return ((await import(pathToFileURL(entry).href)) as { postgres: string }).postgres;
}

/** As root PostgreSQL runs as the `postgres` user (embedded-postgres' initialise makes it with createPostgresUser). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts a postmaster, with `ownGroup` in a process group of its own (embedded-postgres' start spawns
 * it in ours): a terminal's Ctrl-C or a signal to this process group then reaches Atrium only, which
 * stops the database itself after the HTTP server has drained. Its server processes make groups of
 * their own anyway. Resolves when PostgreSQL says it is ready; rejects, with its last words, when it
 * exits before.
 */
async function spawnPostmaster(
  args: string[],
  ownGroup: boolean,
  onLines: (lines: string[]) => void,
  lastWords: () => string,
) {
  const program = await postgresProgram();
  const child = spawn(program, args, {
    detached: ownGroup,
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its messages are matched in English (as embedded-postgres does).
    env: { ...process.env, LC_MESSAGES: 'C' },
    ...postgresUser(),
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      onLines(text.split('\n').filter(Boolean));
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      // Its last lines may still be in the pipe: read them first.
      setTimeout(() => {
        reject(
          new Error(
            `PostgreSQL exited while starting (${signal ?? `code ${code}`}): ${lastWords() || 'it said nothing'}`,
          ),
        );
      }, 100);
    });
  });
}

const MB = 1024 * 1024;

/**
 * Settings for an application database on this machine rather than initdb's 128 MB defaults: the
 * hot tables (a million contacts, tasks, action entries) stay in PostgreSQL's own buffers instead of
 * being read again through the kernel, pages are cheap to reach at random (they are cached), and JIT
 * compilation, which costs more than it saves on short queries, is off.
 */
function tuning(totalMemory: number): string[] {
  const sharedMb = Math.round(Math.min(1024, Math.max(128, totalMemory / 8 / MB)));
  const cacheMb = Math.round(Math.max(512, totalMemory / 2 / MB));
  return [`shared_buffers=${sharedMb}MB`, `effective_cache_size=${cacheMb}MB`, 'random_page_cost=1.1', 'jit=off'];
}

/**
 * Starts a real PostgreSQL cluster from the `embedded-postgres` binaries with its files under
 * `dataDir/pg`. A lock on the data dir keeps a second process from opening the same cluster.
 *
 * With `supervise`, the postmaster is watched: when it dies (a kill, the OOM killer) it is started
 * again with a growing pause between attempts, and when that has not worked within
 * `restartTimeoutMs`, `onGiveUp` is told, so that the process can exit and its own supervisor start
 * everything afresh. Meanwhile requests fail fast with 503 (the pool's connections are refused).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (msg: string) => void,
  opts: {
    lock?: boolean;
    supervise?: SuperviseOptions;
    /**
     * The postmaster in a process group of its own, stopped by this process only (the server, which
     * drains first). Without it, it shares this process's group and so its fate: a script's or a test
     * run's Ctrl-C or group kill ends it too, leaving nothing behind.
     */
    ownGroup?: boolean;
    /** More `-c` settings for the postmaster (the test run's throwaway cluster gives up durability). */
    settings?: string[];
  } = {},
): Promise<EmbeddedCluster> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = opts.lock !== false ? lockDataDir(dataDir).release : undefined;
  const databaseDir = path.join(dataDir, 'pg');
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as a separate `postgres` user, which must be able to enter the data dir.
  if (isRoot) fs.chmodSync(dataDir, 0o755);
  // A Unix socket in the data dir: local queries skip the loopback TCP stack, which roughly doubles
  // the queries per second on a small machine. TCP stays on for tools; too long a path means TCP only.
  const socketDir = path.join(dataDir, 'run');
  const useSocket = process.platform !== 'win32' && Buffer.byteLength(`${socketDir}/.s.PGSQL.${port}`) < 100;
  if (useSocket) fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  // The superuser's password: the stored one, or one settled after this start (settlePassword).
  const passwordFiles = {
    stored: path.join(dataDir, PASSWORD_FILE),
    pending: path.join(dataDir, `${PASSWORD_FILE}.new`),
  };
  const stored = readSecret(passwordFiles.stored);
  const password =
    stored ??
    readSecret(passwordFiles.pending) ??
    writeSecret(passwordFiles.pending, crypto.randomBytes(24).toString('base64url'));
  // PostgreSQL's last words, to say why a start failed.
  let lastLines: string[] = [];
  const postgresFlags = [
    ...[
      '-c',
      'max_connections=200',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${useSocket ? socketDir : ''}`,
    ],
    ...[...tuning(os.totalmem()), ...(opts.settings ?? [])].flatMap((setting) => ['-c', setting]),
  ];
  // Only for initdb: the postmaster is started by spawnPostmaster.
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: (m) => {
      lastLines = [...lastLines, ...m.split('\n').filter(Boolean)].slice(-4);
    },
    onError: (m) => {
      log(String(m));
    },
  });
  // Under our lock no other server of this data dir runs: the socket files left by a killed one are
  // stale. On a restart the socket itself stays until the new server replaces it, so that clients
  // meanwhile are refused (a 503) rather than told it does not exist; its lock file goes, since the
  // pid it names may since belong to another process, which PostgreSQL would take for a live server.
  const clearSockets = (restart: boolean) => {
    if (!useSocket) return;
    for (const f of fs.readdirSync(socketDir)) {
      if (f.startsWith('.s.PGSQL.') && (!restart || f.endsWith('.lock')))
        fs.rmSync(path.join(socketDir, f), { force: true });
    }
  };
  /**
   * Starts the postmaster; it is ready when embedded-postgres sees "ready to accept connections" in
   * one chunk of PostgreSQL's output, or when the new postmaster says so in its pid file (a chunk may
   * split the line). Fails when PostgreSQL exits, or is not ready by the deadline.
   */
  const start = async (deadline: number, dead?: number) => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      spawnPostmaster(
        ['-D', databaseDir, '-p', String(port), ...postgresFlags],
        opts.ownGroup === true,
        (lines) => {
          lastLines = [...lastLines, ...lines].slice(-4);
        },
        () => lastLines.join(' | '),
      ),
      new Promise((resolve, reject) => {
        const look = () => {
          const now = readPostmaster(databaseDir);
          if (now && now.pid !== dead && now.status === 'ready' && isRunning(now.pid, now.start)) {
            resolve(undefined);
            return;
          }
          if (Date.now() >= deadline) {
            reject(new Error('not ready in time'));
            return;
          }
          timer = setTimeout(look, 200);
        };
        timer = setTimeout(look, 200);
      }),
    ]).finally(() => {
      clearTimeout(timer);
    });
    return readPostmaster(databaseDir);
  };
  /**
   * The first start: whatever an earlier run left behind (its postmaster, server processes of a killed
   * one) is stopped first. A start that fails while such leftovers still end is tried again a few times.
   */
  const startAfterCrash = async (deadline: number) => {
    for (let attempt = 1; ; attempt += 1) {
      await clearStalePostmaster(databaseDir, log);
      await awaitOrphans(databaseDir, log);
      clearSockets(false);
      lastLines = [];
      try {
        return await start(deadline);
      } catch (err) {
        if (attempt >= 3 || Date.now() >= deadline) throw err;
        log(`starting PostgreSQL failed (attempt ${attempt}), trying again: ${(err as Error).message}`);
        await sleep(1_000 * attempt);
      }
    }
  };
  // A postmaster in a process group of its own (ownGroup) does not end along with this process:
  // however this process exits (process.exit, an uncaught error), it asks PostgreSQL for
  // a fast shutdown, which PostgreSQL completes on its own. Only a SIGKILL leaves it running, and the
  // next start stops it (clearStalePostmaster).
  const stopOnExit = () => {
    const current = readPostmaster(databaseDir);
    if (!current || !(hasProc ? isPostgresOf(current.pid, databaseDir) : isRunning(current.pid))) return;
    try {
      process.kill(current.pid, 'SIGINT');
    } catch {
      // ended meanwhile
    }
  };
  process.on('exit', stopOnExit);
  let postmaster: { pid: number; start?: string } | undefined;
  try {
    if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      // initdb reads the password from a file embedded-postgres writes to the temp dir: keep it to
      // its owner. As root initdb runs as `postgres` and must read it, so there the file stays as it is.
      const umask = isRoot ? undefined : process.umask(0o077);
      try {
        await pg.initialise();
      } finally {
        if (umask !== undefined) process.umask(umask);
      }
    }
    // As root the server runs as the `postgres` user (the owner of its files), which must create the socket.
    if (useSocket && isRoot) {
      const owner = fs.statSync(databaseDir);
      fs.chownSync(socketDir, owner.uid, owner.gid);
    }
    postmaster = await startAfterCrash(Date.now() + 10 * 60_000);
    if (!stored) {
      await settlePassword(
        (p) => clusterUrl({ password: p, port, socketDir: useSocket ? socketDir : undefined, database: 'postgres' }),
        password,
        passwordFiles,
        log,
      );
    }
  } catch (err) {
    if (postmaster)
      await stopPostmaster(postmaster.pid, postmaster.start, `PostgreSQL on ${databaseDir}`).catch(() => {});
    process.removeListener('exit', stopOnExit);
    release?.();
    throw err;
  }

  let state: DatabaseState = 'up';
  let restarting: Promise<void> | undefined;
  // Ends the pause between restart attempts early when the cluster is stopped.
  let wake: (() => void) | undefined;
  const pauseFor = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, Math.max(0, ms));
    });
  const supervise = opts.supervise;
  // Read afresh after an await: stop() may change it meanwhile.
  const stateNow = (): DatabaseState => state;

  const restart = async (s: SuperviseOptions) => {
    const began = Date.now();
    const deadline = began + s.restartTimeoutMs;
    log(`PostgreSQL (pid ${postmaster?.pid}) has ended unexpectedly; restarting it`);
    let pause = 250;
    for (let attempt = 1; state === 'restarting'; attempt += 1) {
      // Its server processes end on their own once they see the postmaster gone; until then a new one refuses to start.
      await pauseFor(Math.min(pause, deadline - Date.now()));
      if (stateNow() !== 'restarting' || Date.now() >= deadline) break;
      lastLines = [];
      try {
        await clearStalePostmaster(databaseDir, log);
        clearSockets(true);
        postmaster = await start(deadline, postmaster?.pid);
        if (stateNow() !== 'restarting') break; // stopped meanwhile: stop() ends what was just started
        state = 'up';
        log(
          `PostgreSQL restarted (pid ${postmaster?.pid}) ${((Date.now() - began) / 1000).toFixed(1)} s after it ended, attempt ${attempt}`,
        );
        return;
      } catch (err) {
        log(
          `restarting PostgreSQL failed (attempt ${attempt}): ${[err instanceof Error ? err.message : undefined, ...lastLines].filter(Boolean).join(' | ') || 'it exited'}`,
        );
      }
      pause = Math.min(pause * 2, 5_000);
    }
    if (state !== 'restarting') return;
    state = 'failed';
    s.onGiveUp(`PostgreSQL could not be restarted within ${s.restartTimeoutMs / 1000} s`);
  };

  const watch =
    supervise &&
    setInterval(() => {
      if (state !== 'up' || !postmaster || isRunning(postmaster.pid, postmaster.start)) return;
      state = 'restarting';
      restarting = restart(supervise).finally(() => {
        restarting = undefined;
      });
    }, supervise.watchIntervalMs ?? 500);
  if (watch) watch.unref();

  const url = (database = 'postgres') =>
    clusterUrl({ password, port, socketDir: useSocket ? socketDir : undefined, database });
  return {
    url,
    state: () => state,
    stop: async () => {
      const was = state;
      state = 'stopped';
      if (watch) clearInterval(watch);
      wake?.();
      try {
        // A restart attempt in flight ends first (at once, or at its deadline), so that what it started is stopped too.
        if (was === 'restarting') await restarting;
        const current = readPostmaster(databaseDir) ?? postmaster;
        if (current && (hasProc ? isPostgresOf(current.pid, databaseDir) : isRunning(current.pid))) {
          await stopPostmaster(current.pid, current.start, `PostgreSQL on ${databaseDir}`);
        }
      } finally {
        process.removeListener('exit', stopOnExit);
        release?.();
      }
    },
  };
}

/** Creates the database named in `url` when it does not exist yet (the embedded default uses `atrium`). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pgPkg } = await import('pg');
  const client = new pgPkg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const r = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (r.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
