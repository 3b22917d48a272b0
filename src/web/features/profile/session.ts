import type { SchemaProfile as Profile } from '../../../api/schema';

export type { Profile };

/** Resolves after both the call and at least `ms` milliseconds (the saving notice stays that long). */
export async function atLeast<T>(call: Promise<T>, ms = 500): Promise<T> {
  const [result] = await Promise.all([call, new Promise((r) => setTimeout(r, ms))]);
  return result;
}
