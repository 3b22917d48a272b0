import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { APP_ROOT } from '../paths';

// Read from the sources by the compiled server too (dist-server/ holds only the bundle).
const MIGRATIONS = path.join(APP_ROOT, 'src/server/db/migrations');
// Any constant works; it only has to be the same for every Atrium process on one database.
const LOCK_KEY = 727_274_001;

/** Applies pending migrations; an advisory lock makes concurrent starts wait for each other. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
