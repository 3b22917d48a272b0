import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from './embedded-postgres';
import lockfile from 'proper-lockfile';

export type EmbeddedCluster = {
  url: (database?: string) => string;
  stop: () => Promise<void>;
};

export class DataDirInUseError extends Error {}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

const PASSWORD = 'atrium-embedded';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A crashed Atrium can leave its PostgreSQL running, or its pid file behind. We hold the data-dir
 * lock, so that server is an orphan of ours: stop it (fast shutdown) before starting a new one, and
 * only then remove a stale pid file. Two postmasters on one data dir would corrupt it.
 */
async function clearStalePostmaster(databaseDir: string, log: (msg: string) => void) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
    log(`stopping the orphaned PostgreSQL (pid ${pid}) of an earlier run`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && alive(pid); i += 1) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) throw new Error(`PostgreSQL pid ${pid} still runs on ${databaseDir}; stop it first.`);
  }
  fs.rmSync(pidFile, { force: true });
}

const MB = 1024 * 1024;

/**
 * Settings for an application database on this machine rather than initdb's 128 MB defaults: the
 * hot tables (a million contacts, tasks, action entries) stay in PostgreSQL's own buffers instead of
 * being read again through the kernel, pages are cheap to reach at random (they are cached), and JIT
 * compilation, which costs more than it saves on short queries, is off.
 */
export function tuning(totalMemory: number): string[] {
  const sharedMb = Math.round(Math.min(1024, Math.max(128, totalMemory / 8 / MB)));
  const cacheMb = Math.round(Math.max(512, totalMemory / 2 / MB));
  return [`shared_buffers=${sharedMb}MB`, `effective_cache_size=${cacheMb}MB`, 'random_page_cost=1.1', 'jit=off'];
}

/**
 * Starts a real PostgreSQL cluster from the `embedded-postgres` binaries with its files under
 * `dataDir/pg`. A lock on the data dir keeps a second process from opening the same cluster.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (msg: string) => void,
  opts: { lock?: boolean } = {},
): Promise<EmbeddedCluster> {
  fs.mkdirSync(dataDir, { recursive: true });
  let release: (() => Promise<void>) | undefined;
  if (opts.lock !== false) {
    try {
      release = await lockfile.lock(dataDir, { lockfilePath: path.join(dataDir, 'atrium.lock'), stale: 15_000, update: 5_000 });
    } catch (err) {
      if ((err as { code?: string }).code !== 'ELOCKED') throw err;
      throw new DataDirInUseError(
        `The data directory ${dataDir} is in use by another Atrium process. Stop that process first, or set DATA_DIR to another directory.`,
      );
    }
  }
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
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      ...['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${useSocket ? socketDir : ''}`],
      ...tuning(os.totalmem()).flatMap((setting) => ['-c', setting]),
    ],
    onLog: () => {},
    onError: (m) => log(String(m)),
  });
  try {
    if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
    // As root the server runs as the `postgres` user (the owner of its files), which must create the socket.
    if (useSocket && isRoot) {
      const owner = fs.statSync(databaseDir);
      fs.chownSync(socketDir, owner.uid, owner.gid);
    }
    await clearStalePostmaster(databaseDir, log);
    await pg.start();
  } catch (err) {
    await release?.();
    throw err;
  }
  const url = (database = 'postgres') =>
    useSocket
      ? `postgresql://postgres:${PASSWORD}@localhost/${database}?host=${encodeURIComponent(socketDir)}&port=${port}`
      : `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    url,
    stop: async () => {
      try {
        await pg.stop();
      } finally {
        await release?.();
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
