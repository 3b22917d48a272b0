import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCK_KEY, lockHolder } from '../../src/server/db/migrate';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The migrations' lock is per database: a start waiting for it names (and, when left behind, ends) only a
 * holder in its own database, never another Atrium's on the same PostgreSQL server.
 */
let t: TestApp;
let admin: pg.Client;
const otherName = () => `${t.databaseName}_other`;
const clients: pg.Client[] = [];

async function holdLock(connectionString: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString });
  c.on('error', () => {});
  clients.push(c);
  await c.connect();
  await c.query('select pg_advisory_lock($1)', [LOCK_KEY]);
  return c;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = new pg.Client({ connectionString: inject('adminDbUrl') });
  await admin.connect();
  await admin.query(`create database "${otherName()}"`);
});
afterAll(async () => {
  for (const c of clients) await c.end().catch(() => {});
  await admin.query(`drop database if exists "${otherName()}"`);
  await admin.end();
  await t.close();
});

describe('the migration lock’s holder', () => {
  it('is none while only another database on the server holds the same key', async () => {
    const otherUrl = Object.assign(new URL(inject('adminDbUrl')), { pathname: `/${otherName()}` }).toString();
    await holdLock(otherUrl);
    expect(await lockHolder(t.pool)).toBeUndefined();
  });

  it('is the session holding it in this database', async () => {
    const own = await holdLock(t.databaseUrl);
    const { rows } = await own.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect((await lockHolder(t.pool))?.pid).toBe(rows[0]!.pid);
  });
});
