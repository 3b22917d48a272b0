import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded';
import { TEST_JWT_SECRET } from '../setup/test-app';

/**
 * A power cut after a database crash: the server's postmaster is SIGKILLed (the supervisor restarts
 * it), then the server's whole process group is SIGKILLed, and the server is started again on the
 * same data dir. Every such start must be healthy. CRASHES rounds (2: each round is a start, a
 * restart and a kill, 20-40 s on this busy 2-core machine, so the test stays near 90 s; the issue
 * saw the failure 2 times in 5).
 */
const CRASHES = 2;

type Server = { child: ChildProcess; base: string; output: () => string; exited: Promise<number | null> };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-crash-'));
// mkdtemp makes the dir 0700; as root PostgreSQL runs as the `postgres` user, which must get in.
fs.chmodSync(dir, 0o755);
const servers: Server[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server in a process group of its own, as a service manager starts it, so that the group can be killed. */
async function startServer(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      DB_RESTART_TIMEOUT_SECONDS: '60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      resolve(code);
    }),
  );
  const server = { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
  servers.push(server);
  return server;
}

const healthy = (s: Server) =>
  fetch(`${s.base}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    async (r) => r.status === 200 && ((await r.json()) as { database: string }).database === 'up',
    () => false,
  );

async function waitHealthy(s: Server, timeoutMs: number) {
  const began = Date.now();
  while (Date.now() - began < timeoutMs) {
    if (s.child.exitCode !== null) throw new Error(`the server exited with ${s.child.exitCode}:\n${s.output()}`);
    if (await healthy(s)) return;
    await sleep(100);
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${s.output()}`);
}

function postmasterPid(): number {
  return Number(fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

const running = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
  }
  try {
    const pid = postmasterPid();
    if (running(pid) && fs.readlinkSync(`/proc/${pid}/cwd`) === path.join(dir, 'pg')) process.kill(pid, 'SIGQUIT');
  } catch {
    // none left
  }
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('a start after a crash', () => {
  it(
    `is healthy every time after the postmaster and then the whole server were SIGKILLed (${CRASHES} rounds)`,
    { timeout: 120_000 + CRASHES * 60_000 },
    async () => {
      const first = await startServer();
      await waitHealthy(first, 120_000);
      let s = first;
      for (let round = 1; round <= CRASHES; round += 1) {
        const killed = postmasterPid();
        process.kill(killed, 'SIGKILL');
        // The supervisor starts a new postmaster.
        const began = Date.now();
        while (Date.now() - began < 60_000) {
          if (postmasterPidOrZero() !== killed && (await healthy(s))) break;
          await sleep(100);
        }
        expect(await healthy(s)).toBe(true);
        // A power cut: the server and everything it started, at once.
        process.kill(-s.child.pid!, 'SIGKILL');
        await s.exited;
        s = await startServer();
        await waitHealthy(s, 60_000);
        expect(s.output()).not.toMatch(/^undefined$/m);
      }
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    },
  );
});

function postmasterPidOrZero(): number {
  try {
    return postmasterPid();
  } catch {
    return 0;
  }
}
