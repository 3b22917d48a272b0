import { sql } from 'drizzle-orm';
import { clock } from '../../clock';
import type { MessageKey } from '../../i18n';
import { centsToMoney, moneyToCents } from '../content/money';
import { rowsOf, type Executor } from './common';

/** Donations are between 0.01 and 100000.00 USD. */
const MAX_DONATION_CENTS = 100_000_00;

/** Cents of a donation amount ("25", "25.5", "25.50"), or null when it is not one. */
export function donationCents(text: unknown): number | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const cents = moneyToCents(String(text).trim());
  return Number.isInteger(cents) && cents > 0 && cents <= MAX_DONATION_CENTS ? cents : null;
}

/** The smallest donation in cents: the config `donations.min_amount` (USD), none when unset or not a positive number. */
export async function minDonationCents(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ value: unknown }>(db, sql`select value from configs where key = 'donations.min_amount'`);
  const usd = typeof row?.value === 'number' ? row.value : typeof row?.value === 'string' ? Number(row.value) : NaN;
  return Number.isFinite(usd) && usd > 0 ? Math.round(usd * 100) : 0;
}

/**
 * The field error of a donation amount, or null when it is fine: required, a USD amount, and at
 * least the configured minimum (the message names it, as the donation box shows it: "$5.00").
 */
export function donationAmountError(
  text: unknown,
  minCents: number,
): MessageKey | { key: MessageKey; params: Record<string, string> } | null {
  if (text === undefined || text === null || text === '') return 'field_required';
  const cents = donationCents(text);
  if (cents === null) return 'donation_amount_invalid';
  if (cents < minCents) return { key: 'donation_amount_min', params: { amount: `$${centsToMoney(minCents)}` } };
  return null;
}

/** A payment date and time: ISO 8601 with an offset (or UTC "Z"), not in the future, not before 2000. */
export function paymentDateTime(text: unknown): Date | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(text.trim())) return null;
  const d = new Date(text.trim());
  if (Number.isNaN(d.getTime())) return null;
  // No rolled-over calendar days (2026-02-30 is not March 2nd).
  const [y, m, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const real = new Date(Date.UTC(y, m - 1, day));
  if (real.getUTCMonth() !== m - 1 || real.getUTCDate() !== day) return null;
  // A minute of slack for the payer's clock.
  if (d.getTime() > clock.now().getTime() + 60_000 || d.getUTCFullYear() < 2000) return null;
  return d;
}
