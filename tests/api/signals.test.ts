import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  health,
  postgresGone,
  startServerProcess,
  stopServerProcesses,
  waitHealthy,
  type ServerProcess,
} from '../setup/server-process';

/**
 * How the documented production command (`node --enable-source-maps dist-server/main.js`, as the
 * systemd units and the Dockerfile run it) stops: SIGTERM, SIGINT and SIGHUP all drain (/healthz 503
 * for DRAIN_SECONDS, then the listener closes and the requests in flight finish, then the embedded
 * database stops) and exit 0; a second signal forces the stop, which still stops the database. The
 * embedded PostgreSQL runs in a process group of its own, so a terminal's Ctrl-C (SIGINT to the whole
 * group) does not stop it under the requests still running. One data dir serves every test.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-signals-'));
// mkdtemp makes the dir 0700; as root PostgreSQL runs as the `postgres` user, which must get in.
fs.chmodSync(dir, 0o755);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(async () => {
  await stopServerProcesses([dir], { keep: true });
}, 60_000);
afterAll(async () => {
  await stopServerProcesses([dir]);
}, 60_000);

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const s = await startServerProcess({ DATA_DIR: dir, LOG_LEVEL: 'info', ...env });
  await waitHealthy(s);
  return s;
}

/** The process group of a process (field 5 of /proc/<pid>/stat). */
function processGroup(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

const postmasterPid = () => Number(fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

/**
 * A sign-in whose body comes slowly: the request is in flight from its headers on, and its answer
 * needs the database. Resolves with the status, or the error when the connection failed.
 */
function slowSignIn(s: ServerProcess, finishAfter: Promise<void>): Promise<number | string> {
  const body = new URLSearchParams({ username: 'nobody@example.com', password: 'not-the-password' }).toString();
  return new Promise((resolve) => {
    const req = http.request(
      `${s.base}/api/accounts/login/`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          resolve(res.statusCode ?? 0);
        });
      },
    );
    req.on('error', (err) => {
      resolve(err.message);
    });
    req.write(body.slice(0, 10));
    void finishAfter.then(() => req.end(body.slice(10)));
  });
}

describe('stopping the server', () => {
  it(
    'SIGTERM to the node process drains and exits 0, its PostgreSQL (in a group of its own) stopped',
    { timeout: 180_000 },
    async () => {
      const s = await start();
      const pm = postmasterPid();
      expect(processGroup(pm)).toBe(pm);
      expect(processGroup(s.pid)).not.toBe(pm);
      process.kill(s.pid, 'SIGTERM');
      expect(await s.exited, s.output()).toBe(0);
      // Stopped before the exit, not after it.
      expect(await postgresGone(dir, 0)).toBe(true);
      expect(s.output()).toMatch(/shutting down/);
    },
  );

  it(
    'Ctrl-C under load (SIGINT to the whole process group): every request in flight is answered, exit 0',
    { timeout: 120_000 },
    async () => {
      const s = await start();
      let finish = () => {};
      const bodiesSent = new Promise<void>((resolve) => (finish = resolve));
      const requests = Array.from({ length: 4 }, () => slowSignIn(s, bodiesSent));
      await sleep(500); // their headers are in
      process.kill(-s.pid, 'SIGINT');
      await sleep(1_000); // the database would be stopping now, were it in the group
      finish();
      const statuses = await Promise.all(requests);
      // A wrong password: answered by the database, not 503 (database gone) nor a reset connection.
      expect(statuses).toEqual([400, 400, 400, 400]);
      expect(await s.exited, s.output()).toBe(0);
      expect(await postgresGone(dir, 0)).toBe(true);
    },
  );

  it('SIGHUP (a closed terminal) drains the same way and exits 0', { timeout: 120_000 }, async () => {
    const s = await start();
    process.kill(s.pid, 'SIGHUP');
    expect(await s.exited, s.output()).toBe(0);
    expect(await postgresGone(dir, 0)).toBe(true);
    expect(s.output()).toMatch(/"signal":"SIGHUP"/);
  });

  it(
    '/healthz answers 503 for DRAIN_SECONDS while requests are still served, then the server exits 0',
    { timeout: 120_000 },
    async () => {
      const s = await start({ DRAIN_SECONDS: '3' });
      const signalled = Date.now();
      process.kill(s.pid, 'SIGTERM');
      await sleep(300);
      expect(await health(s)).toEqual({ status: 503, body: { status: 'draining', database: 'up' } });
      // Still listening: a request now is answered.
      const login = await fetch(`${s.base}/api/accounts/login/`, {
        method: 'POST',
        body: new URLSearchParams({ username: 'nobody@example.com', password: 'x' }),
      });
      expect(login.status).toBe(400);
      expect(await s.exited, s.output()).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(3_000);
      expect(await postgresGone(dir, 0)).toBe(true);
      // A planned 503: logged at info, so that a load balancer's polls through a drain raise no error lines.
      const drainLines = s
        .output()
        .split('\n')
        .filter((l) => l.includes('"path":"/healthz","status":503'));
      expect(drainLines).toEqual([expect.stringMatching(/^\{"level":30,/)]);
    },
  );

  it(
    'a second signal during the drain forces the stop: one line says why, exit 8, the database still stopped',
    { timeout: 120_000 },
    async () => {
      const s = await start({ DRAIN_SECONDS: '60' });
      process.kill(s.pid, 'SIGTERM');
      await sleep(1_500);
      process.kill(s.pid, 'SIGTERM');
      expect(await s.exited, s.output()).toBe(8);
      expect(await postgresGone(dir, 0)).toBe(true);
      expect(s.output()).toMatch(/a second signal \(SIGTERM\) during the shutdown: stopping at once/);
    },
  );
});
