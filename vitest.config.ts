import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Vitest runs two kinds of tests, one project each:
 * - `server`: unit and API tests in Node; the API tests get a PostgreSQL admin URL from the global
 *   setup (one embedded cluster for the whole run, or TEST_DATABASE_URL) and make their own database.
 * - `web`: the web app's data-provider adapters against typed MSW handlers (openapi-msw).
 * Files run in parallel (the default forks pool); each API test file owns its database and app.
 */
export default defineConfig({
  test: {
    // Shared by every project through `extends: true`.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // Vitest's default (CPUs - 1) runs files one by one on a 2-CPU machine, while much of an API
    // test's time is spent waiting on PostgreSQL or a child process: keep at least two workers.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          // Only this project needs PostgreSQL: the cluster starts when a server test is queued.
          globalSetup: 'tests/setup/global-setup.ts',
          // Fails a file whose code sends a statement on a pg client busy with another.
          setupFiles: ['tests/setup/server-guards.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          // The data-provider adapters only use fetch: Node is enough; MSW intercepts the calls.
          environment: 'node',
          include: ['tests/web/**/*.test.ts'],
          setupFiles: ['tests/setup/web-fetch.ts'],
        },
      },
    ],
  },
});
