import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  health,
  postgresGone,
  startServerProcess,
  stopServerProcesses,
  waitHealthy,
  type ServerProcess,
} from '../setup/server-process';

/**
 * A power cut after a database crash (issue #38, item 7): the server's postmaster is SIGKILLed (the
 * supervisor restarts it), then the server's whole process group is SIGKILLed, and the server is
 * started again on the same data dir. Every such start must be healthy. CRASHES rounds on one data
 * dir (one initdb; each round is a restart of the database and a start of the built server).
 */
const CRASHES = 10;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-crash-'));
// mkdtemp makes the dir 0700; as root PostgreSQL runs as the `postgres` user, which must get in.
fs.chmodSync(dir, 0o755);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const start = () => startServerProcess({ DATA_DIR: dir, DB_RESTART_TIMEOUT_SECONDS: '60' });

const databaseUp = async (s: ServerProcess) => (await health(s))?.status === 200;

function postmasterPid(): number {
  try {
    return Number(fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
}

afterAll(async () => {
  await stopServerProcesses([dir]);
}, 60_000);

describe('a start after a crash', () => {
  it(
    `is healthy every time after the postmaster and then the whole server were SIGKILLed (${CRASHES} rounds)`,
    { timeout: 120_000 + CRASHES * 60_000 },
    async () => {
      let s = await start();
      await waitHealthy(s);
      for (let round = 1; round <= CRASHES; round += 1) {
        const killed = postmasterPid();
        process.kill(killed, 'SIGKILL');
        // The supervisor starts a new postmaster.
        for (const began = Date.now(); Date.now() - began < 60_000; await sleep(100)) {
          if (postmasterPid() !== killed && (await databaseUp(s))) break;
        }
        expect(await databaseUp(s), `round ${round}: ${s.output()}`).toBe(true);
        // A power cut: the server and everything in its process group, at once.
        process.kill(-s.pid, 'SIGKILL');
        await s.exited;
        s = await start();
        await waitHealthy(s, 60_000);
        expect(s.output()).not.toMatch(/^undefined$/m);
      }
      process.kill(s.pid, 'SIGTERM');
      expect(await s.exited, s.output()).toBe(0);
      expect(await postgresGone(dir, 0)).toBe(true);
    },
  );
});
