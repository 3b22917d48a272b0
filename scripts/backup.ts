/**
 * `npm run backup [file]` and `npm run restore <file>`: the embedded database and the uploads of
 * DATA_DIR as one .tar.gz, and back.
 *
 * A backup is taken while no server holds the data dir: it takes the data dir's lock itself (so no
 * server starts meanwhile) and refuses while an Atrium process holds it, or while a PostgreSQL of an
 * earlier run still runs on it. The cluster's files are then still, so the copy is consistent (a
 * cluster left by a crash is copied as it is and recovers on its next start, as it would have).
 * A restore writes into an empty (or absent) data dir only, never over one.
 *
 * With DATABASE_URL (an external server) there is nothing embedded to copy: back that server up with
 * its own tools (pg_dump / pg_restore, or pg_basebackup) and copy DATA_DIR/uploads beside it.
 *
 * Exit codes: 0 done, 2 a wrong argument or setting (or nothing to copy), 3 the data dir is in use.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { DataDirInUseError, lockDataDir } from '../src/server/db/datadir-lock';
import { isPostgresOf, isRunning } from '../src/server/db/proc';

class Refusal extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** What a backup holds, relative to the data dir: the cluster and the uploads, without run-time files. */
const PARTS = ['pg', 'uploads'];
const EXCLUDE = ['pg/postmaster.pid', 'uploads/.incoming'];

function stamp(): string {
  return new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** Refuses while a PostgreSQL still runs on the cluster (one an earlier Atrium run left behind). */
function refuseLivePostmaster(databaseDir: string): void {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isRunning(pid) && isPostgresOf(pid, databaseDir))
    throw new Refusal(
      `A PostgreSQL (pid ${pid}) still runs on ${databaseDir}, left by an earlier run: start Atrium once and stop it, then back up.`,
      3,
    );
}

function backup(dataDir: string, file: string | undefined): void {
  const databaseDir = path.join(dataDir, 'pg');
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION')))
    throw new Refusal(`There is no embedded database in ${dataDir} (no pg/PG_VERSION): nothing to back up.`, 2);
  const target = path.resolve(file ?? `atrium-backup-${stamp()}.tar.gz`);
  let lock: { release: () => void };
  try {
    lock = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirInUseError)
      throw new Refusal(`${err.message} A backup copies the data dir while no server holds it.`, 3);
    throw err;
  }
  const partial = `${target}.partial`;
  try {
    refuseLivePostmaster(databaseDir);
    const parts = PARTS.filter((p) => fs.existsSync(path.join(dataDir, p)));
    execFileSync(
      'tar',
      ['-czf', partial, ...EXCLUDE.map((e) => `--exclude=./${e}`), '-C', dataDir, ...parts.map((p) => `./${p}`)],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
    lock.release();
  }
  console.log(`Backed up ${dataDir} to ${target} (${(fs.statSync(target).size / 1024 / 1024).toFixed(1)} MB).`);
}

function restore(file: string | undefined, dataDir: string): void {
  if (!file) throw new Refusal('Usage: npm run restore <file> (a file written by npm run backup).', 2);
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Refusal(`${source} does not exist.`, 2);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
    throw new Refusal(
      `The data directory ${dataDir} is not empty: a restore goes into an empty one. Set DATA_DIR to a new directory, or move this one aside.`,
      2,
    );
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    // As root, tar keeps the files' owners: the cluster's stay the `postgres` user's, as PostgreSQL needs.
    execFileSync('tar', ['-xzf', source, '-C', dataDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (err) {
    for (const p of PARTS) fs.rmSync(path.join(dataDir, p), { recursive: true, force: true });
    throw err;
  } finally {
    lock.release();
  }
  if (!fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION')))
    throw new Refusal(`${source} held no embedded database (no pg/PG_VERSION).`, 2);
  // As root PostgreSQL runs as `postgres`, which must be able to enter the data dir.
  fs.chmodSync(dataDir, 0o755);
  console.log(`Restored ${source} into ${dataDir}; start Atrium with DATA_DIR=${dataDir}.`);
}

function main(): void {
  const [command, file] = process.argv.slice(2);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new Refusal(err.message, 2);
    throw err;
  }
  if (config.databaseUrl)
    throw new Refusal(
      'DATABASE_URL is set: Atrium uses that PostgreSQL server, not an embedded one. Back it up with its own tools (pg_dump, pg_basebackup) and copy DATA_DIR/uploads.',
      2,
    );
  if (command === 'backup') backup(config.dataDir, file);
  else if (command === 'restore') restore(file, config.dataDir);
  else throw new Refusal('Usage: backup.ts backup [file] | restore <file>', 2);
}

try {
  main();
} catch (err) {
  if (!(err instanceof Refusal)) throw err;
  console.error(err.message);
  process.exitCode = err.code;
}
