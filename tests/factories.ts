import { hashPassword } from '../src/server/auth/passwords';
import type { Db } from '../src/server/db/client';
import { payments, tasks, users } from '../src/server/db/schema';
import { newPromoCode } from '../src/server/services/users';

/**
 * The records tests make straight in the database, one factory per table: each fills what the
 * table requires with a fresh value (a unique email and promo code, a time zone) and takes any other
 * column by its schema name, typed by the Drizzle schema. A test names only what it is about:
 * `await createUser(t.db, { role: 'consultant', referrerId: root.id })`.
 *
 * `db` is the test app's Drizzle database (`t.db`), a transaction of it, or `drizzle(client)` over
 * a pg client of the test's own.
 */
type Inserter = Pick<Db, 'insert'>;

let seq = 0;
/** A value no other record of this run has (emails, names). */
const unique = () => `${++seq}-${Date.now().toString(36)}`;

export type UserFields = Omit<Partial<typeof users.$inferInsert>, 'email'> & {
  /** Every user made here has an email (a fresh one unless given). */
  email?: string;
  /** A password to sign in with (stored hashed); without one the user cannot sign in by password. */
  password?: string;
};

export type CreatedUser = { id: number; email: string };

/** The columns of a new user: the fields given over a fresh email, promo code and Moscow time zone. */
async function userRow({ password, ...fields }: UserFields): Promise<typeof users.$inferInsert & { email: string }> {
  const n = unique();
  return {
    email: `u${n}@factory.test`,
    firstName: 'Test',
    lastName: `User${n}`,
    promoCode: newPromoCode(),
    timeZone: 'Europe/Moscow',
    // An admin is a superuser too, as the app makes them.
    isSuperuser: fields.role === 'admin',
    ...(password !== undefined && { passwordHash: await hashPassword(password) }),
    ...fields,
  };
}

/** One user (the tree trigger sets path and counters). */
export async function createUser(db: Inserter, fields: UserFields = {}): Promise<CreatedUser> {
  const row = await userRow(fields);
  const [created] = await db.insert(users).values(row).returning({ id: users.id });
  return { id: created!.id, email: row.email };
}

/**
 * Several users in one statement, as bulk imports write them (statement-level triggers see them
 * together); in the order given.
 */
export async function createUsers(db: Inserter, list: UserFields[]): Promise<CreatedUser[]> {
  const rows = await Promise.all(list.map(userRow));
  const ids = await db.insert(users).values(rows).returning({ id: users.id });
  return ids.map(({ id }, i) => ({ id, email: rows[i]!.email }));
}

/** A payment: by default a paid card donation of 5.00 through the sandbox, paid now. */
export async function createPayment(
  db: Inserter,
  fields: Partial<typeof payments.$inferInsert> & { userId: number },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(payments)
    .values({
      kind: 'donation',
      state: 'paid',
      amountCents: 500,
      method: 'card',
      provider: 'sandbox',
      paidAt: fields.state === undefined || fields.state === 'paid' ? new Date() : null,
      ...fields,
    })
    .returning({ id: payments.id });
  return row!;
}

/** A task of its owner: by default a call starting now. */
export async function createTask(
  db: Inserter,
  fields: Partial<typeof tasks.$inferInsert> & { ownerId: number },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(tasks)
    .values({ type: 'call', startAt: new Date(), ...fields })
    .returning({ id: tasks.id });
  return row!;
}
