import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { postgresProcessesOf } from '../../src/server/db/proc';
import { freePort } from '../../src/server/db/embedded';
import { startServerProcess, stopServerProcesses, waitForOutput } from '../setup/server-process';

/**
 * Start-up failures an operator fixes in a setting: each is one line naming the setting (no stack
 * trace), with the exit code of docs/operations.md, and nothing left running.
 */

const dirs: string[] = [];

/** A data dir of its own (0755: the embedded PostgreSQL runs as another user), removed after the file. */
function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-startfail-'));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/** Starts the server with `env` and waits for it to exit: its exit code and what it printed. */
async function startFails(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const s = await startServerProcess({ DATA_DIR: newDataDir(), LOG_LEVEL: 'info', ...env });
  return { code: await s.exited, output: s.output() };
}

/** What the server printed to stderr on its own (not pino's JSON lines). */
const plainLines = (output: string) => output.split('\n').filter((l) => l.trim() && !l.startsWith('{'));

afterAll(async () => {
  await stopServerProcesses(dirs);
}, 60_000);

describe('a start that cannot work as set', () => {
  it('DATABASE_URL to a closed port: one line naming DATABASE_URL, exit 7', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const { code, output } = await startFails({
      DATABASE_URL: `postgresql://atrium:secret-pw@127.0.0.1:${port}/atrium`,
      PORT: String(await freePort()),
    });
    expect(code).toBe(7);
    expect(plainLines(output)).toEqual([expect.stringMatching(/^DATABASE_URL: .*ECONNREFUSED/)]);
    expect(output).toMatch(/connecting to the database atrium@127\.0\.0\.1:\d+\/atrium/);
    expect(output).not.toMatch(/secret-pw/);
  });

  it('DATABASE_URL with a wrong password: one line naming DATABASE_URL, exit 7', { timeout: 120_000 }, async () => {
    const url = new URL(inject('adminDbUrl'));
    url.password = 'not-the-password';
    const { code, output } = await startFails({ DATABASE_URL: url.toString(), PORT: String(await freePort()) });
    expect(code).toBe(7);
    expect(plainLines(output)).toEqual([expect.stringMatching(/^DATABASE_URL: .*password/)]);
    expect(output).not.toMatch(/not-the-password/);
  });

  it(
    'DATABASE_DIRECT_URL to a closed port beside a working DATABASE_URL: one line naming DATABASE_DIRECT_URL, exit 7',
    { timeout: 120_000 },
    async () => {
      const closed = await freePort();
      const { code, output } = await startFails({
        DATABASE_URL: inject('adminDbUrl'),
        DATABASE_DIRECT_URL: `postgresql://atrium:secret-pw@127.0.0.1:${closed}/atrium`,
        PORT: String(await freePort()),
      });
      expect(code).toBe(7);
      expect(plainLines(output)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^DATABASE_DIRECT_URL: cannot use the database atrium@127\\.0\\.0\\.1:${closed}/atrium: .*ECONNREFUSED`,
          ),
        ),
      ]);
      expect(output).not.toMatch(/secret-pw/);
    },
  );

  it('PORT in use before the start: one line naming PORT, exit 6, before any database is made', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const { code, output } = await startFails({ DATABASE_URL: '', PORT: String(port) });
      expect(code).toBe(6);
      expect(plainLines(output)).toEqual([expect.stringMatching(new RegExp(`^PORT=${port}: the port is in use`))]);
      expect(output).not.toMatch(/starting embedded PostgreSQL/);
      expect(fs.existsSync(path.join(dirs.at(-1)!, 'pg'))).toBe(false);
    } finally {
      taken.close();
    }
  });

  it('HOST not an address of this machine: one line naming HOST, exit 6, before any database is made', async () => {
    // 192.0.2.0/24 is TEST-NET-1, never a machine's own address.
    const { code, output } = await startFails({ DATABASE_URL: '', HOST: '192.0.2.1', PORT: String(await freePort()) });
    expect(code).toBe(6);
    expect(plainLines(output)).toEqual([
      'HOST=192.0.2.1: not an address of this machine: set HOST to one of its addresses, or leave it unset.',
    ]);
    expect(fs.existsSync(path.join(dirs.at(-1)!, 'pg'))).toBe(false);
  });

  it(
    'PORT taken while the embedded database starts: one line naming PORT, exit 6, and its PostgreSQL stopped',
    { timeout: 240_000 },
    async () => {
      const port = await freePort();
      const dir = newDataDir();
      const s = await startServerProcess({ DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'info', PORT: String(port) });
      // The port was free at the start's first check; another process takes it before the server listens.
      await waitForOutput(s, /starting embedded PostgreSQL/);
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
      try {
        expect(await s.exited).toBe(6);
        expect(plainLines(s.output())).toEqual([
          expect.stringMatching(new RegExp(`^PORT=${port}: the port is in use`)),
        ]);
        // It had started and is stopped: no PostgreSQL of that data dir runs.
        expect(fs.existsSync(path.join(dir, 'pg', 'PG_VERSION'))).toBe(true);
        expect(postgresProcessesOf(path.join(dir, 'pg'))).toEqual([]);
      } finally {
        taken.close();
      }
    },
  );
});

describe('a stop during the start', () => {
  it(
    'SIGTERM as the embedded database is first used: exit 0, no failure reported, its PostgreSQL stopped',
    { timeout: 240_000 },
    async () => {
      const dir = newDataDir();
      const s = await startServerProcess({
        DATA_DIR: dir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        PORT: String(await freePort()),
      });
      // The first statement follows this line at once: the stop lands while the start checks the database.
      await waitForOutput(s, /connecting to the database/);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      expect(s.output()).toMatch(/stopping during the start/);
      expect(s.output()).not.toMatch(/cannot use the database|"level":60/);
      expect(postgresProcessesOf(path.join(dir, 'pg'))).toEqual([]);
    },
  );
});
