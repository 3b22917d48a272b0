/**
 * The row a statement returns by its nature: an INSERT … RETURNING, an aggregate without GROUP BY,
 * a row just written and read back. Its absence is a fault of the server, not of the request.
 */
export function one<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('the statement returned no row');
  return row;
}

/** A value that is there by construction (a row written in the same transaction): an Error if it is not. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
