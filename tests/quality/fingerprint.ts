import type pg from 'pg';

/**
 * Tables whose rows change on any authenticated request or attempt, by design: session
 * last-seen times, and the rate limits' counts of attempts (a refused upload counts against the
 * avatar limit: a multipart body is read after the limit is checked). Everything else must stay
 * byte-identical across a refused request.
 */
const VOLATILE = new Set(['sessions', 'rate_limit_hits', '__drizzle_migrations']);

/** The tables a change in which counts: every table in `public` but the volatile ones, by name. */
async function watchedTables(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((r) => r.table_name).filter((t) => !VOLATILE.has(t));
}

/** One query that hashes every row of every table in `public`: equal fingerprints ⇒ no data changed. */
export async function fingerprintQuery(pool: pg.Pool): Promise<string> {
  const parts = (await watchedTables(pool)).map(
    (t) => `select '${t}' as t, count(*) as n, coalesce(sum(hashtext(x::text)::bigint), 0) as h from "${t}" x`,
  );
  return `select string_agg(t || ':' || n || ':' || h, ',' order by t) as fp from (${parts.join(' union all ')}) s`;
}

async function fingerprint(pool: pg.Pool, query: string): Promise<string> {
  const { rows } = await pool.query<{ fp: string }>(query);
  return rows[0]!.fp;
}

const SEQUENCE = 'fuzz_row_writes';

/**
 * Counts row writes to every table the fingerprint covers: a row trigger on each calls nextval() on one
 * sequence. A sequence is outside transactions and takes no lock, so requests raced against each other
 * still race, and a write rolled back still counts (the fingerprint then tells). Installed once in the
 * fuzzing database, after its migrations.
 */
export async function countRowWrites(pool: pg.Pool): Promise<void> {
  const triggers = (await watchedTables(pool)).map(
    (t) =>
      `create trigger fuzz_row_write after insert or update or delete on "${t}" for each row execute function fuzz_row_write();
         create trigger fuzz_truncate after truncate on "${t}" for each statement execute function fuzz_row_write();`,
  );
  await pool.query(`
    create sequence ${SEQUENCE};
    create function fuzz_row_write() returns trigger language plpgsql as $$
      begin perform nextval('${SEQUENCE}'); return null; end $$;
    ${triggers.join('\n')}`);
}

/**
 * The fingerprint, computed only when rows were written since the last one (countRowWrites): hashing every
 * table took most of a fuzzing run's database time, three times per invalid request.
 */
export class DataWatch {
  private last?: { writes: string; fp: string };

  constructor(
    private readonly pool: pg.Pool,
    private readonly query: string,
  ) {}

  private async writes(): Promise<string> {
    const { rows } = await this.pool.query<{ w: string }>(
      `select last_value || ':' || is_called as w from ${SEQUENCE}`,
    );
    return rows[0]!.w;
  }

  /**
   * The data once earlier requests' after-response work (mail written to the outbox, jobs) has settled,
   * so a change is pinned on the request that made it: no row written for 25 ms.
   */
  async settled(): Promise<{ writes: string; fp: string }> {
    let writes = await this.writes();
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 25));
      const next = await this.writes();
      if (next === writes) break;
      writes = next;
    }
    // Counted before hashing: a write in between makes the count stale, so the next call hashes again.
    if (this.last?.writes !== writes) this.last = { writes, fp: await fingerprint(this.pool, this.query) };
    return this.last;
  }

  /** The tables whose rows differ from `before` (none when no row was written since). */
  async changedSince(before: { writes: string; fp: string }): Promise<string[]> {
    const writes = await this.writes();
    if (writes === before.writes) return [];
    const fp = await fingerprint(this.pool, this.query);
    this.last = { writes, fp };
    const was = new Set(before.fp.split(','));
    return fp
      .split(',')
      .filter((x) => !was.has(x))
      .map((x) => x.split(':')[0]!);
  }
}
