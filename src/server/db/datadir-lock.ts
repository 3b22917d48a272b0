import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hasProc, isRunning, procStat } from './proc';

export class DataDirInUseError extends Error {}

type Owner = { pid: number; start?: string };

/**
 * The data dir belongs to one Atrium process at a time. The lock file names that process by pid and
 * start time, so it is its own: while that process exists (running or paused) the dir is refused at
 * once, and once it is gone (a crash, kill -9) the next start takes the lock over at once, with no
 * staleness window to wait out and nothing to refresh on a timer (a paused owner cannot lose it).
 */
export function lockDataDir(dataDir: string): { release: () => void } {
  const file = path.join(dataDir, 'atrium.lock');
  const me: Owner = { pid: process.pid, ...(hasProc && { start: procStat(process.pid)?.start }) };
  const mine = JSON.stringify(me);
  const inUse = () =>
    new DataDirInUseError(
      `The data directory ${dataDir} is in use by another Atrium process. Stop that process first, or set DATA_DIR to another directory.`,
    );

  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (create(file, mine)) {
      return {
        release: () => {
          // Only our own lock: after a takeover by someone else (it cannot happen while we run) it is theirs.
          if (read(file) === mine) fs.rmSync(file, { force: true });
        },
      };
    }
    if (isDirectory(file)) {
      // The lock of an earlier Atrium version (proper-lockfile: a directory its owner touches every 5 s).
      if (Date.now() - mtime(file) < 15_000) throw inUse();
      fs.rmSync(file, { recursive: true, force: true });
      continue;
    }
    const text = read(file);
    if (text === undefined) continue; // removed meanwhile: try again
    const owner = parse(text);
    if (!owner) {
      // Being written right now by a process that has just created it (the fallback without hard links).
      if (Date.now() - mtime(file) < 5_000) {
        sleep(100);
        continue;
      }
    } else if (isRunning(owner.pid, owner.start)) {
      throw inUse();
    }
    // The owner is gone: take the lock over. Move the file aside first and look at what was moved, so
    // that of two processes starting together only one takes it, and a lock just taken by another is
    // put back rather than removed.
    const aside = `${file}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    try {
      fs.renameSync(file, aside);
    } catch {
      continue;
    }
    const moved = read(aside);
    if (moved !== text) {
      try {
        fs.linkSync(aside, file);
      } catch {
        // someone holds it again; the next round decides
      }
    }
    fs.rmSync(aside, { force: true });
  }
  throw inUse();
}

/** Creates the lock file with its whole content at once (a hard link of a written file), or false when it exists. */
function create(file: string, content: string): boolean {
  const tmp = `${file}.new-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, content);
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    // A file system without hard links: create exclusively, then write.
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function read(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function parse(text: string): Owner | undefined {
  try {
    const o = JSON.parse(text) as Owner;
    return Number.isInteger(o.pid) && o.pid > 0 ? o : undefined;
  } catch {
    return undefined;
  }
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function mtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
