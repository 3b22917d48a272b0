/**
 * CSV imports as background jobs (pg-boss): upload and start one through the API, wait for the
 * job to finish, and check that every valid row became exactly one user.
 */
import type pg from 'pg';
import { multipart, request } from './load';
import { must } from '../must';

/** A CSV of `rows` people under `domain`; every 40th email is broken, every 75th repeats the one before. */
function importCsv(rows: number, domain: string): { csv: Buffer; valid: number } {
  let valid = 0;
  const lines = ['first_name;last_name;email;city'];
  for (let i = 1; i <= rows; i++) {
    let email = `p${i}@${domain}`;
    if (i % 40 === 0) email = `broken-${i}`;
    else if (i % 75 === 0 && (i - 1) % 40 !== 0) email = `p${i - 1}@${domain}`;
    else valid++;
    lines.push(`Imp${i};Soak;${email};Berlin`);
  }
  return { csv: Buffer.from(lines.join('\n') + '\n'), valid };
}

export type StartedImport = { id: number; valid: number; total: number; domain: string };

/** Saves and starts an import as the admin; `startBase` may be another server than `saveBase`. */
export async function startImport(
  db: pg.Pool,
  token: string,
  rows: number,
  domain: string,
  saveBase: string,
  startBase = saveBase,
): Promise<StartedImport> {
  const { csv, valid } = importCsv(rows, domain);
  const saved = await request(saveBase, 'POST', '/api/accounts/import_users/save/', {
    token,
    multipart: multipart([{ name: 'file', filename: `${domain}.csv`, type: 'text/csv', data: csv }]),
  });
  if (saved.status !== 201) throw new Error(`import save: ${saved.status} ${saved.body.toString().slice(0, 200)}`);
  const imp = saved.json() as { id: number; total: number };
  const { rows: refs } = await db.query<{ consultant: number; tag: number }>(
    `select (select id from users where email = 'consultant@demo.atrium') as consultant, (select id from tags order by id limit 1) as tag`,
  );
  const started = await request(startBase, 'POST', '/api/accounts/import_users/start/', {
    token,
    json: {
      import_id: imp.id,
      consultant_id: must(refs[0]).consultant,
      tag_id: must(refs[0]).tag,
      mapping: { first_name: 'first_name', last_name: 'last_name', email: 'email', city: 'city' },
    },
  });
  if (started.status !== 200)
    throw new Error(`import start: ${started.status} ${started.body.toString().slice(0, 200)}`);
  return { id: imp.id, valid, total: imp.total, domain };
}

export async function importState(db: pg.Pool, id: number): Promise<{ status: string; cursor: number }> {
  const { rows } = await db.query<{ status: string; cursor: number }>(
    `select status, cursor from user_imports where id = $1`,
    [id],
  );
  return must(rows[0]);
}

/** Waits for the import to complete; returns problems (empty when every valid row is one user). */
export async function checkImport(db: pg.Pool, imp: StartedImport, timeoutMs: number): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = await importState(db, imp.id).catch(() => null);
    if (s?.status === 'completed') break;
    if (s?.status === 'failed') return [`import ${imp.id} failed`];
    if (Date.now() > until)
      return [`import ${imp.id} did not complete within ${timeoutMs / 1000} s (${JSON.stringify(s)})`];
    await new Promise((r) => setTimeout(r, 250));
  }
  const { rows } = await db.query<{ success: number; skipped: number; users: number; distinct_users: number }>(
    `select success, skipped,
            (select count(*)::int from users where email::text like $2) as users,
            (select count(distinct email)::int from users where email::text like $2) as distinct_users
     from user_imports where id = $1`,
    [imp.id, `%@${imp.domain}`],
  );
  const r = must(rows[0]);
  const want = { success: imp.valid, skipped: imp.total - imp.valid, users: imp.valid, distinct_users: imp.valid };
  return JSON.stringify(r) === JSON.stringify(want)
    ? []
    : [`import ${imp.id}: ${JSON.stringify(r)}, expected ${JSON.stringify(want)}`];
}
