import path from 'node:path';

/**
 * Where a Vitest run's server bundle is built (tests/setup/server-process.ts): one folder per run, named
 * by the run's main process, which its workers have as parent and the global setup runs in.
 */
export const runBundleDir = (runPid: number) =>
  path.join(import.meta.dirname, '..', '..', '.cache', 'test-server', `run-${String(runPid)}`);
