/**
 * Front-end budgets, measured in Chromium (`npm run bench` runs it after the API bench, or alone:
 * `npx tsx scripts/bench/frontend.ts`):
 *  - JavaScript loaded before the login screen is interactive, gzip-compressed (budget 250 KB: the
 *    public screens load without react-admin's UI, the data provider or the areas' messages, see App.tsx),
 *    and as the server sent it (its brotli copies);
 *  - login time-to-interactive and dashboard LCP with the CPU slowed down 4×, median of 5 runs;
 *  - the number of JS chunks the build has (every route is lazily loaded in App.tsx);
 *  - each main screen's first contentful data with the CPU slowed down 4×, median of the runs (budget
 *    1,000 ms, reported, not enforced): the time from the start of the navigation (a cold load of the
 *    screen's address, signed in, new browser context so nothing is cached) until the screen's data is
 *    visible — its data call has answered and the text of its first row (seeded below) or, where the
 *    screen has no seeded row, its rendered answer with no loading indicator left, is on screen.
 *    Read with performance.now() once Playwright sees it (it polls on animation frames, a few ms late).
 * Starts the real server (embedded PostgreSQL in a temp dir, demo data) on a free port; the staff screens'
 * rows (a task, a waiting lead) are added through the API as the E2E tests do.
 * BENCH_WEB_SCREENS=0 leaves the screens out; BENCH_WEB_SCREENS=lessons,tasks measures only those.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { launchBenchBrowser } from './web-session';
import { must } from '../must';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { benchScreens, type Role, type Screen } from './web-screens';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const BUDGET_KB = 250;
const SCREEN_BUDGET_MS = 1000;
const WEB_DIST = process.env.WEB_DIST ?? 'dist/web';

const median = (xs: number[]) => must([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => {
        resolve(port);
      });
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-web-'));
  fs.chmodSync(dataDir, 0o755);
  // One node process (tsx as a loader), so SIGTERM reaches the server itself and it stops its PostgreSQL.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      WEB_DIST,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function slowPage(
  browser: Browser,
  localStorage: Array<{ name: string; value: string }> = [],
  origin = '',
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: { cookies: [], origins: origin ? [{ origin, localStorage }] : [] },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** Loads /login cold; returns the gzip size of every script fetched before the form takes input, and the time it took. */
type LoginRun = { gzipBytes: number; wireBytes: number; scripts: number; tti: number; largest: string[] };

async function loginRun(browser: Browser, base: string): Promise<LoginRun> {
  const page = await slowPage(browser);
  const bodies: Promise<[string, Buffer]>[] = [];
  const wire: Promise<number>[] = [];
  let ready = false;
  page.on('response', (res) => {
    if (!ready && res.request().resourceType() === 'script') {
      // What the server sent, compressed or not (its build's brotli copies, scripts/precompress.ts).
      wire.push(
        res
          .finished()
          .then(async () => (await res.request().sizes()).responseBodySize)
          .catch(() => 0),
      );
      bodies.push(
        res
          .body()
          .then((b) => [res.url(), b] as [string, Buffer])
          .catch(() => [res.url(), Buffer.alloc(0)] as [string, Buffer]),
      );
    }
  });
  await page.goto(`${base}/login`, { waitUntil: 'commit' });
  const input = page.locator('input[name="username"]');
  await input.waitFor({ state: 'visible', timeout: 120_000 });
  await page.waitForFunction(() => {
    const el = document.querySelector<HTMLInputElement>('input[name="username"]');
    return Boolean(el && !el.disabled);
  });
  const tti = await page.evaluate(() => performance.now());
  ready = true;
  const sizes = (await Promise.all(bodies)).map(
    ([url, b]) => [path.basename(url), zlib.gzipSync(b, { level: 9 }).length] as const,
  );
  const gzipBytes = sizes.reduce((sum, [, n]) => sum + n, 0);
  const wireBytes = (await Promise.all(wire)).reduce((sum, n) => sum + n, 0);
  const largest = [...sizes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.BENCH_WEB_LARGEST ?? 6))
    .map(([f, n]) => `${f} ${(n / 1024).toFixed(0)} KB`);
  await page.context().close();
  return { gzipBytes, wireBytes, scripts: bodies.length, tti, largest };
}

/** Logs in, then loads /dashboard cold and reads its Largest Contentful Paint. */
async function dashboardLcp(browser: Browser, base: string): Promise<number> {
  const page = await slowPage(browser);
  await page.goto(`${base}/login`);
  await page.locator('input[name="username"]').fill('member@demo.atrium');
  await page.locator('input[name="password"]').fill('demo-password');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/dashboard/, { timeout: 120_000 });
  await page.goto(`${base}/dashboard`);
  await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          // Runs in the page: the newest LCP entry, -1 when there is none.
          resolve(list.getEntries().at(-1)?.startTime ?? -1);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          resolve(-1);
        }, 5000);
      }),
  );
  await page.context().close();
  return lcp;
}

type Session = { token: string; user: { id: number; language: string } };

async function apiLogin(base: string, role: Role): Promise<Session> {
  const res = await fetch(`${base}/api/accounts/login/`, {
    method: 'POST',
    body: new URLSearchParams({ username: `${role}@demo.atrium`, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login of ${role}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Session;
}

async function apiPost(base: string, session: Session, path: string, body: object): Promise<void> {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { Authorization: `JWT ${session.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
}

async function apiGet<T>(base: string, session: Session, path: string): Promise<T> {
  const res = await fetch(`${base}/api${path}`, { headers: { Authorization: `JWT ${session.token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The rows the staff screens show, added through the API (the demo seed has lessons, books and accounts). */
async function seedScreens(base: string, sessions: Record<Role, Session>): Promise<Screen[]> {
  const member = sessions.member.user.id;
  await apiPost(base, sessions.consultant, '/user_tasks/create/', {
    type: 'meet',
    start_in: '30',
    description: 'Bench coffee',
    linked_user_id: member,
  });
  // In the last half hour of the consultant's day the task starts tomorrow: it is then under Future, not
  // Today (the list's first tab), and the screen is opened on that tab.
  const zone = (await apiGet<{ time_zone?: string }>(base, sessions.consultant, '/accounts/me/')).time_zone || 'UTC';
  const day = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(t);
  const tab = day(Date.now()) === day(Date.now() + 30 * 60_000) ? 'today' : 'future';
  await apiPost(base, sessions.admin, '/v1/users/', {
    email: 'bench-lead@bench.example',
    first_name: 'Wanda',
    last_name: 'Waiting',
    role: 'member',
    lead_status: 'waiting',
  });
  return benchScreens(member, tab);
}

/** Opens a screen cold, signed in, and returns when its data is visible (see the header). */
async function screenRun(browser: Browser, base: string, screen: Screen, session: Session): Promise<number> {
  const page = await slowPage(
    browser,
    [
      { name: 'atrium:token', value: session.token },
      { name: 'atrium:user', value: JSON.stringify(session.user) },
      // A returning user's browser holds the account's language (the login settles it, authProvider.ts):
      // another one makes the app switch at start-up, a second render and the menus asked again.
      { name: 'atrium:locale', value: session.user.language },
    ],
    base,
  );
  const answered = page.waitForResponse((res) => screen.data.test(new URL(res.url()).pathname), { timeout: 120_000 });
  await page.goto(`${base}${screen.path}`, { waitUntil: 'commit' });
  await answered;
  if (screen.row) await page.getByText(screen.row).first().waitFor({ state: 'visible', timeout: 120_000 });
  else
    await page.waitForFunction(
      () =>
        !document.querySelector('[role="progressbar"], .MuiSkeleton-root') && Boolean(document.querySelector('main')),
      undefined,
      { timeout: 120_000 },
    );
  const ms = await page.evaluate(() => performance.now());
  await page.context().close();
  return ms;
}

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST} is not built: run npm run build`);
  const chunks = fs.readdirSync(path.join(WEB_DIST, 'assets')).filter((f) => f.endsWith('.js')).length;
  const port = await freePort();
  const server = await startServer(port);
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchBenchBrowser();
  try {
    const logins = [];
    const lcps = [];
    for (let i = 0; i < RUNS; i++) logins.push(await loginRun(browser, base));
    const screenRows: string[][] = [];
    if (!process.env.BENCH_WEB_LOGIN_ONLY) {
      for (let i = 0; i < RUNS; i++) lcps.push(await dashboardLcp(browser, base));
      const only = process.env.BENCH_WEB_SCREENS;
      if (only !== '0') {
        const sessions = {
          member: await apiLogin(base, 'member'),
          consultant: await apiLogin(base, 'consultant'),
          admin: await apiLogin(base, 'admin'),
        };
        const screens = (await seedScreens(base, sessions)).filter(
          (s) => !only || only.split(',').some((part) => s.name.includes(part)),
        );
        for (const screen of screens) {
          const times = [];
          for (let i = 0; i < RUNS; i++) times.push(await screenRun(browser, base, screen, sessions[screen.role]));
          const ms = median(times);
          screenRows.push([
            `${screen.name}: data visible, CPU 4x slower`,
            `${ms.toFixed(0)} ms`,
            `median of ${RUNS}, ${ms <= SCREEN_BUDGET_MS ? 'ok' : 'over'} (<= ${SCREEN_BUDGET_MS} ms)`,
          ]);
        }
      }
    }
    const kb = median(logins.map((l) => l.gzipBytes)) / 1024;
    const rows = [
      [
        'login: JS before interactive (gzip)',
        `${kb.toFixed(1)} KB in ${median(logins.map((l) => l.scripts))} files`,
        `${kb <= BUDGET_KB ? 'ok' : 'MISSED'} (<= ${BUDGET_KB} KB)`,
      ],
      [
        'login: JS on the wire',
        `${(median(logins.map((l) => l.wireBytes)) / 1024).toFixed(1)} KB`,
        'as the server sent it',
      ],
      [
        'login: time to interactive, CPU 4x slower',
        `${median(logins.map((l) => l.tti)).toFixed(0)} ms`,
        `median of ${RUNS}`,
      ],
      ...(lcps.length ? [['dashboard: LCP, CPU 4x slower', `${median(lcps).toFixed(0)} ms`, `median of ${RUNS}`]] : []),
      ...screenRows,
      ['build: JS chunks (routes lazy-loaded)', String(chunks), '-'],
    ];
    if (kb > BUDGET_KB || process.env.BENCH_WEB_LARGEST)
      console.log(`largest scripts before the login is interactive: ${must(logins[0]).largest.join(', ')}`);
    const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => must(r[i]).length), 8));
    console.log(`\nfront end (npx tsx scripts/bench/frontend.ts, Chromium ${browser.version()})`);
    for (const r of rows) console.log(r.map((c, i) => c.padEnd(must(w[i]))).join('  '));
  } finally {
    await browser.close();
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
