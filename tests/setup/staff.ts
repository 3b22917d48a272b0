import type { LeadStatus } from '../../src/server/db/schema';
import { createUser } from '../factories';
import type { TestApp } from './test-app';

/** Shared pieces of the staff API tests (tests/api/{tasks,tickets,statistics,routing}*.test.ts). */

let seq = 0;
const PASSWORD = 'staff-password-1';

/** A consultant (or admin) straight in the database, English answers; returns id and a token. */
export async function makeEmployee(
  t: TestApp,
  opts: {
    role?: 'consultant' | 'admin';
    referrerId?: number;
    rating?: number;
    limit?: number;
    timeZone?: string;
    login?: boolean;
  } = {},
): Promise<{ id: number; email: string; token: string }> {
  const { id, email } = await createUser(t.db, {
    password: PASSWORD,
    firstName: 'Emp',
    lastName: `No${++seq}`,
    emailActivation: true,
    language: 'en',
    role: opts.role ?? 'consultant',
    referrerId: opts.referrerId ?? null,
    rating: opts.rating ?? 1,
    dailyLeadLimit: opts.limit ?? 20,
    timeZone: opts.timeZone ?? 'Europe/Berlin',
  });
  const token = opts.login === false ? '' : await t.login(email, PASSWORD);
  return { id, email, token };
}

/** A lead/member straight in the database. */
export async function makeLead(
  t: TestApp,
  opts: {
    responsibleId?: number | null;
    status?: LeadStatus;
    referrerId?: number;
    country?: string;
    joined?: Date;
    name?: string;
    telegram?: string;
  } = {},
): Promise<number> {
  const { id } = await createUser(t.db, {
    firstName: opts.name ?? `Lead${++seq}`,
    lastName: 'Lead',
    language: 'en',
    leadStatus: opts.status ?? 'waiting',
    responsibleId: opts.responsibleId ?? null,
    referrerId: opts.referrerId ?? null,
    country: opts.country ?? '',
    dateJoined: opts.joined ?? new Date(),
    telegramChatId: opts.telegram ?? null,
  });
  return id;
}
