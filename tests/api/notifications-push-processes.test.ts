import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../setup/accounts';
import { openEvents, type EventReader } from '../setup/sse';
import { startServerProcess, type ServerProcess } from '../setup/server-process';
import { makeEmployee } from '../setup/staff';
import { auth, createTestApp, TEST_JWT_SECRET, type TestApp } from '../setup/test-app';

/**
 * Two real server processes on one database: a change made through one reaches a bell stream held by
 * the other (each process listens on its own connection), and a process with open streams stops at once.
 */
let t: TestApp;
const servers: ServerProcess[] = [];
const readers: EventReader[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-push-'));

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATABASE_URL: t.databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: '0',
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await Promise.all([startServer(), startServer()]);
}, 180_000);
afterAll(async () => {
  for (const r of readers) r.close();
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the bell across server processes', () => {
  it('a ticket opened through one process reaches the consultant’s stream on the other', async () => {
    const [one, other] = servers as [ServerProcess, ServerProcess];
    const consultant = await makeEmployee(t);
    const m = await makeMember(t, { responsibleId: consultant.id });
    const stream = await openEvents(`${other.base}/api/notifications/stream/`, auth(consultant.token));
    readers.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor('ready');

    const login = await fetch(`${one.base}/api/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: m.email, password: m.password }).toString(),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${one.base}/api/tickets/create/`, {
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'technical', subject: 'Across processes', message: 'Hello from one.' }),
    });
    expect(created.status).toBe(201);
    await stream.waitFor('notifications', 1, 15_000);

    const bell = await fetch(`${other.base}/api/notifications/`, { headers: auth(consultant.token) });
    const body = (await bell.json()) as { unread_count: number; results: Array<{ kind: string }> };
    expect(body.unread_count).toBe(1);
    expect(body.results[0]?.kind).toBe('ticket_created');
  });

  it('SIGTERM stops a process holding an open stream at once, with exit code 0', async () => {
    const other = servers[1]!;
    const consultant = await makeEmployee(t);
    const stream = await openEvents(`${other.base}/api/notifications/stream/`, auth(consultant.token));
    readers.push(stream);
    await stream.waitFor('ready');
    const began = Date.now();
    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);
    await stream.ended;
    expect(Date.now() - began).toBeLessThan(10_000);
  });
});
