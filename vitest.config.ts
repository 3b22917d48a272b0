import fs from 'node:fs';
import os from 'node:os';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { appMessages, nativeShims, publicMessages } from './vite.config.ts';
import { UNIT_FRESH, WEB_FRESH } from './scripts/fresh-modules.ts';

/**
 * Files that take a minute or more, mostly waiting on the processes they start (servers, PostgreSQL,
 * PgBouncer) or calling every operation (fuzz), slowest first. A clean clone has no timings of earlier
 * runs, so Vitest would start them in name order, and a run could end with one of them going on alone.
 */
const SLOW = [
  'embedded-crash',
  'fuzz',
  'embedded-supervise',
  'pooler',
  'signals',
  'imports-kill',
  'payments-kill',
  'secure-start',
  'two-machines',
];

const rank = (spec: TestSpecification) => {
  const i = SLOW.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.ts`));
  return i < 0 ? SLOW.length : i;
};

/** Vitest's order (failed first, then the longest by the cache's timings), with the slow files above first. */
class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

// Debian's Chromium, as the E2E runs use it (playwright.config.ts): the headless shell when installed.
const SYSTEM_CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p));

/**
 * Vitest runs four kinds of tests, one project each:
 * - `unit`: unit tests in Node, each file on fresh modules.
 * - `server`: API tests in Node; they get a PostgreSQL admin URL from the global setup (one embedded
 *   cluster for the whole run, or TEST_DATABASE_URL) and copy a template database of their own.
 * - `web`: the web app's data-provider adapters against typed MSW handlers (openapi-msw).
 * - `components`: the web app's forms rendered in Chromium (Vitest browser mode, one browser for every
 *   file), inside react-admin's <AdminContext> with a mocked data provider (tests/components/harness.tsx).
 * Files run in parallel (the default forks pool); each API test file owns its database and app.
 */
export default defineConfig({
  test: {
    // Shared by every project through `extends: true`.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // Vitest's default (CPUs - 1) runs files one by one on a 2-CPU machine, while much of an API
    // test's time is spent waiting on PostgreSQL or a child process: one worker more than the CPUs, so
    // that the files that wait on servers they start (SlowFirstSequencer above) leave no CPU idle.
    maxWorkers: os.availableParallelism() + 1,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: UNIT_FRESH,
          // Files in one worker share the modules they import (the contract, the catalogues, the server's
          // rules): the project's CPU fell from 73 to 44 s. A file that mocks a module or puts a global runs
          // in unit-fresh (scripts/fresh-modules.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-fresh',
          environment: 'node',
          // On fresh modules (scripts/fresh-modules.ts): out-of-space mocks Node's own node:fs.
          include: UNIT_FRESH,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // Files in one worker share the modules they import (the server, drizzle, fastify): imported once
          // per worker instead of once per file, which was about half of the run's CPU. Every file still
          // owns its database, app and server processes; module-level state is keyed by what owns it.
          isolate: false,
          // Only this project needs PostgreSQL: the cluster starts when a server test is queued.
          globalSetup: 'tests/setup/global-setup.ts',
          // Fails a file whose code sends a statement on a pg client busy with another.
          setupFiles: ['tests/setup/server-guards.ts'],
        },
      },
      {
        extends: true,
        // The starting language's messages are a module the web build makes (vite.config.ts).
        plugins: [publicMessages(), appMessages()],
        test: {
          name: 'web',
          // The data-provider adapters only use fetch: Node is enough; MSW intercepts the calls.
          environment: 'node',
          include: ['tests/web/**/*.test.ts'],
          exclude: WEB_FRESH,
          // Files in one worker share the modules they import (react-admin, the client, the catalogues):
          // the project's CPU fell from 119 to 44 s. A file that mocks a module or puts a global runs in
          // web-fresh (scripts/fresh-modules.ts).
          isolate: false,
          setupFiles: ['tests/setup/web-fetch.ts'],
        },
      },
      {
        extends: true,
        plugins: [publicMessages(), appMessages()],
        test: {
          name: 'web-fresh',
          environment: 'node',
          include: WEB_FRESH,
          setupFiles: ['tests/setup/web-fetch.ts'],
        },
      },
      {
        extends: true,
        plugins: [react(), nativeShims(), publicMessages(), appMessages()],
        // Vite's pre-bundled dependencies for the browser, kept with the other caches (node_modules may be shared).
        cacheDir: '.cache/vite-components',
        // Every dependency the web app may import, found before the first test: one discovered later (a screen's
        // lazy import) makes Vite reload the page mid-run, and the reloaded tests see two copies of React.
        optimizeDeps: { entries: ['src/web/**/*.{ts,tsx}', 'tests/components/**/*.tsx'] },
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          // expect.element waits up to 10 s instead of 1 s: CI's loaded host drew some answers later than that.
          expect: { poll: { timeout: 10_000 } },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              // A click that cannot land (something over its target) fails naming its locator, not as the test's time-out.
              actionTimeout: 15_000,
              launchOptions: {
                executablePath: SYSTEM_CHROMIUM,
                // As the E2E runs (playwright.config.ts): V8's optimizing tiers cost more than they save here.
                args: ['--no-sandbox', '--disable-gpu', '--js-flags=--no-opt --no-maglev'],
              },
            }),
            instances: [{ browser: 'chromium' }],
            // No screenshot of a failure: the assertion's message says what was on the page.
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
