import { sql } from 'drizzle-orm';

/** USD cents <-> the API's decimal strings ("12.50"). */
export const centsToMoney = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** centsToMoney in SQL, for answers PostgreSQL writes as JSON; `cents` is an integer expression. */
export const moneySql = (cents: string) =>
  sql.raw(
    `((case when (${cents}) < 0 then '-' else '' end) || (abs(${cents}) / 100)::text || '.' || lpad((abs(${cents}) % 100)::text, 2, '0'))`,
  );

export function moneyToCents(text: string): number {
  const m = /^(-?)(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return Number.NaN;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
