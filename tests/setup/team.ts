import { createPayment, createUser } from '../factories';
import type { TestApp } from './test-app';

let seq = 0;

/** A user straight in the database (the tree trigger sets path and counters); returns id and login. */
export async function makeUser(
  t: TestApp,
  opts: {
    firstName?: string;
    lastName?: string;
    referrerId?: number | null;
    responsibleId?: number | null;
    role?: 'member' | 'consultant' | 'admin';
    status?: 'waiting' | 'processing' | 'active' | 'not_active';
    password?: string;
  } = {},
): Promise<{ id: number; email: string; password: string }> {
  const password = opts.password ?? 'team-password-1';
  const user = await createUser(t.db, {
    password,
    firstName: opts.firstName ?? 'Team',
    lastName: opts.lastName ?? `User${++seq}`,
    emailActivation: true,
    language: 'en',
    referrerId: opts.referrerId ?? null,
    responsibleId: opts.responsibleId ?? null,
    role: opts.role ?? 'member',
    leadStatus: opts.status ?? 'active',
  });
  return { ...user, password };
}

/** A paid donation of `cents`, paid at `paidAt`. */
export async function paidDonation(t: TestApp, userId: number, cents: number, paidAt: Date) {
  await createPayment(t.db, { userId, amountCents: cents, paidAt });
}
