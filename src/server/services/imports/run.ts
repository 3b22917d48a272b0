import path from 'node:path';
import type pg from 'pg';
import type { AppContext } from '../../context';
import { csvRows, type CsvFormat } from './csv';
import { cleanRow, fieldIndexes, type CleanRow } from './rows';

export const IMPORT_QUEUE = 'user-import';
/** Rows per transaction: each commit moves the cursor together with the rows it covers. */
export const IMPORT_BATCH = 2000;
/** First key of the session advisory lock an import's runner holds (the second is the import id). */
const LOCK_SPACE = 0x1a7b;

type ImportRow = {
  id: number;
  status: string;
  file_url: string;
  encoding: CsvFormat['encoding'];
  delimiter: CsvFormat['delimiter'];
  columns: string[];
  mapping: Record<string, string> | null;
  consultant_id: number | null;
  tag_id: number | null;
  created_by_id: number | null;
  cursor: number;
};

type Skip = { row: number; reason: string };

/**
 * Inserts one batch and moves the cursor in the same transaction, so a crash loses nothing and
 * repeats nothing. Duplicates (in the database or earlier in the file) are refused by the unique
 * email and phone constraints (ON CONFLICT DO NOTHING), not by a check that could race.
 */
async function commitBatch(client: pg.PoolClient, imp: ImportRow, from: number, to: number, rows: CleanRow[], skips: Skip[]): Promise<boolean> {
  await client.query('begin');
  try {
    const guard = await client.query<{ cursor: number }>('select cursor from user_imports where id = $1 for update', [imp.id]);
    if (guard.rows[0]?.cursor !== from) {
      await client.query('rollback');
      return false;
    }
    let inserted: Array<{ id: number; email: string | null; phone: string | null }> = [];
    if (rows.length) {
      const col = <K extends keyof CleanRow>(k: K) => rows.map((r) => r[k]);
      const res = await client.query<{ id: number; email: string | null; phone: string | null }>(
        `with src as (
           select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[], $9::text[], $10::text[], $11::text[])
             as s(rn, email, phone, first_name, last_name, country, city, date_birth, language, time_zone, promo)
         ), ins as (
           -- Imported users have no referrer: each is the root of its own tree path, set here rather
           -- than by the per-row tree trigger.
           insert into users (id, path, email, phone, first_name, last_name, country, city, date_birth, language, time_zone, promo_code, responsible_id, lead_status)
           select n.id, n.id::text::ltree, email, phone, first_name, last_name, country, city, date_birth, coalesce(language, 'ru'),
                  coalesce(time_zone, 'Europe/Moscow'), promo, $12, 'processing'
           from (select nextval(pg_get_serial_sequence('users', 'id')) as id, src.* from src order by rn) n order by rn
           on conflict do nothing
           returning id, email::text, phone
         ), tagged as (
           insert into user_tags (user_id, tag_id) select id, $13::int from ins where $13::int is not null
         ), logged as (
           -- The history entry leadCreated writes for every new lead, here for the whole batch at once.
           insert into action_logs (actor_id, subject_id, kind, details)
           select $14::int, id, 'lead_created', jsonb_build_object('source', 'import', 'import_id', $15::int, 'consultant_id', $12::int) from ins
         )
         select id, email, phone from ins`,
        [
          col('row'), col('email'), col('phone'), col('firstName'), col('lastName'), col('country'), col('city'),
          col('dateBirth'), col('language'), col('timeZone'), col('promo'),
          imp.consultant_id, imp.tag_id, imp.created_by_id, imp.id,
        ],
      );
      inserted = res.rows;
    }
    // Rows that did not insert clashed with an existing user (or an earlier row): say which field.
    // Rows went in by row number, so of several rows with the same email and phone only the first can be in.
    const done = new Set(inserted.map((r) => `${r.email ?? ''}\n${r.phone ?? ''}`));
    const clashed = rows.filter((r) => !done.delete(`${r.email ?? ''}\n${r.phone ?? ''}`));
    if (clashed.length) {
      const emails = clashed.map((r) => r.email).filter((e): e is string => e !== null);
      const taken = new Set(
        emails.length ? (await client.query<{ e: string }>('select lower(email::text) as e from users where email = any($1::citext[])', [emails])).rows.map((r) => r.e) : [],
      );
      for (const r of clashed) skips.push({ row: r.row, reason: r.email && taken.has(r.email) ? 'email_taken' : 'phone_in_use' });
    }
    if (skips.length) {
      await client.query(
        `insert into user_import_warnings (import_id, row, reason) select $1, * from unnest($2::int[], $3::text[]) on conflict do nothing`,
        [imp.id, skips.map((s) => s.row), skips.map((s) => s.reason)],
      );
    }
    await client.query(
      `update user_imports set cursor = $2, success = success + $3, skipped = skipped + $4, warnings_count = warnings_count + $4,
         heartbeat_at = now() where id = $1`,
      [imp.id, to, inserted.length, skips.length],
    );
    await client.query('commit');
    return true;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}

/**
 * Runs (or resumes) one import. A session advisory lock makes one runner per import across all
 * server processes; the lock dies with the process, so a restarted server picks the import up and
 * continues after the last committed row. Safe to call any number of times.
 */
export async function runImport(ctx: AppContext, importId: number): Promise<void> {
  const client = await ctx.db.$client.connect();
  let locked = false;
  try {
    locked = (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [LOCK_SPACE, importId])).rows[0]!.ok;
    if (!locked) return;
    const { rows } = await client.query<ImportRow>(
      `update user_imports set status = 'running', started_at = coalesce(started_at, now()), heartbeat_at = now(), error = null
       where id = $1 and status in ('mapped', 'running')
       returning id, status, file_url, encoding, delimiter, columns, mapping, consultant_id, tag_id, created_by_id, cursor`,
      [importId],
    );
    const imp = rows[0];
    if (!imp) return;
    try {
      await processFile(ctx, client, imp);
    } catch (err) {
      ctx.log.error({ err, importId }, 'import failed');
      await client.query(`update user_imports set status = 'failed', error = $2 where id = $1 and status = 'running'`, [importId, String((err as Error).message ?? err).slice(0, 500)]);
    }
  } finally {
    if (locked) await client.query('select pg_advisory_unlock($1, $2)', [LOCK_SPACE, importId]).catch(() => {});
    client.release();
  }
}

async function processFile(ctx: AppContext, client: pg.PoolClient, imp: ImportRow) {
  const file = path.join(ctx.storage.root, imp.file_url.slice('/media/'.length));
  const idx = fieldIndexes(imp.columns, imp.mapping ?? {});
  let from = imp.cursor;
  let last = from;
  let batch: CleanRow[] = [];
  let skips: Skip[] = [];
  const flush = async () => {
    if (last === from) return true;
    const ok = await commitBatch(client, imp, from, last, batch, skips);
    from = last;
    batch = [];
    skips = [];
    return ok;
  };
  for await (const [n, cells] of csvRows(file, { encoding: imp.encoding, delimiter: imp.delimiter })) {
    if (n <= from) continue;
    const r = cleanRow(n, cells, idx);
    if ('reason' in r) skips.push(r);
    else batch.push(r);
    last = n;
    if (batch.length + skips.length >= IMPORT_BATCH && !(await flush())) return;
  }
  if (!(await flush())) return;
  await client.query('begin');
  const done = await client.query(
    `update user_imports set status = 'completed', finished_at = now() where id = $1 and status = 'running' and cursor = $2 returning id`,
    [imp.id, from],
  );
  if (done.rowCount) {
    await client.query(`insert into action_logs (actor_id, kind, details) values ($1, 'import_finished', $2)`, [
      imp.created_by_id,
      JSON.stringify({ import_id: imp.id }),
    ]);
  }
  await client.query('commit');
}

/** Every import that should be running gets a job; the advisory lock keeps it to one runner. */
export async function resumeImports(ctx: AppContext): Promise<void> {
  const { rows } = await ctx.db.$client.query<{ id: number }>(`select id from user_imports where status in ('mapped', 'running')`);
  for (const r of rows) await ctx.jobs.send(IMPORT_QUEUE, { importId: r.id });
}
