import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, startEmbeddedPostgres, type EmbeddedCluster } from '../../src/server/db/embedded';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-datadir-test-'));
// mkdtemp makes the dir 0700; as root PostgreSQL runs as the `postgres` user, which must get in.
fs.chmodSync(dir, 0o755);
const running: EmbeddedCluster[] = [];

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const c of running.splice(0)) await c.stop().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL data dir', () => {
  it('is locked while in use and keeps its data across restarts', async () => {
    const log: string[] = [];
    const first = await startEmbeddedPostgres(dir, (m) => log.push(m), { lock: true });
    running.push(first);
    await query(first.url(), 'create table kept (id int primary key, note text)');
    await query(first.url(), "insert into kept values (1, 'written before the restart')");

    // A second process on the same dir is refused with a message that says what to do.
    const second = startEmbeddedPostgres(dir, (m) => log.push(m), { lock: true });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(dir);
    await expect(second).rejects.toThrow(/in use/);
    await expect(second).rejects.toThrow(/DATA_DIR/);

    // The first one is unharmed by the refused attempt.
    expect(await query<{ n: number }>(first.url(), 'select count(*)::int as n from kept')).toEqual([{ n: 1 }]);

    await first.stop();
    running.splice(running.indexOf(first), 1);

    const again = await startEmbeddedPostgres(dir, (m) => log.push(m), { lock: true });
    running.push(again);
    expect(await query(again.url(), 'select id, note from kept')).toEqual([{ id: 1, note: 'written before the restart' }]);
  });
});
