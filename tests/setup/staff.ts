import { hashPassword } from '../../src/server/auth/passwords';
import { newPromoCode } from '../../src/server/services/users';
import { one } from './learning';
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
  const email = `e${++seq}-${Date.now()}@staff.atrium`;
  const row = await one<{ id: number }>(
    t,
    `insert into users (email, password_hash, first_name, last_name, email_activation, promo_code, language, role, is_superuser,
       referrer_id, rating, daily_lead_limit, time_zone)
     values ($1, $2, 'Emp', $3, true, $4, 'en', $5, $6, $7, $8, $9, $10) returning id`,
    [
      email,
      await hashPassword(PASSWORD),
      `No${seq}`,
      newPromoCode(),
      opts.role ?? 'consultant',
      opts.role === 'admin',
      opts.referrerId ?? null,
      opts.rating ?? 1,
      opts.limit ?? 20,
      opts.timeZone ?? 'Europe/Berlin',
    ],
  );
  const token = opts.login === false ? '' : await t.login(email, PASSWORD);
  return { id: row.id, email, token };
}

/** A lead/member straight in the database. */
export async function makeLead(
  t: TestApp,
  opts: {
    responsibleId?: number | null;
    status?: string;
    referrerId?: number;
    country?: string;
    joined?: Date;
    name?: string;
    telegram?: string;
  } = {},
): Promise<number> {
  const row = await one<{ id: number }>(
    t,
    `insert into users (email, first_name, last_name, promo_code, language, lead_status, responsible_id, referrer_id, country, date_joined, telegram_chat_id, time_zone)
     values ($1, $2, 'Lead', $3, 'en', $4, $5, $6, $7, $8, $9, 'Europe/Moscow') returning id`,
    [
      `l${++seq}-${Date.now()}@lead.atrium`,
      opts.name ?? `Lead${seq}`,
      newPromoCode(),
      opts.status ?? 'waiting',
      opts.responsibleId ?? null,
      opts.referrerId ?? null,
      opts.country ?? '',
      opts.joined ?? new Date(),
      opts.telegram ?? null,
    ],
  );
  return row.id;
}
