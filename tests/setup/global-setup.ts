import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test cluster; test files create (and drop) their own databases on it. */
    adminDbUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when set (an external server, left as it
 * is), otherwise an embedded cluster in a fresh temp dir, stopped and removed at the end.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('adminDbUrl', external);
    return undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-vitest-'));
  // mkdtemp makes the dir 0700; as root PostgreSQL runs as the `postgres` user, which must get in.
  fs.chmodSync(dir, 0o755);
  const messages: string[] = [];
  let cluster;
  try {
    cluster = await startEmbeddedPostgres(dir, (m) => messages.push(m), { lock: true });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    if (messages.length) console.error(`embedded PostgreSQL said:\n${messages.join('\n')}`);
    throw err;
  }
  project.provide('adminDbUrl', cluster.url());
  return async () => {
    try {
      await cluster.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
