import { clock } from '../../clock';
import { moneyToCents } from '../content/money';

/** Donations are between 0.01 and 100000.00 USD. */
const MAX_DONATION_CENTS = 100_000_00;

/** Cents of a donation amount ("25", "25.5", "25.50"), or null when it is not one. */
export function donationCents(text: unknown): number | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const cents = moneyToCents(String(text).trim());
  return Number.isInteger(cents) && cents > 0 && cents <= MAX_DONATION_CENTS ? cents : null;
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
