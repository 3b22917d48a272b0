import { PgTransaction } from 'drizzle-orm/pg-core';

type Reads = readonly (() => Promise<unknown>)[];
type Results<R extends Reads> = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };

/**
 * Independent reads of one answer: at once on the pool, each on a connection of its own; one after
 * another inside a transaction, whose single connection must not be handed a statement while another
 * is running (node-postgres deprecates it and pg 9 refuses it).
 */
export async function together<const R extends Reads>(db: object, reads: R): Promise<Results<R>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<R>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<R>;
}
