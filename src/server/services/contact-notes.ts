import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { contactNotes, contacts } from '../db/schema';
import { FieldErrors, notFound } from '../errors';
import { t, type Lang } from '../i18n';
import { one } from '../db/rows';
import { briefJson, isoSql, type Brief } from './leads/brief';
import { pageOf, pageSql, pageWindow, type PageQuery } from './paging';

type NoteRow = { id: number; contact_id: number; author: Brief | null; text: string; created_at: string };

/** The contact, when it is the owner's; else 404 (another owner's contact is as unknown as a missing one). */
async function ownContact(ctx: AppContext, ownerId: number, contactId: number) {
  const [row] = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, contactId)));
  if (!row) throw notFound();
}

/** A note with its author as the API gives it, built in SQL (`n` the note, `a` its author). */
const noteJson = sql`json_build_object('id', n.id, 'contact_id', n.contact_id, 'author', ${briefJson('a')},
  'text', n.text, 'created_at', ${isoSql('n.created_at')})`;

/** The contact's dated notes, newest first, paged. */
export async function listContactNotes(ctx: AppContext, ownerId: number, contactId: number, q: PageQuery) {
  await ownContact(ctx, ownerId, contactId);
  const win = pageWindow(q);
  const [rows, counted] = await Promise.all([
    ctx.db.execute<{ note: NoteRow }>(sql`
      select ${noteJson} as note from contact_notes n left join users a on a.id = n.author_id
      where n.contact_id = ${contactId}
      order by n.created_at desc, n.id desc ${pageSql(win)}`),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from contact_notes where contact_id = ${contactId}`),
  ]);
  const count = counted.rows[0]?.n ?? 0;
  return pageOf(
    rows.rows.map((r) => r.note),
    count,
    count,
    win,
    q,
  );
}

/** A note by the owner, dated now. */
export async function addContactNote(ctx: AppContext, ownerId: number, contactId: number, input: { text: string }) {
  const text = input.text.trim();
  if (!text) throw FieldErrors.of('text', 'field_empty');
  await ownContact(ctx, ownerId, contactId);
  // Written and read back with its author in one statement.
  const res = await ctx.db.execute<{ note: NoteRow }>(sql`
    with n as (insert into contact_notes (contact_id, author_id, text) values (${contactId}, ${ownerId}, ${text}) returning *)
    select ${noteJson} as note from n left join users a on a.id = n.author_id`);
  return one(res.rows).note;
}

/** One note of the owner's contact; a note of another contact (or of another owner's) answers 404. */
export async function deleteContactNote(
  ctx: AppContext,
  ownerId: number,
  contactId: number,
  noteId: number,
  lang: Lang,
) {
  const gone = await ctx.db
    .delete(contactNotes)
    .where(
      and(
        eq(contactNotes.id, noteId),
        eq(contactNotes.contactId, contactId),
        sql`exists (select 1 from ${contacts} where ${contacts.id} = ${contactId} and ${contacts.ownerId} = ${ownerId})`,
      ),
    )
    .returning({ id: contactNotes.id });
  if (!gone.length) throw notFound();
  return { detail: t(lang, 'deleted') };
}
