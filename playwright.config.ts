import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium-args';
import { e2eGroup, SCAN } from './scripts/e2e-groups';
import { VIEWPORTS } from './scripts/e2e-viewports';

// Debian's Chromium (Playwright cannot download its own here): its headless shell when installed, the
// build Playwright itself runs headless, which draws with about a third less CPU than the full browser.
const SYSTEM_CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p));
const PORT = Number(process.env.E2E_PORT ?? 18080);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 18025);
const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 18026);
// The local Telegram Bot API peer (tests/e2e/support/telegram-peer.ts); next to the mail peer by default.
const TELEGRAM_PORT = Number(process.env.E2E_TELEGRAM_PORT ?? MAIL_HTTP_PORT + 1);
// Each run starts the real server on an empty data dir (embedded PostgreSQL, demo data seeded).
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
// `npm run test:e2e` (scripts/e2e.ts) runs the specs in E2E_GROUPS groups at once, each a run of its own
// with its own server, data dir, mail and Telegram peers and ports, so no spec sees another's data or
// clock. Group E2E_GROUP takes its share of the specs (see e2eGroup); one run alone takes them all.
const GROUPS = Number(process.env.E2E_GROUPS ?? 1);
const GROUP = Number(process.env.E2E_GROUP ?? 1);
const specs = e2eGroup(
  fs.readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts')),
  GROUPS,
)[GROUP - 1];
if (!specs) throw new Error(`E2E_GROUP must be 1 … E2E_GROUPS (${String(GROUPS)})`);
const scanHere = specs.includes(SCAN);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: GROUPS > 1 ? `test-results/e2e-${String(GROUP)}` : 'test-results/e2e',
  // Generous for a shared 2-core machine running two E2E groups at once; a real failure still fails.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A Russian browser: the public screens follow the browser's language, and the specs are written
    // against Russian, the app's default. Specs about other browsers set their own.
    locale: 'ru-RU',
    // No trace by default: recording one costs about 40 % of a run's CPU, and CI prints each failure's
    // page snapshot (error-context.md) instead. Locally: `npm run test:e2e -- --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // A click or a navigation that cannot happen fails with its call log instead of waiting for the test's
    // time-out: a kept page (tests/e2e/support/pool.ts) outlives its test, so a call still waiting then
    // is never named in the report.
    actionTimeout: 45_000,
    navigationTimeout: 60_000,
    // No animations to draw frame by frame while a spec waits (spinners, transitions). With the flag
    // below, Chromium's CPU in staff.spec fell from 86 to 73 s (load 12-16, .perf/e2ecpu.sh).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: SYSTEM_CHROMIUM,
      args: [
        ...CHROMIUM_ARGS,
        // Chromium's compositor in the browser process: one process and its IPC fewer per browser.
        '--in-process-gpu',
        // V8's optimizing tiers (Maglev, TurboFan) off: a spec's pages are short-lived, so compiling hot
        // code costs more CPU than it saves. Chromium's page processes used a quarter less CPU in staff.spec
        // (46 → 35 s; a11y.spec, axe's checks included: 81 → 64 s); the interpreter and Sparkplug still run every script as written.
        '--js-flags=--no-opt --no-maglev',
        // More of Chromium's switches for one run, e.g. a trace of every page while a spec runs (docs/testing.md).
        ...(process.env.E2E_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
    },
  },
  projects: [
    // The language scan reads every screen for words of the wrong language, so it runs first, on the
    // demo data alone: the other specs' people, mails and history entries are data, not interface.
    ...(scanHere
      ? [{ name: 'language-scan', testMatch: `**/${SCAN}`, use: { browserName: 'chromium' as const } }]
      : []),
    // One width per project, each test in one of them only (CI time): a test about the phone width alone is
    // tagged `@phone` (`test('…', { tag: '@phone' }, …)`) and runs in the phone project, every other test in
    // the desktop one, Playwright's default window. A test that walks several widths (VIEWPORTS,
    // LANGUAGE_WALKS) sets them itself, in the desktop project. Both take the group's spec files.
    {
      name: 'desktop',
      testMatch: specs.filter((f) => f !== SCAN).map((f) => `**/${f}`),
      grepInvert: /@phone/,
      dependencies: scanHere ? ['language-scan'] : [],
      use: { browserName: 'chromium' },
    },
    {
      name: 'phone',
      testMatch: specs.filter((f) => f !== SCAN).map((f) => `**/${f}`),
      grep: /@phone/,
      dependencies: scanHere ? ['language-scan'] : [],
      use: { browserName: 'chromium', viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    {
      // A real SMTP peer for the mail flows (tests/e2e/support/mail.ts reads what it received).
      command: 'npx tsx tests/e2e/support/smtp-sink.ts',
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(SMTP_PORT), HTTP_PORT: String(MAIL_HTTP_PORT) },
    },
    {
      // The bot's side of Telegram: the server long-polls it and sends through it (telegram.spec.ts).
      command: 'npx tsx tests/e2e/support/telegram-peer-server.ts',
      url: `http://127.0.0.1:${TELEGRAM_PORT}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { TELEGRAM_PEER_PORT: String(TELEGRAM_PORT) },
    },
    {
      // The production server, as `npm start` runs it (compiled to dist-server/ first, fresh for local
      // runs; scripts/e2e.ts compiles it once for all its groups).
      command: process.env.E2E_SERVER_BUILT ? 'npm start' : 'npm run build:server -- --logLevel warn && npm start',
      url: `http://localhost:${PORT}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      // A stop as a service manager's: the server drains and stops its embedded PostgreSQL, which runs in
      // a process group of its own and would outlive the default SIGKILL of the server's group.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Kept contexts (support/pool.ts) reuse their connections across tests: one idle for just the
        // default 72 s was closed by the server as the next test sent on it (CI: ECONNRESET in payments.spec).
        // A run's connections are never idle this long, as a load balancer's (docs/operations.md).
        KEEP_ALIVE_SECONDS: '3600',
        // Lets the tests move the server's clock (POST /__test__/clock) to expire links.
        TEST_CLOCK: '1',
        // The bot, against the local peer; PUBLIC_URL is not https, so the server long-polls for updates.
        TELEGRAM_BOT_TOKEN: '123456:e2e-bot-token',
        TELEGRAM_API_ROOT: `http://127.0.0.1:${TELEGRAM_PORT}`,
        // A web build of one's own (parallel work builds into separate dirs); dist/web otherwise.
        ...(process.env.WEB_DIST && { WEB_DIST: process.env.WEB_DIST }),
      },
    },
  ],
});
