import pg from 'pg';
import type { AppContext } from '../../context';
import { csvRows, type CsvFormat } from './csv';
import { cleanRow, fieldIndexes, type CleanRow, type Skip } from './rows';
import { one } from '../../db/rows';
import { directConnectionConfig } from '../../db/client';
import type { ActionKind } from '../action-log';
import { IMPORT_INVITATIONS_QUEUE } from './invitations';
import { t, type Lang } from '../../i18n';

export const IMPORT_QUEUE = 'user-import';
/** Rows per transaction: each commit records its batch together with the users it made. */
const IMPORT_BATCH = 2000;
/** Batches committing side by side, each on its own connection: PostgreSQL's work per row is most of an import. */
const IMPORT_LANES = 2;
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
  default_region: string;
  /** Set when the import is started (imports started before it existed have Europe/Moscow, their old zone). */
  time_zone: string;
  /** The import's defaults for rows naming none (issue 29): country ('' none), language (null: 'ru', imports before it). */
  default_country: string;
  language: string | null;
  send_invitations: boolean;
  /** The importer's language: the notes the import writes in people's histories are theirs ('ru' when they are gone). */
  creator_language: Lang;
};

/** CSV lines first..last: the rows to insert and the lines skipped, with their reasons. */
type Batch = { first: number; last: number; rows: CleanRow[]; skips: Skip[] };
type Inserted = { id: number; email: string | null; phone: string | null };

/**
 * The users of a batch and their tag, in one statement (the history gets one entry for the whole
 * import when it ends, with its counts, not one per user; each user keeps the import's id, their lead
 * source).
 * Imported users have no referrer: each is the root of its own tree path, set here rather than by
 * the per-row tree trigger. `onConflict` leaves out rows whose email or phone is taken; without it a
 * taken one fails the statement (the common case, a file of new people, skips the conflict checks).
 */
const insertSql = (onConflict: boolean) => `
  with ins as (
    insert into users (id, path, email, phone, first_name, last_name, country, city, date_birth, language, time_zone, promo_code, responsible_id, lead_status, import_id)
    select n.id, n.id::text::ltree, email, phone, first_name, last_name, country, city, date_birth, coalesce(language, $14::text, 'ru'),
           coalesce(time_zone, $13::text), promo, $11, 'processing', $15::int
    from (
      select nextval('users_id_seq') as id, s.*
      from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::date[], $8::text[], $9::text[], $10::text[])
        as s(email, phone, first_name, last_name, country, city, date_birth, language, time_zone, promo)
    ) n
    ${onConflict ? 'on conflict do nothing' : ''}
    returning id, email::text, phone
  ), tagged as (
    insert into user_tags (user_id, tag_id) select id, $12::int from ins where $12::int is not null
  )
  select id, email, phone from ins`;
const INSERT_NEW = insertSql(false);
const INSERT_SKIPPING_TAKEN = insertSql(true);

/**
 * Commits one batch: its record in user_import_batches, its users and its warnings, and the import's
 * counts, in one transaction, so a crash loses nothing and repeats nothing. Returns 'stopped' when
 * the import is no longer running, and whether a taken email or phone made it take the careful path.
 */
async function commitBatch(
  client: pg.PoolClient,
  imp: ImportRow,
  b: Batch,
  careful: boolean,
): Promise<'stopped' | 'conflict' | 'ok'> {
  const skips = [...b.skips];
  let conflict = false;
  await client.query('begin');
  try {
    await client.query('insert into user_import_batches (import_id, first_row, last_row) values ($1, $2, $3)', [
      imp.id,
      b.first,
      b.last,
    ]);
    let inserted: Inserted[] = [];
    if (b.rows.length) {
      const col = <K extends keyof CleanRow>(k: K) => b.rows.map((r) => r[k]);
      const values = [
        col('email'),
        col('phone'),
        col('firstName'),
        col('lastName'),
        col('country'),
        col('city'),
        col('dateBirth'),
        col('language'),
        col('timeZone'),
        col('promo'),
        imp.consultant_id,
        imp.tag_id,
        imp.time_zone,
        imp.language,
        imp.id,
      ];
      if (!careful) {
        await client.query('savepoint fast');
        try {
          inserted = (await client.query<Inserted>(INSERT_NEW, values)).rows;
        } catch (err) {
          if ((err as { code?: string }).code !== '23505') throw err;
          await client.query('rollback to savepoint fast');
          conflict = true;
        }
      }
      if (careful || conflict) inserted = (await client.query<Inserted>(INSERT_SKIPPING_TAKEN, values)).rows;
    }
    // Rows that did not insert clashed with an existing user: say which field. (Clashes inside the
    // file never get here: the reader skips them.)
    let imported = b.rows;
    if (inserted.length < b.rows.length) {
      const done = new Set(inserted.map((r) => `${r.email ?? ''}\n${r.phone ?? ''}`));
      const clashed = b.rows.filter((r) => !done.has(`${r.email ?? ''}\n${r.phone ?? ''}`));
      const emails = clashed.map((r) => r.email).filter((e): e is string => e !== null);
      const taken = new Set(
        emails.length
          ? (
              await client.query<{ e: string }>(
                'select lower(email::text) as e from users where email = any($1::citext[])',
                [emails],
              )
            ).rows.map((r) => r.e)
          : [],
      );
      for (const r of clashed)
        skips.push({
          row: r.row,
          reason: {
            key: r.email && taken.has(r.email) ? 'import_email_belongs_to_user' : 'import_phone_belongs_to_user',
          },
        });
      const clashedRows = new Set(clashed.map((r) => r.row));
      imported = b.rows.filter((r) => !clashedRows.has(r.row));
    }
    // A person has one phone: the row's other phones go to their history as a note by the importer,
    // which the person page shows, so no column of the file is lost.
    const phonesOf = new Map(imported.map((r) => [`${r.email ?? ''}\n${r.phone ?? ''}`, r.otherPhones]));
    const kept = inserted.flatMap((r) => {
      const others = phonesOf.get(`${r.email ?? ''}\n${r.phone ?? ''}`) ?? [];
      return others.length
        ? [{ id: r.id, text: `${t(imp.creator_language, 'import_other_phones')}: ${others.join(', ')}` }]
        : [];
    });
    if (kept.length)
      await client.query(
        `insert into action_logs (actor_id, subject_id, kind, details)
         select $1, k.id, 'note_added', jsonb_build_object('text', k.text, 'import_id', $2::int)
         from unnest($3::int[], $4::text[]) as k(id, text)`,
        [imp.created_by_id, imp.id, kept.map((k) => k.id), kept.map((k) => k.text)],
      );
    // People to invite (the import asked for it), sent a few at a time by the invitations queue.
    const invite = imp.send_invitations ? inserted.filter((r) => r.email).map((r) => r.id) : [];
    if (invite.length)
      await client.query(
        'insert into user_import_invitations (import_id, user_id) select $1, unnest($2::int[]) on conflict do nothing',
        [imp.id, invite],
      );
    // Rows imported with notes (a guessed phone region, an unknown country): one entry each, its keys joined by commas.
    const noted = imported.filter((r) => r.notes.length);
    const entries = [
      ...skips.map((x) => ({
        row: x.row,
        reason: x.reason.key,
        params: x.reason.params ? { [x.reason.key]: x.reason.params } : null,
        skipped: true,
      })),
      ...noted.map((r) => ({ row: r.row, reason: r.notes.join(','), params: null, skipped: false })),
    ];
    if (entries.length) {
      await client.query(
        `insert into user_import_warnings (import_id, row, reason, params, skipped)
         select $1, w.row, w.reason, w.params, w.skipped
         from jsonb_to_recordset($2::jsonb) as w(row int, reason text, params jsonb, skipped boolean)
         on conflict do nothing`,
        [imp.id, JSON.stringify(entries)],
      );
    }
    const moved = await client.query(
      `update user_imports set cursor = greatest(cursor, $2), success = success + $3, skipped = skipped + $4, warnings_count = warnings_count + $5,
         heartbeat_at = now() where id = $1 and status = 'running'`,
      [imp.id, b.last, inserted.length, skips.length, noted.length],
    );
    if (!moved.rowCount) {
      await client.query('rollback');
      return 'stopped';
    }
    await client.query('commit');
    return conflict ? 'conflict' : 'ok';
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
  // The lock belongs to one server session: on a connection of its own, straight to PostgreSQL (a
  // transaction pooler would hand the pooled connection's later statements, the unlock too, to others).
  const lock = new pg.Client(directConnectionConfig(ctx.db.$client, 'atrium-import-lock'));
  lock.on('error', (err) => {
    ctx.log.warn({ err, importId }, 'import lock connection lost');
  });
  await lock.connect();
  let client: pg.PoolClient | null = null;
  let locked = false;
  try {
    locked = one(
      (await lock.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [LOCK_SPACE, importId])).rows,
    ).ok;
    if (!locked) return;
    client = await ctx.db.$client.connect();
    const { rows } = await client.query<ImportRow>(
      `update user_imports set status = 'running', started_at = coalesce(started_at, now()), heartbeat_at = now(), error = null
       where id = $1 and status in ('mapped', 'running')
       returning id, status, file_url, encoding, delimiter, columns, mapping, consultant_id, tag_id, created_by_id, default_region, time_zone,
         default_country, language, send_invitations,
         coalesce((select u.language from users u where u.id = user_imports.created_by_id), 'ru') as creator_language`,
      [importId],
    );
    const imp = rows[0];
    if (!imp) return;
    try {
      await processFile(ctx, client, imp);
    } catch (err) {
      ctx.log.error({ err, importId }, 'import failed');
      await client.query('begin');
      try {
        const failed = await client.query(
          `update user_imports set status = 'failed', error = $2 where id = $1 and status = 'running'`,
          [importId, (err instanceof Error ? err.message : String(err)).slice(0, 500)],
        );
        if (failed.rowCount) await logImport(client, importId, 'import_failed');
        await client.query('commit');
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      }
    }
  } finally {
    client?.release();
    if (locked) await lock.query('select pg_advisory_unlock($1, $2)', [LOCK_SPACE, importId]).catch(() => {});
    await lock.end().catch(() => {});
  }
}

/** A batch's failure, as it was thrown (an Error from pg or the code; anything else wrapped). */
function throwIfFailed(failure: unknown): void {
  if (failure instanceof Error) throw failure;
  if (failure !== null) throw new Error('an import batch failed', { cause: failure });
}

/** Lines a past run committed, as sorted [first, last] ranges. */
async function committedRanges(client: pg.PoolClient, importId: number): Promise<Array<[number, number]>> {
  const { rows } = await client.query<{ first_row: number; last_row: number }>(
    'select first_row, last_row from user_import_batches where import_id = $1 order by first_row',
    [importId],
  );
  return rows.map((r) => [r.first_row, r.last_row]);
}

async function processFile(ctx: AppContext, client: pg.PoolClient, imp: ImportRow) {
  const file = () => ctx.storage.read(imp.file_url);
  const idx = fieldIndexes(imp.columns, imp.mapping ?? {});
  const done = await committedRanges(client, imp.id);
  let doneAt = 0;
  const isDone = (n: number) => {
    while ((done[doneAt]?.[1] ?? Infinity) < n) doneAt++;
    const range = done[doneAt];
    return range !== undefined && range[0] <= n;
  };
  // Emails and phones met so far in the file, with their line: a later row with one of them is a
  // duplicate inside the file, skipped here (so batches side by side never race for the same user).
  // Lines a past run committed are read for them too.
  const emails = new Map<string, number>();
  const phones = new Map<string, number>();
  /** The row checked, and its email and phone remembered when it is to be imported. */
  const check = (n: number, cells: string[]): CleanRow | Skip => {
    const r = cleanRow(n, cells, idx, imp.default_region, imp.default_country);
    if ('reason' in r) return r;
    const sameEmail = r.email ? emails.get(r.email) : undefined;
    if (sameEmail !== undefined)
      return { row: n, reason: { key: 'import_duplicate_email', params: { row: sameEmail } } };
    const samePhone = r.phone ? phones.get(r.phone) : undefined;
    if (samePhone !== undefined)
      return { row: n, reason: { key: 'import_duplicate_phone', params: { row: samePhone } } };
    if (r.email) emails.set(r.email, n);
    if (r.phone) phones.set(r.phone, n);
    return r;
  };

  const lanes = [client];
  const free = [client];
  const running = new Set<Promise<void>>();
  let careful = false;
  let stopped = false;
  let failure: unknown = null;
  // Set by the batches' callbacks: read afresh after each await.
  const hasStopped = (): boolean => stopped;
  const failed = (): unknown => failure;
  const dispatch = async (b: Batch) => {
    if (!free.length && lanes.length < IMPORT_LANES) {
      const lane = await ctx.db.$client.connect();
      lanes.push(lane);
      free.push(lane);
    }
    while (!free.length && !failed()) await Promise.race(running);
    throwIfFailed(failed());
    const lane = free.pop();
    if (!lane) throw new Error('no free connection for the import batch');
    const job: Promise<void> = commitBatch(lane, imp, b, careful)
      .then(
        (r) => {
          if (r === 'stopped') stopped = true;
          if (r === 'conflict') careful = true;
        },
        (err: unknown) => {
          failure ??= err;
        },
      )
      .finally(() => {
        running.delete(job);
        free.push(lane);
      });
    running.add(job);
  };

  let batch: Batch | null = null;
  try {
    let header = true;
    for await (const { line: n, cells, problem } of csvRows(file, {
      encoding: imp.encoding,
      delimiter: imp.delimiter,
    })) {
      if (header) {
        header = false;
        continue;
      }
      if (isDone(n)) {
        // A committed range ends the batch being filled: batches never straddle one.
        if (batch) await dispatch(batch);
        batch = null;
        if (!problem) check(n, cells);
        continue;
      }
      if (hasStopped()) return;
      batch ??= { first: n, last: n, rows: [], skips: [] };
      batch.last = n;
      const r: CleanRow | Skip = problem ? { row: n, reason: problem } : check(n, cells);
      if ('reason' in r) batch.skips.push(r);
      else batch.rows.push(r);
      if (batch.rows.length + batch.skips.length >= IMPORT_BATCH) {
        await dispatch(batch);
        batch = null;
      }
    }
    if (batch) await dispatch(batch);
  } finally {
    // Whatever ends the reading, no connection is handed back while a batch is still on it.
    await Promise.all(running);
    for (const lane of lanes) if (lane !== client) lane.release();
  }
  throwIfFailed(failed());
  if (hasStopped()) return;
  await client.query('begin');
  const finished = await client.query(
    `update user_imports set status = 'completed', finished_at = now() where id = $1 and status = 'running' returning id`,
    [imp.id],
  );
  if (finished.rowCount) await logImport(client, imp.id, 'import_completed');
  await client.query('commit');
  if (imp.send_invitations) await ctx.jobs.send(IMPORT_INVITATIONS_QUEUE, {});
}

/**
 * The import's one history entry, when it ends: who uploaded it, the consultant its users went to, and
 * its counts (rows imported, skipped, warnings), in the transaction that ends it.
 */
async function logImport(
  client: pg.PoolClient,
  importId: number,
  kind: Extract<ActionKind, 'import_completed' | 'import_failed'>,
) {
  await client.query(
    `insert into action_logs (actor_id, subject_id, kind, details)
     select created_by_id, consultant_id, $2, jsonb_build_object('import_id', id, 'file_name', file_name, 'total', total,
       'imported', success, 'skipped', skipped, 'warnings', warnings_count)
     from user_imports where id = $1`,
    [importId, kind],
  );
}

/** Every import that should be running gets a job; the advisory lock keeps it to one runner. */
export async function resumeImports(ctx: AppContext): Promise<void> {
  const { rows } = await ctx.db.$client.query<{ id: number }>(
    `select id from user_imports where status in ('mapped', 'running')`,
  );
  for (const r of rows) await ctx.jobs.send(IMPORT_QUEUE, { importId: r.id });
}
