/**
 * Reads the database and the uploads dir back after a scenario: every write the server acknowledged
 * is there exactly once and whole; a write whose answer was lost is there at most once, and whole
 * if at all; an acknowledged delete is gone; no upload left a partial or truncated file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { TestStore } from './s3';
import type { Ledger } from './workload';
import { must } from '../must';

/** An object store some uploads went to (the two-machines scenario): looked in when a file is not on disk. */
type Store = Pick<TestStore, 'sizeOf' | 'head'>;

/** Problems found (empty when everything holds). */
export async function verifyLedger(db: pg.Pool, ledger: Ledger, uploadsDir: string, store?: Store): Promise<string[]> {
  const problems: string[] = [];
  const prefix = `soak-${ledger.run}-`;

  // Contacts: one row per marker, with its category link (written in the same transaction).
  const { rows: contacts } = await db.query<{
    id: number;
    first_name: string;
    email: string;
    owner_id: number;
    cats: number[];
  }>(
    `select c.id, c.first_name, c.email, c.owner_id, coalesce(array_agg(l.category_id) filter (where l.category_id is not null), '{}') as cats
     from contacts c left join contact_category_links l on l.contact_id = c.id
     where c.first_name like $1 group by c.id`,
    [`${prefix}%`],
  );
  const byMarker = new Map<string, typeof contacts>();
  for (const c of contacts) byMarker.set(c.first_name, [...(byMarker.get(c.first_name) ?? []), c]);
  for (const [marker, rows] of byMarker) {
    const e = ledger.contacts.get(marker);
    if (!e) problems.push(`contact ${marker} exists but was never sent`);
    if (rows.length > 1) problems.push(`contact ${marker} exists ${rows.length} times`);
    for (const r of rows) {
      if (e && (r.owner_id !== e.owner || r.email !== `${marker}@soak.test` || !r.cats.includes(e.category))) {
        problems.push(`contact ${marker} is half-written: ${JSON.stringify(r)}`);
      }
    }
  }
  for (const [marker, e] of ledger.contacts) {
    const rows = byMarker.get(marker) ?? [];
    if (e.state === 'acked' && e.deleted !== 'acked' && e.deleted !== 'uncertain') {
      if (rows.length !== 1 || must(rows[0]).id !== e.id)
        problems.push(`acknowledged contact ${marker} (id ${e.id}) found ${rows.length} times`);
    }
    if (e.deleted === 'acked' && rows.length)
      problems.push(`contact ${marker} (id ${e.id}) was deleted (200) but is still there`);
  }

  // Tasks: one row per marker, with the action log entry of the same transaction.
  const { rows: tasks } = await db.query<{
    id: number;
    description: string;
    owner_id: number;
    linked_user_id: number;
    logs: number;
  }>(
    `select t.id::int as id, t.description, t.owner_id, t.linked_user_id,
            (select count(*)::int from action_logs a where a.kind = 'task_create' and a.details->>'task_id' = t.id::text) as logs
     from tasks t where t.description like $1`,
    [`${prefix}%`],
  );
  const tasksBy = new Map<string, typeof tasks>();
  for (const t of tasks) tasksBy.set(t.description, [...(tasksBy.get(t.description) ?? []), t]);
  for (const [marker, rows] of tasksBy) {
    const e = ledger.tasks.get(marker);
    if (!e) problems.push(`task ${marker} exists but was never sent`);
    if (rows.length > 1) problems.push(`task ${marker} exists ${rows.length} times`);
    for (const r of rows) {
      if (e && (r.owner_id !== e.owner || r.linked_user_id !== e.linked || r.logs !== 1))
        problems.push(`task ${marker} is half-written: ${JSON.stringify(r)}`);
    }
  }
  for (const [marker, e] of ledger.tasks) {
    const rows = tasksBy.get(marker) ?? [];
    if (e.state === 'acked' && (rows.length !== 1 || must(rows[0]).id !== e.id))
      problems.push(`acknowledged task ${marker} (id ${e.id}) found ${rows.length} times`);
  }

  problems.push(...(await verifyDonations(db, ledger)));
  problems.push(...(await verifyFiles(ledger, uploadsDir, store)));
  const { rows: avatars } = await db.query<{ id: number; avatar: string }>(
    `select id, avatar from users where avatar is not null`,
  );
  for (const a of avatars) {
    const file = mediaFile(uploadsDir, a.avatar);
    let head: Buffer | null = file && fs.existsSync(file) ? fs.readFileSync(file).subarray(0, 12) : null;
    if (!head && store) head = await store.head(a.avatar, 12);
    if (!head || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WEBP') {
      problems.push(`user ${a.id}'s avatar ${a.avatar} is ${head ? 'not a whole WebP' : 'missing'}`);
    }
  }
  problems.push(...ledger.readbackMismatches.splice(0).map((m) => `read back differently: ${m}`));
  // Everything is checked again after every scenario; each problem is reported by the first that finds it.
  const fresh = problems.filter((p) => !ledger.reported.has(p));
  for (const p of fresh) ledger.reported.add(p);
  return fresh;
}

function mediaFile(uploadsDir: string, url: string): string | null {
  if (!url.startsWith('/media/')) return null;
  return path.join(uploadsDir, url.slice('/media/'.length));
}

/** Acknowledged uploads are on disk (or in the store) at their full size; no `.part` file is left anywhere. */
async function verifyFiles(ledger: Ledger, uploadsDir: string, store?: Store): Promise<string[]> {
  const problems: string[] = [];
  for (const u of ledger.uploads) {
    const file = mediaFile(uploadsDir, u.url);
    let size = file && fs.existsSync(file) ? fs.statSync(file).size : -1;
    if (size < 0 && store) size = (await store.sizeOf(u.url)) ?? -1;
    if (size !== u.size)
      problems.push(`upload ${u.url}: ${size < 0 ? 'missing' : `${size} bytes stored, ${u.size} acknowledged`}`);
  }
  const parts = partFiles(uploadsDir);
  if (parts.length) problems.push(`${parts.length} partial upload file(s) left: ${parts.slice(0, 3).join(', ')}`);
  return problems;
}

export function partFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => path.basename(f).endsWith('.part'));
}

type DonationRow = {
  id: number;
  state: string;
  paid: boolean;
  receipt: boolean;
  events: number;
  mails: number;
  job: string | null;
};

/**
 * Paid donations: paid once (one applied provider event), and the receipt job (pg-boss) sent exactly
 * one receipt mail. Jobs run in the background, so this waits for the receipts: a receipt job that was
 * running in a killed process runs again once it expires (jobs/workers.ts), a minute or two later.
 */
async function verifyDonations(db: pg.Pool, ledger: Ledger, waitMs = 150_000): Promise<string[]> {
  const ids = [...ledger.donations.keys()];
  if (!ids.length) return [];
  const read = async () =>
    (
      await db.query<DonationRow>(
        `select p.id, p.state, p.paid_at is not null as paid, p.receipt_sent_at is not null as receipt,
                (select count(*)::int from provider_events e where e.payment_id = p.id and e.outcome = 'applied') as events,
                (select count(*)::int from mail_outbox m join users u on u.email = m."to"
                  where u.id = p.user_id and m.text like '%Payment no. ' || p.id || '. %') as mails,
                (select string_agg(j.state || ' retry ' || j.retry_count, ', ') from pgboss.job j
                  where j.name = 'payments.receipt' and j.data->>'paymentId' = p.id::text) as job
         from payments p where p.id = any($1::int[])`,
        [ids],
      )
    ).rows;
  const due = (r: DonationRow) => r.state === 'paid' && r.mails === 0 && !ledger.brokenDonations.has(r.id);
  let rows = await read();
  for (const until = Date.now() + waitMs; rows.some(due) && Date.now() < until; rows = await read())
    await new Promise((r) => setTimeout(r, 500));
  const problems: string[] = [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [id, e] of ledger.donations) {
    if (ledger.brokenDonations.has(id)) continue;
    const r = byId.get(id);
    if (!r) {
      problems.push(`donation ${id} (started with 200) is missing`);
      continue;
    }
    if (e.state === 'paid' && r.state !== 'paid') problems.push(`donation ${id} was paid (200) but is ${r.state}`);
    if (e.state === 'pending' && r.state !== 'pending')
      problems.push(`donation ${id} was never paid but is ${r.state}`);
    if (r.state === 'paid' && (!r.paid || r.events !== 1 || !r.receipt || r.mails !== 1)) {
      ledger.brokenDonations.add(id);
      problems.push(
        `paid donation ${id} is not whole: ${JSON.stringify(r)} (want paid_at, 1 applied event, receipt_sent_at, 1 receipt mail; job = the receipt job's state)`,
      );
    }
    if (r.state !== 'paid' && (r.paid || r.events || r.mails))
      problems.push(`unpaid donation ${id} is half-paid: ${JSON.stringify(r)}`);
  }
  return problems;
}
