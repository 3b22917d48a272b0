import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { tagGroups, tags, users } from './schema';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { newPromoCode } from '../services/users';
import { seedDemoContent, type DemoFileStore } from './seed-content';
import { one, present } from './rows';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.atrium', role: 'admin', firstName: 'Anna', lastName: 'Admin', phone: '+49301234001' },
  {
    email: 'consultant@demo.atrium',
    role: 'consultant',
    firstName: 'Konstantin',
    lastName: 'Berater',
    phone: '+49301234002',
  },
  { email: 'member@demo.atrium', role: 'member', firstName: 'Maria', lastName: 'Mitglied', phone: '+49301234003' },
] as const;

/**
 * Demo accounts and demo learning content for the embedded default; each part does nothing when it
 * exists already. `store` takes the content's demo PDFs. Returns true when it seeded.
 */
export async function seedDemo(db: Db, opts: { store?: DemoFileStore } = {}): Promise<boolean> {
  const accounts = await seedDemoAccounts(db);
  const content = await seedDemoContent(db, opts.store);
  const tagged = await seedDemoTags(db);
  return accounts || content || tagged;
}

/**
 * The demo logins anyone could sign in with, since their password is published (README): those that
 * exist with it still, or all of them when this start is about to seed them. While there are any, the
 * server must not be reachable from the network (main.ts). A demo account whose password was changed
 * is an ordinary account.
 */
export async function publishedDemoLogins(db: Db, seeding: boolean): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, emails));
  if (seeding && !rows.some((r) => r.email === DEMO_ADMIN)) return emails;
  const published: string[] = [];
  for (const r of rows) if (r.email && (await verifyPassword(r.passwordHash, DEMO_PASSWORD))) published.push(r.email);
  return published;
}

/** A few tag groups and tags, so creating a lead and importing users work on a fresh install. */
const DEMO_TAGS: Record<string, string[]> = {
  Sources: ['Website', 'Event', 'Referral'],
  Interests: ['Learning', 'Partnership'],
};

async function seedDemoTags(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    let added = 0;
    for (const [group, names] of Object.entries(DEMO_TAGS)) {
      await tx.insert(tagGroups).values({ name: group }).onConflictDoNothing({ target: tagGroups.name });
      const g = one(await tx.select({ id: tagGroups.id }).from(tagGroups).where(eq(tagGroups.name, group)));
      const rows = await tx
        .insert(tags)
        .values(names.map((name) => ({ name, groupId: g.id })))
        .onConflictDoNothing({ target: tags.name })
        .returning({ id: tags.id });
      added += rows.length;
    }
    return added > 0;
  });
}

/** Its presence says the demo accounts were seeded. */
const DEMO_ADMIN = 'admin@demo.atrium';

async function seedDemoAccounts(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const ids: Record<string, number> = {};
    for (const a of DEMO_ACCOUNTS) {
      const row = one(
        await tx
          .insert(users)
          .values({
            email: a.email,
            phone: a.phone,
            passwordHash,
            firstName: a.firstName,
            lastName: a.lastName,
            role: a.role,
            isSuperuser: a.role === 'admin',
            emailActivation: true,
            leadStatus: 'active',
            promoCode: newPromoCode(),
            city: 'Berlin',
            country: 'DE',
            timeZone: 'Europe/Berlin',
          })
          .returning({ id: users.id }),
      );
      ids[a.role] = row.id;
    }
    // The member was invited by the consultant, who also looks after them.
    await tx
      .update(users)
      .set({ referrerId: ids.consultant, responsibleId: ids.consultant })
      .where(eq(users.id, present(ids.member, 'the demo member')));
    await tx.execute(sql`select 1`);
  });
  return true;
}
