import { hashPassword } from '../../src/server/auth/passwords';
import { newPromoCode } from '../../src/server/services/users';
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
  const email = `team${++seq}-${Date.now()}@test.atrium`;
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name, email_activation, promo_code, language,
                        referrer_id, responsible_id, role, is_superuser, lead_status, time_zone)
     values ($1, $2, $3, $4, true, $5, 'en', $6, $7, $8, $9, $10, 'Europe/Moscow') returning id`,
    [
      email,
      await hashPassword(password),
      opts.firstName ?? 'Team',
      opts.lastName ?? `User${seq}`,
      newPromoCode(),
      opts.referrerId ?? null,
      opts.responsibleId ?? null,
      opts.role ?? 'member',
      opts.role === 'admin',
      opts.status ?? 'active',
    ],
  );
  return { id: rows[0]!.id, email, password };
}

/** A paid donation of `cents`, paid at `paidAt`. */
export async function paidDonation(t: TestApp, userId: number, cents: number, paidAt: Date) {
  await t.pool.query(
    `insert into payments (user_id, kind, state, amount_cents, method, provider, paid_at)
     values ($1, 'donation', 'paid', $2, 'card', 'sandbox', $3)`,
    [userId, cents, paidAt],
  );
}
