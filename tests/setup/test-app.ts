import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { connect, DEFAULT_LANES, type Db } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed';

export const TEST_JWT_SECRET = 'test-secret-0123456789abcdef-0123456789abcdef-xy';

export type TestAppOptions = {
  /** Seed the demo accounts (admin/consultant/member@demo.atrium, password DEMO_PASSWORD). Default true. */
  seed?: boolean;
  /** Extra environment for loadConfig. */
  env?: Record<string, string>;
};

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  pool: pg.Pool;
  config: Config;
  /** The database's URL and name (a fresh `t_<hex>` per test app). */
  databaseUrl: string;
  databaseName: string;
  /** Logs in through the API and returns the token; fails the test on anything but a token. */
  login: (email: string, password?: string) => Promise<string>;
  /** Closes the app and the pool, then drops the database. */
  close: () => Promise<void>;
};

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * `create database … template …`, which PostgreSQL refuses while another session is on the template
 * (55006); copies made at the same moment by other test files can meet that, so it tries again.
 */
async function createFromTemplate(c: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await c.query(`create database "${name}" template "${template}"`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function admin<T>(adminUrl: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A migrated (and by default seeded) database of its own and the whole app on it, driven by `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = inject('adminDbUrl');
  if (!adminUrl)
    throw new Error('adminDbUrl is not provided: run the tests through vitest (tests/setup/global-setup.ts)');
  const databaseName = `t_${randomBytes(8).toString('hex')}`;
  // A copy of the run's migrated (and seeded) template: what runMigrations and seedDemo would make.
  const templates = inject('templateDbs');
  const template = options.seed === false ? templates.bare : templates.demo;
  await admin(adminUrl, (c) => createFromTemplate(c, databaseName, template));
  const databaseUrl = withDatabase(adminUrl, databaseName);

  // With the server's pipelined lanes (db/lanes.ts); DB_PIPELINE_LANES=0 runs the suite without them.
  const { db, pool } = connect(databaseUrl, 10, Number(process.env.DB_PIPELINE_LANES ?? DEFAULT_LANES));
  let app: FastifyInstance | undefined;
  const close = async () => {
    try {
      await app?.close();
    } finally {
      await pool.end().catch(() => {});
      await admin(adminUrl, (c) => c.query(`drop database if exists "${databaseName}" with (force)`));
    }
  };

  try {
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      // Uploads of this test file go to a temp dir of its own.
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-test-data-')),
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      // Many tests change a user's sign-in state with plain SQL and check the very next call; the
      // session cache (which hears such changes a few milliseconds later) is tested on its own.
      SESSION_CACHE_SECONDS: '0',
      ...options.env,
    });
    app = await buildApp({
      db,
      config,
      secret: config.jwtSecret!,
      logger: process.env.TEST_LOG ? { level: 'error' } : false,
    });
    await app.ready();
    const built = app;

    const login = async (email: string, password = DEMO_PASSWORD) => {
      const res = await built.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        payload: new URLSearchParams({ username: email, password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const body = res.json<{ token?: string }>();
      if (res.statusCode !== 200 || !body.token) {
        throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
      }
      return body.token;
    };

    return { app: built, db, pool, config, databaseUrl, databaseName, login, close };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

/** `Authorization` header for a token, the way the web app sends it. */
export const auth = (token: string) => ({ authorization: `JWT ${token}` });
