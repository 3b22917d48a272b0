import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { settings } from './db/schema';
import { one } from './db/rows';

/** The configured JWT secret, or one generated once and kept in the settings table. */
export async function jwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(48).toString('base64url');
  await db.insert(settings).values({ key: 'jwt_secret', value: fresh }).onConflictDoNothing();
  const row = one(await db.select().from(settings).where(eq(settings.key, 'jwt_secret')));
  return String(row.value);
}
