import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { APP_ROOT } from '../paths';
import { directConnectionConfig } from './client';

// Read from the sources by the compiled server too (dist-server/ holds only the bundle).
const MIGRATIONS = path.join(APP_ROOT, 'src/server/db/migrations');
// Any constant works; it only has to be the same for every Atrium process on one database.
const LOCK_KEY = 727_274_001;

/**
 * Applies pending migrations; an advisory lock makes concurrent starts wait for each other. The lock
 * is a session's, so this runs on a direct connection of its own (DATABASE_DIRECT_URL behind a
 * transaction pooler, which would hand the unlock to another server connection).
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = new pg.Client(directConnectionConfig(pool, 'atrium-migrate'));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
