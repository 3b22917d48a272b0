import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../src/server/db/embedded';
import { postgresProcessesOf } from '../../src/server/db/proc';
import { TEST_JWT_SECRET } from './test-app';
import { runBundleDir } from './bundle-dir';

/**
 * The real server as a process of its own, for tests of what happens to the process: signals, kills,
 * start failures. `built` (the default) is the documented production command, `node --enable-source-maps
 * <bundle>/main.js` under NODE_ENV=production, on a bundle built once per run; `sources` runs
 * src/server/main.ts through tsx (no build, but each start compiles).
 */
export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  port: number;
  base: string;
  /** stdout and stderr as they came. */
  output: () => string;
  stderr: () => string;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
};

const ROOT = path.resolve(import.meta.dirname, '../..');
const started: ServerProcess[] = [];
let bundle: Promise<string> | undefined;

/**
 * The server bundled as `npm run build:server` does, into a folder of this Vitest run (the checkout's
 * dist-server/ is left alone): the first worker to ask builds it, the others wait for it, so a run
 * builds it once. The run's global setup removes the folder at the end (tests/setup/global-setup.ts).
 */
function builtServer(): Promise<string> {
  bundle ??= (async () => {
    // Inside the checkout, so that the bundle finds node_modules, the contract and the migrations as dist-server/ does.
    const dir = runBundleDir(process.ppid);
    const ready = path.join(dir, 'bundle', 'main.js');
    const failed = path.join(dir, 'failed');
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    let builder = true;
    try {
      fs.mkdirSync(dir);
    } catch {
      builder = false;
    }
    if (builder) {
      const out = path.join(dir, 'building');
      try {
        execFileSync(
          process.execPath,
          [
            path.join(ROOT, 'node_modules/vite/bin/vite.js'),
            'build',
            '--ssr',
            'src/server/main.ts',
            '--outDir',
            out,
            '--emptyOutDir',
            '--logLevel',
            'warn',
          ],
          { cwd: ROOT, stdio: 'pipe' },
        );
      } catch (err) {
        fs.writeFileSync(failed, String(err));
        throw err;
      }
      // Whole or not at all for the workers waiting on it.
      fs.renameSync(out, path.dirname(ready));
      return ready;
    }
    for (const began = Date.now(); Date.now() - began < 300_000; await sleep(200)) {
      if (fs.existsSync(ready)) return ready;
      if (fs.existsSync(failed))
        throw new Error(`the server bundle failed to build:\n${fs.readFileSync(failed, 'utf8')}`);
    }
    throw new Error('the server bundle was not built within 5 minutes');
  })();
  return bundle;
}

/**
 * Starts the server with the tests' settings (embedded database unless `env` names DATABASE_URL,
 * 127.0.0.1 on a free port, no demo accounts, LOG_LEVEL warn) and `env` on top. It runs in a process
 * group of its own, as a service manager or a terminal starts it: `process.kill(-pid, …)` reaches the
 * group, as a terminal's Ctrl-C does.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: {
    program?: 'built' | 'sources';
    /** The environment under `env` (default: the tests' settings on top of this process's environment). */
    baseEnv?: NodeJS.ProcessEnv;
  } = {},
): Promise<ServerProcess> {
  const program = opts.program ?? 'built';
  const args =
    program === 'built'
      ? ['--enable-source-maps', await builtServer()]
      : ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')];
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...(opts.baseEnv ?? {
        ...process.env,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        JWT_SECRET: TEST_JWT_SECRET,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
      }),
      ...(program === 'built' && { NODE_ENV: 'production' }),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
    stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      resolve(code);
    }),
  );
  const server: ServerProcess = {
    child,
    pid: child.pid ?? 0,
    port,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    stderr: () => stderr,
    exited,
  };
  started.push(server);
  return server;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET /healthz: its status and body, or undefined when nothing answered. */
export const health = (s: ServerProcess) =>
  fetch(`${s.base}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    async (r) => ({ status: r.status, body: (await r.json()) as { status: string; database: string } }),
    () => undefined,
  );

/** Waits for /healthz to answer 200, and says how long that took; fails with the server's output when it exits or takes too long. */
export async function waitHealthy(s: ServerProcess, timeoutMs = 120_000): Promise<number> {
  for (const began = Date.now(); Date.now() - began < timeoutMs; await sleep(100)) {
    if (s.child.exitCode !== null) throw new Error(`the server exited with ${s.child.exitCode}:\n${s.output()}`);
    if ((await health(s))?.status === 200) return Date.now() - began;
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${s.output()}`);
}

/**
 * Waits until the server's output matches `line` (polled every 5 ms, so that a step can follow the moment
 * it logs); fails with the output when it exits first or takes too long.
 */
export async function waitForOutput(s: ServerProcess, line: RegExp, timeoutMs = 200_000): Promise<void> {
  for (const began = Date.now(); !line.test(s.output()); await sleep(5)) {
    if (s.child.exitCode !== null || Date.now() - began > timeoutMs)
      throw new Error(`the server did not log ${String(line)}:\n${s.output()}`);
  }
}

/** Waits until no PostgreSQL process of the data dir is left; false when some still are after `timeoutMs`. */
export async function postgresGone(dataDir: string, timeoutMs = 10_000): Promise<boolean> {
  const databaseDir = path.join(dataDir, 'pg');
  for (const began = Date.now(); Date.now() - began < timeoutMs; await sleep(100)) {
    if (postgresProcessesOf(databaseDir).length === 0) return true;
  }
  return postgresProcessesOf(databaseDir).length === 0;
}

/**
 * Kills every server this file started that still runs (their process groups) and any PostgreSQL left
 * on `dataDirs` (a SIGKILLed server leaves its database running); then, unless `keep` (afterEach, so
 * that a failed test does not hold the data dir for the next one), removes the data dirs (the bundle stays for the run's next file).
 */
export async function stopServerProcesses(dataDirs: string[] = [], opts: { keep?: boolean } = {}): Promise<void> {
  for (const s of started) {
    if (s.child.exitCode !== null || s.child.signalCode !== null) continue;
    try {
      process.kill(-s.pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
    await s.exited;
  }
  for (const dir of dataDirs) {
    for (const pid of postgresProcessesOf(path.join(dir, 'pg'))) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }
    await postgresGone(dir, 5_000);
    if (!opts.keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}
