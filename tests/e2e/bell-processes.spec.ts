import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, request as playwrightRequest } from '@playwright/test';
import { ensureDatabase, freePort, startEmbeddedPostgres, type EmbeddedCluster } from '../../src/server/db/embedded';
import { notifications } from '../../src/web/features/notifications/i18n';
import { closeContext } from './support/pool';
import { test } from './support/session';

/**
 * Two server processes on one database (as behind a load balancer): a consultant's browser is
 * connected to one; a member opens a request through the other, and the consultant's bell counts it
 * and lists it without a reload. Each process hears the change on its own LISTEN connection.
 */
const ru = { notifications: notifications.ru };
type Server = { child: ChildProcess; base: string; output: () => string; exited: Promise<unknown> };

let dir: string;
let cluster: EmbeddedCluster | undefined;
const servers: Server[] = [];

test.setTimeout(240_000);

async function startServer(databaseUrl: string, name: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dir, name),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: 'bell-processes-secret-0123456789abcdef-0123456789',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
  servers.push(server);
  const began = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    if (Date.now() - began > 150_000) throw new Error(`${name} did not start:\n${output}`);
    await sleep(250);
  }
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bell-'));
  // mkdtemp makes the dir 0700; as root PostgreSQL runs as the `postgres` user, which must get in.
  fs.chmodSync(dir, 0o755);
  cluster = await startEmbeddedPostgres(path.join(dir, 'db'), () => {});
  await ensureDatabase(cluster.url(), 'atrium');
  // One after the other: the first migrates and seeds the demo accounts, the second finds them there.
  await startServer(cluster.url('atrium'), 'one');
  await startServer(cluster.url('atrium'), 'two');
});
test.afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
  }
  await cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a request opened through one process reaches the bell of a browser on the other', async ({ browser }) => {
  const [one, two] = servers as [Server, Server];
  const context = await browser.newContext({ baseURL: two.base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('consultant@demo.atrium');
  await page.locator('input[name="password"]').fill('demo-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/staff-dashboard$/);
  const bell = page.getByTestId('notifications-bell');
  await expect(bell).toHaveAccessibleName(ru.notifications.title);

  const anonymous = await playwrightRequest.newContext({ baseURL: one.base });
  const login = await anonymous.post('/api/accounts/login/', {
    form: { username: 'member@demo.atrium', password: 'demo-password' },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const subject = `Through process one ${Date.now().toString(36)}`;
  const created = await anonymous.post('/api/tickets/create/', {
    headers: { Authorization: `JWT ${token}` },
    data: { type: 'technical', subject, message: 'Does the other process hear it?' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await anonymous.dispose();

  await expect(bell).toHaveAccessibleName(`${ru.notifications.title} 1`);
  await bell.click();
  await expect(page.getByTestId('notification').filter({ hasText: subject })).toBeVisible();
  await closeContext(context);
});
