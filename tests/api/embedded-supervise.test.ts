import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { superuserPassword } from '../../src/server/db/embedded';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import {
  health,
  startServerProcess,
  stopServerProcesses,
  waitHealthy,
  type ServerProcess as Server,
} from '../setup/server-process';

/**
 * The real server process on its embedded PostgreSQL (no DATABASE_URL), as production runs it, with
 * what production does to it: the postmaster killed under load, the restart made impossible, the
 * server itself killed and started again at once, and a second start while the first one is paused.
 * One data dir serves every test (one initdb and seed), one server at a time.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-supervise-'));
// mkdtemp makes the dir 0700; as root PostgreSQL runs as the `postgres` user, which must get in.
fs.chmodSync(dir, 0o755);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The documented production command on the shared data dir, with the demo accounts (a test signs in). */
const startServer = (env: Record<string, string> = {}) => startServerProcess({ DATA_DIR: dir, SEED_DEMO: '1', ...env });

async function kill(s: Server, signal: NodeJS.Signals) {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill(signal);
  if ((await s.exited) !== 0 && signal === 'SIGTERM') console.error(s.output());
}

/** What the postmaster's pid file says: its pid and port (lines 1 and 4). */
function postmaster(): { pid: number; port: number } {
  const lines = fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

const running = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

async function login(s: Server): Promise<string> {
  const res = await fetch(`${s.base}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'member@demo.atrium', password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

beforeAll(async () => {
  // The first start makes the cluster and seeds the demo accounts: long on a busy machine.
  const s = await startServer();
  await waitHealthy(s, 240_000);
  await kill(s, 'SIGTERM');
  expect(await s.exited).toBe(0);
}, 300_000);

// A test that failed half-way leaves its server (and its database) running: the next one needs the data dir.
afterEach(async () => {
  await stopServerProcesses([dir], { keep: true });
}, 60_000);

afterAll(async () => {
  await stopServerProcesses([dir]);
}, 60_000);

describe('the embedded database under supervision', () => {
  it(
    'is restarted after its postmaster is SIGKILLed under load: 503s meanwhile, then every call works, no committed write lost',
    { timeout: 300_000 },
    async () => {
      const s = await startServer({ DB_RESTART_TIMEOUT_SECONDS: '120' });
      await waitHealthy(s, 120_000);
      const token = await login(s);
      const committed: string[] = [];
      const answers: { at: number; status: number }[] = [];
      const unexpected: string[] = [];
      let go = true;
      const worker = async (w: number) => {
        for (let i = 0; go; i += 1) {
          const name = `Load-${w}-${i}`;
          try {
            const res = await fetch(`${s.base}/api/contacts/`, {
              method: 'POST',
              headers: { authorization: `JWT ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
              body: JSON.stringify({ first_name: name, email: `load-${w}-${i}@supervise.test` }),
            });
            const body = (await res.json()) as { code?: string };
            answers.push({ at: Date.now(), status: res.status });
            if (res.status === 201) committed.push(name);
            else if (res.status === 503 && body.code === 'service_unavailable') await sleep(50);
            else unexpected.push(`${res.status} ${JSON.stringify(body)}`);
          } catch (err) {
            unexpected.push(String(err));
          }
        }
      };
      const workers = [0, 1, 2, 3, 4, 5].map(worker);
      while (committed.length < 30 && unexpected.length === 0) await sleep(20);
      const killed = postmaster();
      process.kill(killed.pid, 'SIGKILL');
      const killedAt = Date.now();
      // Writes answered before the kill was noticed do not count: load goes on until one succeeds after
      // a 503, and a little longer.
      const firstRefused = () => answers.find((a) => a.at > killedAt && a.status === 503);
      const recovered = () => answers.find((a) => a.at > (firstRefused()?.at ?? Infinity) && a.status === 201);
      while (!recovered() && Date.now() - killedAt < 90_000 && unexpected.length === 0) await sleep(50);
      await sleep(1_000);
      go = false;
      await Promise.all(workers);

      if (unexpected.length) console.error(s.output());
      expect(unexpected).toEqual([]);
      expect(firstRefused()).toBeDefined();
      expect(recovered()).toBeDefined();
      // A few seconds on an idle machine; the bound only says it is not the "forever" of an unsupervised database.
      expect(recovered()!.at - killedAt).toBeLessThan(60_000);
      // The same server process serves again, on a new postmaster, and says so.
      expect(s.child.exitCode).toBeNull();
      expect(postmaster().pid).not.toBe(killed.pid);
      await waitHealthy(s, 30_000);
      expect(await health(s)).toEqual({ status: 200, body: { status: 'ok', database: 'up' } });
      expect(s.output()).toMatch(/PostgreSQL restarted/);

      const client = new pg.Client({
        connectionString: `postgresql://postgres:${superuserPassword(dir) ?? ''}@127.0.0.1:${postmaster().port}/atrium`,
      });
      await client.connect();
      try {
        const { rows } = await client.query<{ first_name: string }>(
          `select first_name from contacts where first_name like 'Load-%'`,
        );
        const stored = new Set(rows.map((r) => r.first_name));
        expect(committed.filter((n) => !stored.has(n))).toEqual([]);
      } finally {
        await client.end();
      }
      await kill(s, 'SIGTERM');
      expect(await s.exited).toBe(0);
    },
  );

  it(
    'exits non-zero when the database cannot be restarted within DB_RESTART_TIMEOUT_SECONDS',
    { timeout: 180_000 },
    async () => {
      const s = await startServer({ DB_RESTART_TIMEOUT_SECONDS: '3' });
      await waitHealthy(s, 120_000);
      const moved = path.join(dir, 'pg-away');
      try {
        // The postmaster dies and its data dir is gone: every restart attempt fails at once.
        process.kill(postmaster().pid, 'SIGKILL');
        fs.renameSync(path.join(dir, 'pg'), moved);
        const code = await Promise.race([s.exited, sleep(60_000).then(() => 'still running')]);
        expect(code).toBe(4);
        expect(s.output()).toMatch(/could not be restarted within 3 s/);
      } finally {
        fs.renameSync(moved, path.join(dir, 'pg'));
      }
    },
  );

  it(
    'starts again at once after the server is SIGKILLed, stopping the postmaster it left behind',
    { timeout: 180_000 },
    async () => {
      // How long a start takes on this machine right now (most of it is loading the code and building the app).
      const first = await startServer();
      const usual = await waitHealthy(first, 120_000);
      const orphan = postmaster().pid;
      // It serves a while before it is killed (a lock refreshed on a timer is fresh then, not left stale by a busy start).
      for (let i = 0; i < 6; i += 1) {
        expect((await health(first))?.status).toBe(200);
        await sleep(1_000);
      }
      await kill(first, 'SIGKILL');
      // The killed server's PostgreSQL outlives it.
      expect(running(orphan)).toBe(true);

      const again = await startServer();
      const took = await waitHealthy(again, 60_000);
      // Healthy within 10 s of an ordinary start (no staleness window to wait out: the lock's owner is gone).
      expect(took).toBeLessThan(usual + 10_000);
      expect(running(orphan)).toBe(false);
      expect(postmaster().pid).not.toBe(orphan);
      const token = await login(again);
      const me = await fetch(`${again.base}/api/accounts/me/`, { headers: { authorization: `JWT ${token}` } });
      expect(me.status).toBe(200);
      await kill(again, 'SIGTERM');
      expect(await again.exited).toBe(0);
    },
  );

  it(
    'refuses a second start while the first is paused, without touching it; the first works on after it resumes',
    { timeout: 180_000 },
    async () => {
      const first = await startServer();
      await waitHealthy(first, 120_000);
      const pm = postmaster().pid;
      first.child.kill('SIGSTOP');
      try {
        // Paused for longer than any staleness window a lock refreshed on a timer would have.
        await sleep(17_000);
        const second = await startServer();
        const code = await Promise.race([second.exited, sleep(90_000).then(() => 'still running')]);
        expect(code).toBe(3);
        expect(second.output()).toMatch(/in use by another Atrium process/);
        // A clear message, not a crash.
        expect(second.output()).not.toMatch(/\n\s+at /);
        expect(running(pm)).toBe(true);
        expect(postmaster().pid).toBe(pm);
      } finally {
        first.child.kill('SIGCONT');
      }
      // Long enough for a lock refresh timer to fire after the pause.
      await sleep(7_000);
      expect(first.child.exitCode).toBeNull();
      expect((await health(first))?.status).toBe(200);
      const token = await login(first);
      expect(
        (await fetch(`${first.base}/api/accounts/me/`, { headers: { authorization: `JWT ${token}` } })).status,
      ).toBe(200);
      await kill(first, 'SIGTERM');
      expect(await first.exited).toBe(0);
    },
  );
});
