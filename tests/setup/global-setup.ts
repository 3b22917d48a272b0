import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../../src/server/db/client';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { runMigrations } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seed';
import { runBundleDir } from './bundle-dir';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test cluster; test files create (and drop) their own databases on it. */
    adminDbUrl: string;
    /** Databases migrated once for the run (`bare`) and seeded too (`demo`): test apps copy one of them. */
    templateDbs: { bare: string; demo: string };
  }
}

async function onAdmin<T>(adminUrl: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates (and seeds) two databases once, which every test file then copies (`create database …
 * template …`, a fraction of a second) instead of migrating and seeding a database of its own. Returns
 * their names and a function that drops them.
 */
async function makeTemplates(
  adminUrl: string,
): Promise<{ names: { bare: string; demo: string }; drop: () => Promise<void> }> {
  const run = randomBytes(4).toString('hex');
  const names = { bare: `tpl_${run}_bare`, demo: `tpl_${run}_demo` };
  const drop = () =>
    onAdmin(adminUrl, async (c) => {
      for (const name of Object.values(names)) await c.query(`drop database if exists "${name}" with (force)`);
    });
  try {
    for (const [kind, name] of Object.entries(names)) {
      await onAdmin(adminUrl, (c) => c.query(`create database "${name}"`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const { db, pool } = connect(url.toString(), 4, 0);
      try {
        await runMigrations(pool);
        if (kind === 'demo') await seedDemo(db);
      } finally {
        await pool.end();
      }
    }
  } catch (err) {
    await drop().catch(() => {});
    throw err;
  }
  return { names, drop };
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when set (an external server, left as it was:
 * the templates are dropped at the end), otherwise an embedded cluster in a fresh temp dir, stopped and
 * removed at the end.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  // The server bundle this run's workers build for the tests that start server processes (server-process.ts).
  const dropBundle = () => {
    fs.rmSync(runBundleDir(process.pid), { recursive: true, force: true });
  };
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('adminDbUrl', external);
    const templates = await makeTemplates(external);
    project.provide('templateDbs', templates.names);
    return async () => {
      dropBundle();
      await templates.drop();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-vitest-'));
  // mkdtemp makes the dir 0700; as root PostgreSQL runs as the `postgres` user, which must get in.
  fs.chmodSync(dir, 0o755);
  const messages: string[] = [];
  let cluster;
  try {
    // A throwaway cluster: no flush to disk per commit or per copied database (PostgreSQL's own
    // advice for data that need not survive a crash). About a tenth less CPU for the API tests.
    // Initdb's 128 MB of buffers, not the 1 GB a server of this machine's memory takes: the test
    // databases are a few MB each, and 40 API files took a tenth less CPU (docs/performance.md).
    cluster = await startEmbeddedPostgres(dir, (m) => messages.push(m), {
      lock: true,
      settings: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'shared_buffers=128MB'],
    });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    if (messages.length) console.error(`embedded PostgreSQL said:\n${messages.join('\n')}`);
    throw err;
  }
  project.provide('adminDbUrl', cluster.url());
  try {
    project.provide('templateDbs', (await makeTemplates(cluster.url())).names);
  } catch (err) {
    await cluster.stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return async () => {
    dropBundle();
    try {
      await cluster.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
