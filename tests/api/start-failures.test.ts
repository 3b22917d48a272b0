import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { postgresProcessesOf } from '../../src/server/db/proc';
import { freePort } from '../../src/server/db/embedded';
import { startServerProcess, stopServerProcesses } from '../setup/server-process';

/**
 * Start-up failures an operator fixes in a setting: each is one line naming the setting (no stack
 * trace), with the exit code of docs/operations.md, and nothing left running.
 */

const dirs: string[] = [];

/** Starts the server with `env` and waits for it to exit: its exit code and what it printed. */
async function startFails(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-startfail-'));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  const s = await startServerProcess({ DATA_DIR: dir, LOG_LEVEL: 'info', ...env });
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
    'PORT in use, embedded database: one line naming PORT, exit 6, and its PostgreSQL stopped',
    { timeout: 240_000 },
    async () => {
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const port = (taken.address() as net.AddressInfo).port;
      try {
        const { code, output } = await startFails({ DATABASE_URL: '', PORT: String(port) });
        expect(code).toBe(6);
        expect(plainLines(output)).toEqual([expect.stringMatching(new RegExp(`^PORT=${port}: the port is in use`))]);
        const dir = dirs.at(-1)!;
        // It had started (its log says so) and is stopped: no PostgreSQL of that data dir runs.
        expect(output).toMatch(/starting embedded PostgreSQL/);
        expect(fs.existsSync(path.join(dir, 'pg', 'PG_VERSION'))).toBe(true);
        expect(postgresProcessesOf(path.join(dir, 'pg'))).toEqual([]);
      } finally {
        taken.close();
      }
    },
  );
});
