/**
 * `npm run backup [file]` and `npm run restore <file>`: the embedded database and the uploads of
 * DATA_DIR as one .tar.gz, and back.
 *
 * A backup is taken while no server holds the data dir: it takes the data dir's lock itself (so no
 * server starts meanwhile) and refuses while an Atrium process holds it, or while a PostgreSQL of an
 * earlier run still runs on it. The cluster's files are then still, so the copy is consistent (a
 * cluster left by a crash is copied as it is and recovers on its next start, as it would have).
 * A restore writes into an empty (or absent) data dir only, never over one: it unpacks into a temp
 * dir beside it and renames that into place, so a broken archive leaves nothing behind; restored
 * files lose setuid, setgid and world-write bits.
 *
 * With DATABASE_URL (an external server) there is nothing embedded to copy: back that server up with
 * its own tools (pg_dump / pg_restore, or pg_basebackup) and copy DATA_DIR/uploads beside it. Uploads
 * kept elsewhere (STORAGE_URL: an S3 bucket, another folder) are not in the archive; it says so.
 *
 * Exit codes: 0 done, 2 a wrong argument or setting (or nothing to copy), 3 the data dir is in use.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DataDirInUseError, lockDataDir } from '../src/server/db/datadir-lock';
import { isPostgresOf, isRunning } from '../src/server/db/proc';
import type { Config } from '../src/server/config';
import { configOrRefusal, Refusal, reportFailure } from './refusal';

/**
 * What a backup holds, relative to the data dir: the cluster, its superuser's password and the
 * uploads, without run-time files. It holds the JWT secret and every live session too: it is written
 * readable by its owner only (0600).
 */
const PARTS = ['pg', 'pg-password', 'uploads'];
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
  // An earlier backup is never replaced: it may be the only good one.
  const exists = () => new Refusal(`${target} exists: name another file, or move that one away first.`, 2);
  if (fs.existsSync(target)) throw exists();
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
    // Created 0600 before tar writes into it (tar keeps an existing file's mode): never readable by others.
    fs.writeFileSync(partial, '', { mode: 0o600 });
    fs.chmodSync(partial, 0o600);
    refuseLivePostmaster(databaseDir);
    const parts = PARTS.filter((p) => fs.existsSync(path.join(dataDir, p)));
    execFileSync(
      'tar',
      ['-czf', partial, ...EXCLUDE.map((e) => `--exclude=./${e}`), '-C', dataDir, ...parts.map((p) => `./${p}`)],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    // A link, unlike a rename, fails when a file of that name appeared meanwhile.
    try {
      fs.linkSync(partial, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw exists();
      throw err;
    }
  } finally {
    fs.rmSync(partial, { force: true });
    lock.release();
  }
  console.log(`Backed up ${dataDir} to ${target} (${(fs.statSync(target).size / 1024 / 1024).toFixed(1)} MB).`);
}

/** The first line tar (or gzip) wrote to stderr, to say in one line why it failed. */
function tarFailure(err: unknown): string {
  const stderr = (err as { stderr?: Buffer | string }).stderr?.toString() ?? '';
  return (
    stderr.split('\n').find((l) => l.trim()) ??
    (err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err))
  );
}

/** Drops setuid, setgid and world-write bits under `dir`: an archive must not bring them onto this machine. */
function dropRiskyModes(dir: string): void {
  for (const entry of fs.readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, String(entry));
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) continue;
    const mode = stat.mode & 0o7777;
    if (mode & 0o6002) fs.chmodSync(file, mode & ~0o6002);
  }
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
  // Beside the target (the same file system, so the rename is atomic); a server started meanwhile on
  // DATA_DIR finds it empty, and the rename then fails rather than mixing two data dirs.
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const temp = fs.mkdtempSync(`${dataDir}.restore-`);
  try {
    try {
      // As root, tar keeps the files' owners: the cluster's stay the `postgres` user's, as PostgreSQL needs.
      execFileSync('tar', ['-xzf', source, '-C', temp], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (err) {
      throw new Refusal(`Could not restore ${source}: ${tarFailure(err)}`, 2);
    }
    if (!fs.existsSync(path.join(temp, 'pg', 'PG_VERSION')))
      throw new Refusal(`${source} held no embedded database (no pg/PG_VERSION).`, 2);
    dropRiskyModes(temp);
    // As root PostgreSQL runs as `postgres`, which must be able to enter the data dir.
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    fs.chmodSync(temp, isRoot ? 0o755 : 0o700);
    try {
      fs.renameSync(temp, dataDir); // replaces an empty dataDir
    } catch (err) {
      throw new Refusal(
        `Could not move the restored files into ${dataDir}: ${(err as NodeJS.ErrnoException).code ?? String(err)} (did a server start on it meanwhile?).`,
        2,
      );
    }
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
  console.log(`Restored ${source} into ${dataDir}; start Atrium with DATA_DIR=${dataDir}.`);
}

/** Where the uploads are when the archive does not hold them (STORAGE_URL elsewhere), else null. */
function uploadsElsewhere(config: Config): string | null {
  const s = config.storage;
  if (s.driver === 's3') return `s3://${s.bucket}/${s.prefix}`;
  return path.resolve(s.root) === path.join(config.dataDir, 'uploads') ? null : s.root;
}

function main(): void {
  const [command, file] = process.argv.slice(2);
  const config = configOrRefusal();
  const elsewhere = uploadsElsewhere(config);
  if (config.databaseUrl)
    throw new Refusal(
      `DATABASE_URL is set: Atrium uses that PostgreSQL server, not an embedded one. Back it up with its own tools (pg_dump, pg_basebackup) and the uploads ${elsewhere ? `in ${elsewhere} on the store's side` : 'by copying DATA_DIR/uploads'}.`,
      2,
    );
  if (command === 'backup') backup(config.dataDir, file);
  else if (command === 'restore') restore(file, config.dataDir);
  else throw new Refusal('Usage: backup.ts backup [file] | restore <file>', 2);
  // The archive holds DATA_DIR/uploads only: files kept elsewhere are the operator's to copy.
  if (elsewhere)
    console.log(
      `The uploads are in ${elsewhere}, not in the archive: back them up (or restore them) on the store's side.`,
    );
}

try {
  main();
} catch (err) {
  // Never a stack trace: an operator reads this at a terminal or in a job's log.
  reportFailure(err);
}
