import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { makeTag, makeUser } from '../setup/admin';
import { startServerProcess, waitHealthy, type ServerProcess } from '../setup/server-process';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The real server process imports a 100,000-row CSV and is killed with SIGKILL three times on the
 * way; restarted each time, it must end with exactly the file's valid rows, each imported once.
 */
const ROWS = 100_000;
let t: TestApp;
let dataDir: string;
let server: ServerProcess | null = null;
const port = 18_600 + Math.floor(Math.random() * 300);
const base = `http://127.0.0.1:${port}`;

/** Every 50th row has a broken email, every 97th repeats the (valid) email of the row before: the rest is valid. */
function csv(file: string): number {
  let valid = 0;
  const out = fs.openSync(file, 'w');
  let buf = 'first_name;last_name;email;city\n';
  for (let i = 1; i <= ROWS; i++) {
    let email = `k${i}@kill.test`;
    if (i % 50 === 0) email = `broken-${i}`;
    else if (i % 97 === 0 && (i - 1) % 50 !== 0) email = `k${i - 1}@kill.test`;
    else valid++;
    buf += `Kim${i};Kill;${email};Berlin\n`;
    if (buf.length > 1 << 16) {
      fs.writeSync(out, buf);
      buf = '';
    }
  }
  fs.writeSync(out, buf);
  fs.closeSync(out);
  return valid;
}

/** The built server, as `npm start` runs it, on this file's database. */
async function startServer() {
  server = await startServerProcess({ DATABASE_URL: t.databaseUrl, DATA_DIR: dataDir, PORT: String(port) });
  await waitHealthy(server, 180_000);
}

async function kill() {
  const s = server!;
  process.kill(-s.pid, 'SIGKILL');
  await s.exited;
  server = null;
}

const dbg = (m: string) => {
  if (process.env.DEBUG_KILL) console.error(new Date().toISOString(), m);
};
const cursor = async (id: number) =>
  (await t.pool.query(`select cursor, status from user_imports where id = $1`, [id])).rows[0] as {
    cursor: number;
    status: string;
  };

beforeAll(async () => {
  t = await createTestApp();
  // Only the spawned server may work the queues of this database.
  await t.app.close();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-kill-'));
});
afterAll(async () => {
  if (server) await kill();
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('survives three SIGKILLs mid-import with every valid row imported exactly once', { timeout: 900_000 }, async () => {
  const file = path.join(dataDir, 'big.csv');
  const valid = csv(file);
  dbg('csv');
  const consultant = await makeUser(t, { role: 'consultant' });
  const tag = await makeTag(t, 'Killed');
  await startServer();
  dbg('started');
  const login = await fetch(`${base}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin@demo.atrium', password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const auth = { authorization: `JWT ${token}` };
  const body = new FormData();
  body.append('file', new Blob([fs.readFileSync(file)], { type: 'text/csv' }), 'big.csv');
  const saved = await fetch(`${base}/api/accounts/import_users/save/`, { method: 'POST', headers: auth, body });
  dbg(`saved ${saved.status}`);
  expect(saved.status).toBe(201);
  const imp = (await saved.json()) as { id: number; total: number };
  expect(imp.total).toBe(ROWS);
  const started = await fetch(`${base}/api/accounts/import_users/start/`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      import_id: imp.id,
      consultant_id: consultant.id,
      tag_id: tag,
      mapping: { first_name: 'first_name', last_name: 'last_name', email: 'email', city: 'city' },
    }),
  });
  expect(started.status).toBe(200);

  let killedAt = 1;
  for (let k = 0; k < 3; k++) {
    // Kill once the run has committed some more rows since the last restart.
    for (;;) {
      const c = await cursor(imp.id);
      if (process.env.DEBUG_KILL) console.error(new Date().toISOString(), JSON.stringify(c));
      expect(c.status).not.toBe('completed');
      if (c.cursor > killedAt + 2_000) break;
      await new Promise((r) => setTimeout(r, process.env.DEBUG_KILL ? 1000 : 20));
    }
    await kill();
    killedAt = (await cursor(imp.id)).cursor;
    await startServer();
  }
  expect(killedAt).toBeLessThan(ROWS);

  const until = Date.now() + 600_000;
  while ((await cursor(imp.id)).status !== 'completed') {
    if (Date.now() > until) throw new Error(`import did not finish: ${JSON.stringify(await cursor(imp.id))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const { rows } = await t.pool.query(
    `select success, skipped, total, warnings_count,
            (select count(*)::int from users where email::text like '%@kill.test') as users,
            (select count(*)::int from action_logs where details->>'import_id' = $1) as entries,
            (select details from action_logs where kind = 'import_completed' and details->>'import_id' = $1) as entry,
            (select count(*)::int from user_import_warnings where import_id = $2) as warnings,
            -- Each skip's reason, so that a failure says which kind of row went wrong.
            (select jsonb_object_agg(reason, n) from (select reason, count(*)::int as n from user_import_warnings
              where import_id = $2 group by reason) r) as reasons
     from user_imports where id = $2`,
    [String(imp.id), imp.id],
  );
  expect(rows[0]).toEqual({
    success: valid,
    skipped: ROWS - valid,
    total: ROWS,
    // Rows imported with warnings: none here (each skipped row has its reason among the entries).
    warnings_count: 0,
    users: valid,
    // One history entry for the whole import, with its counts, however many restarts it took.
    entries: 1,
    entry: expect.objectContaining({ imported: valid, skipped: ROWS - valid, warnings: 0, total: ROWS }),
    warnings: ROWS - valid,
    reasons: { import_email_invalid: ROWS / 50, import_duplicate_email: ROWS - valid - ROWS / 50 },
  });
});
