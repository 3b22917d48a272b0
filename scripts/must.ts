/**
 * The value, or a thrown error: for the rows, entries and settings a script relies on (the row it
 * just seeded, the column it is padding to). A missing one is a broken run, so it stops loudly
 * instead of carrying `undefined` on.
 */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}
