/** USD cents <-> the API's decimal strings ("12.50"). */
export const centsToMoney = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export function moneyToCents(text: string): number {
  const m = /^(-?)(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return Number.NaN;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
