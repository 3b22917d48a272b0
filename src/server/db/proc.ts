import fs from 'node:fs';
import path from 'node:path';

/**
 * What /proc says about a process (Linux). A pid alone names a process only while it lives: once it
 * has ended the kernel gives the number to the next process. Its start time (field 22 of
 * /proc/<pid>/stat, clock ticks since boot) tells the two apart.
 */
export const hasProc = fs.existsSync('/proc/self/stat');

export type ProcStat = { state: string; start: string };

export function procStat(pid: number): ProcStat | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or ')': fields 3… follow the last ')'.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const [state, start] = [rest[0], rest[19]];
    return state && start ? { state, start } : undefined;
  } catch {
    return undefined;
  }
}

/** True while the process runs (a zombie has ended: it only waits for its parent to read its status). */
export function isRunning(pid: number, start?: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (hasProc) {
    const stat = procStat(pid);
    return !!stat && stat.state !== 'Z' && (start === undefined || stat.start === start);
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const samePath = (a: string, b: string) => {
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return path.resolve(a) === path.resolve(b);
  }
};

/**
 * True when the process is a PostgreSQL server of `databaseDir`: its program is `postgres` and it
 * works in that directory (the postmaster changes into its data dir; where /proc/<pid>/cwd may not
 * be read, e.g. another user's process without CAP_SYS_PTRACE, its `-D` argument says it).
 */
export function isPostgresOf(pid: number, databaseDir: string): boolean {
  if (!isRunning(pid)) return false;
  let argv: string[];
  try {
    argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return false;
  }
  const comm = (() => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  })();
  if (comm !== 'postgres' && path.basename(argv[0] ?? '') !== 'postgres') return false;
  try {
    return samePath(fs.readlinkSync(`/proc/${pid}/cwd`), databaseDir);
  } catch {
    const dir = argv[argv.indexOf('-D') + 1];
    return argv.includes('-D') && !!dir && samePath(dir, databaseDir);
  }
}

/** The running PostgreSQL processes of `databaseDir` (a postmaster and its server processes), from /proc. */
export function postgresProcessesOf(databaseDir: string): number[] {
  if (!hasProc) return [];
  return fs
    .readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => pid !== process.pid && isPostgresOf(pid, databaseDir));
}
