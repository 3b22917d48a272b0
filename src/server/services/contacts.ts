import { and, eq, getTableColumns, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import type { AppContext } from '../context';
import { CONTACT_STATUSES, contactCategories, contactCategoryLinks, contacts } from '../db/schema';
import { FieldErrors, notFound } from '../errors';
import { t, type Lang, type MessageKey } from '../i18n';
import { isContactStatus, lockOwner, ownCategories, type Tx } from './contact-categories';
import { pageJson, pageOf, pageSql, pageWindow, type PageQuery } from './paging';
import { prepared } from '../db/prepared';
import { normalizePhone } from './users';
import { countryCode } from './countries';
import { isoSql } from './leads/brief';
import { one } from '../db/rows';
import { clock } from '../clock';
import { visibleUsersWhere, type Viewer } from './team/visibility';
import type { SchemaContactBulkRequest, SchemaContactRequest } from '../../api/schema';

type Row = typeof contacts.$inferSelect;

/** contacts.id, always qualified: drizzle leaves single-table columns bare, which a subquery would rebind. */
const contactId = sql`${sql.identifier('contacts')}.${sql.identifier('id')}`;

const view = (c: Row, categories: number[]) => ({
  id: c.id,
  first_name: c.firstName,
  last_name: c.lastName,
  phone: c.phone,
  email: c.email,
  city: c.city,
  country: c.country,
  notes: c.notes,
  source: c.source,
  categories,
  status: c.status,
  tags: c.tags,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

async function categoriesOf(tx: Tx, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (!ids.length) return map;
  const links = await tx
    .select()
    .from(contactCategoryLinks)
    .where(inArray(contactCategoryLinks.contactId, ids))
    .orderBy(contactCategoryLinks.contactId, contactCategoryLinks.categoryId);
  for (const l of links) map.set(l.contactId, [...(map.get(l.contactId) ?? []), l.categoryId]);
  return map;
}

const ORDERABLE: Partial<Record<string, AnyColumn>> = {
  id: contacts.id,
  first_name: contacts.firstName,
  last_name: contacts.lastName,
  email: contacts.email,
  phone: contacts.phone,
  city: contacts.city,
  country: contacts.country,
  status: contacts.status,
  created_at: contacts.createdAt,
  updated_at: contacts.updatedAt,
} as const;

export type ContactFilter = { search?: string; category?: number; status?: number; ordering?: string };

/** The owner first (the indexes lead with it), then search, category and status. */
function whereOf(ownerId: number, q: ContactFilter): SQL {
  const filters: SQL[] = [eq(contacts.ownerId, ownerId)];
  if (q.search?.trim()) {
    const like = `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      sql`(${contacts.firstName} || ' ' || ${contacts.lastName} || ' ' || ${contacts.email} || ' ' || ${contacts.phone}) ilike ${like}`,
    );
  }
  if (q.category) {
    filters.push(
      sql`exists (select 1 from ${contactCategoryLinks} where ${contactCategoryLinks.contactId} = ${contactId} and ${contactCategoryLinks.categoryId} = ${q.category})`,
    );
  }
  if (q.status) filters.push(eq(contacts.status, q.status));
  return and(...filters) ?? sql`true`;
}

function orderOf(ordering: string | undefined): SQL[] {
  const desc = ordering ? ordering.startsWith('-') : true;
  const col = ORDERABLE[ordering?.replace(/^-/, '') ?? 'created_at'] ?? contacts.createdAt;
  // NULLS LAST both ways keeps the (owner_id, created_at desc, id desc) index usable.
  return desc
    ? [sql`${col} desc nulls last`, sql`${contacts.id} desc nulls last`]
    : [sql`${col} asc`, sql`${contacts.id} asc`];
}

/** A page of the owner's contacts with both counts and each contact's categories, as the answer's JSON text: one statement. */
/**
 * The member a contact is: the user with the contact's email or phone whom the viewer may see (one
 * subquery on the users' unique email and phone), or null. `c` is the contacts row in the statement.
 */
function memberIdSql(viewer: Viewer, c: SQL): SQL {
  return sql`(select mu.id from users mu
    where ((${c}.email <> '' and mu.email = ${c}.email::citext) or (${c}.phone <> '' and mu.phone = ${c}.phone))
      and ${visibleUsersWhere(viewer, 'mu')}
    order by mu.id limit 1)`;
}

export async function listContacts(ctx: AppContext, viewer: Viewer, q: ContactFilter & PageQuery): Promise<string> {
  const ownerId = viewer.id;
  const win = pageWindow(q);
  const where = whereOf(ownerId, q);
  const info = one(
    await prepared<{ total: number; count: number; rows: string }>(
      ctx.db,
      sql`
    select (select count(*)::int from ${contacts} where ${contacts.ownerId} = ${ownerId}) as total,
      (select count(*)::int from ${contacts} where ${where}) as count,
      coalesce((select json_agg(r) from (
        select ${contactId}, first_name, last_name, phone, email, city, country, notes, source,
          array(select l.category_id from ${contactCategoryLinks} l where l.contact_id = ${contactId} order by l.category_id) as categories,
          status, tags, ${memberIdSql(viewer, sql`contacts`)} as member_id, ${isoSql('contacts.created_at')} as created_at, ${isoSql('contacts.updated_at')} as updated_at
        from ${contacts} where ${where} order by ${sql.join(orderOf(q.ordering), sql`, `)} ${pageSql(win)}) r), '[]')::text as rows`,
    ),
  );
  return pageJson(pageOf([], info.count, info.total, win, q), info.rows);
}

/** A written row as RETURNING gives it, with its member (so a write answers as GET does, in one statement). */
const writtenWithMember = (viewer: Viewer) => ({
  ...getTableColumns(contacts),
  memberId: sql<number | null>`${memberIdSql(viewer, sql`contacts`)}`,
});

export async function getContact(ctx: AppContext, viewer: Viewer, id: number) {
  const [row] = await ctx.db
    .select({ contact: contacts, memberId: sql<number | null>`${memberIdSql(viewer, sql`contacts`)}` })
    .from(contacts)
    .where(and(eq(contacts.ownerId, viewer.id), eq(contacts.id, id)));
  if (!row) throw notFound();
  const cats = await categoriesOf(ctx.db, [id]);
  return { ...view(row.contact, cats.get(id) ?? []), member_id: row.memberId };
}

export type ContactInput = Partial<SchemaContactRequest>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field rules that need no database: the spec's phone, email and "at least one contact" messages. */
function columnsOf(input: ContactInput, existing?: Row) {
  const errors: Record<string, MessageKey[]> = {};
  const country = input.country === undefined ? (existing?.country ?? '') : countryCode(input.country);
  if (country === null) errors.country = ['country_incorrect'];
  let phone: string | undefined;
  if (input.phone !== undefined) {
    const raw = input.phone.trim();
    const p = raw ? normalizePhone(raw, country || input.default_region) : '';
    if (p === null) errors.phone = ['phone_incorrect'];
    else phone = p;
  }
  const email = input.email?.trim();
  if (email && !EMAIL.test(email)) errors.email = ['email_invalid'];
  if (input.first_name !== undefined && !input.first_name.trim()) errors.first_name = ['field_empty'];
  if (input.status != null && !isContactStatus(input.status)) errors.status = ['contact_status_unknown'];
  if (!Object.keys(errors).length && !(phone ?? existing?.phone) && !(email ?? existing?.email)) {
    errors.non_field_errors = ['contact_needs_channel'];
  }
  if (Object.keys(errors).length) throw new FieldErrors(errors);
  return {
    ...(input.first_name !== undefined && { firstName: input.first_name.trim() }),
    ...(input.last_name !== undefined && { lastName: input.last_name.trim() }),
    ...(phone !== undefined && { phone }),
    ...(email !== undefined && { email }),
    ...(input.city !== undefined && { city: input.city.trim() }),
    ...(input.country !== undefined && country !== null && { country }),
    ...(input.notes !== undefined && { notes: input.notes }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.tags !== undefined && { tags: [...new Set(input.tags.map((s) => s.trim()).filter(Boolean))] }),
  };
}

async function setCategories(tx: Tx, contactId: number, ids: number[]) {
  await tx.delete(contactCategoryLinks).where(eq(contactCategoryLinks.contactId, contactId));
  if (ids.length) await tx.insert(contactCategoryLinks).values(ids.map((categoryId) => ({ contactId, categoryId })));
}

export async function createContact(ctx: AppContext, viewer: Viewer, input: ContactInput) {
  const ownerId = viewer.id;
  const cols = columnsOf(input);
  return ctx.db.transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    const cats = [...new Set(input.categories ?? [])];
    await ownCategories(tx, ownerId, cats);
    const { memberId, ...row } = one(
      await tx
        .insert(contacts)
        .values({ ...cols, firstName: cols.firstName ?? '', ownerId })
        .returning(writtenWithMember(viewer)),
    );
    await setCategories(tx, row.id, cats);
    return {
      ...view(
        row,
        cats.sort((a, b) => a - b),
      ),
      member_id: memberId,
    };
  });
}

export async function updateContact(ctx: AppContext, viewer: Viewer, id: number, input: ContactInput) {
  const ownerId = viewer.id;
  return ctx.db.transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    const [existing] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)));
    if (!existing) throw notFound();
    const cols = columnsOf(input, existing);
    if (input.categories !== undefined) {
      const cats = [...new Set(input.categories)];
      await ownCategories(tx, ownerId, cats);
      await setCategories(tx, id, cats);
    }
    const { memberId, ...row } = one(
      await tx
        .update(contacts)
        .set({ ...cols, updatedAt: new Date() })
        .where(eq(contacts.id, id))
        .returning(writtenWithMember(viewer)),
    );
    const cats = await categoriesOf(tx, [id]);
    return { ...view(row, cats.get(id) ?? []), member_id: memberId };
  });
}

export async function deleteContact(ctx: AppContext, ownerId: number, id: number, lang: Lang) {
  const gone = await ctx.db
    .delete(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  if (!gone.length) throw notFound();
  return { detail: t(lang, 'deleted') };
}

export type BulkInput = SchemaContactBulkRequest;

/** All or nothing: any id that is not the owner's contact answers 404 and changes nothing. */
export async function bulkContacts(ctx: AppContext, ownerId: number, input: BulkInput, lang: Lang) {
  const ids = [...new Set(input.ids)];
  return ctx.db.transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    const own = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.ownerId, ownerId), inArray(contacts.id, ids)))
      .for('update');
    if (own.length !== ids.length) throw notFound();
    switch (input.action) {
      case 'delete':
        await tx.delete(contacts).where(inArray(contacts.id, ids));
        return { detail: t(lang, 'deleted'), count: ids.length };
      case 'set_status':
        if (input.status === undefined) throw FieldErrors.of('status', 'field_required');
        if (input.status !== null && !isContactStatus(input.status))
          throw FieldErrors.of('status', 'contact_status_unknown');
        await tx.update(contacts).set({ status: input.status, updatedAt: new Date() }).where(inArray(contacts.id, ids));
        break;
      case 'add_category':
      case 'remove_category': {
        const category = input.category;
        if (category === undefined) throw FieldErrors.of('category', 'field_required');
        const particular = await ownCategories(tx, ownerId, [category], 'category');
        if (input.action === 'remove_category') {
          await tx
            .delete(contactCategoryLinks)
            .where(and(eq(contactCategoryLinks.categoryId, category), inArray(contactCategoryLinks.contactId, ids)));
        } else {
          if (particular.length) {
            const [clash] = await tx
              .select({ id: contactCategoryLinks.contactId })
              .from(contactCategoryLinks)
              .innerJoin(contactCategories, eq(contactCategories.id, contactCategoryLinks.categoryId))
              .where(
                and(
                  inArray(contactCategoryLinks.contactId, ids),
                  ne(contactCategoryLinks.categoryId, category),
                  eq(contactCategories.isParticular, true),
                ),
              )
              .limit(1);
            if (clash) throw FieldErrors.of('category', 'contact_one_particular');
          }
          await tx
            .insert(contactCategoryLinks)
            .values(ids.map((contactId) => ({ contactId, categoryId: category })))
            .onConflictDoNothing();
        }
        await tx.update(contacts).set({ updatedAt: new Date() }).where(inArray(contacts.id, ids));
        break;
      }
    }
    return { detail: t(lang, 'contacts_bulk_done', { count: ids.length }), count: ids.length };
  });
}

/** The most rows one export writes. */
const EXPORT_LIMIT = 100_000;

/**
 * Cells a spreadsheet would run as a formula get a leading quote: those starting with = @ a tab or a
 * carriage return, and + or - followed by anything but a number (so "+1 917 555-0100" stays a phone
 * others' tools can read, while "+cmd|…" or "-2+A1" are defused).
 */
const FORMULA = /^[=@\t\r]|^[+-](?![\d ()-]*$)/;

/** "2026-11-29 09:05" in the reader's zone: what a spreadsheet shows as a date and time. */
function localStamp(at: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  ) as Record<string, string>;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/**
 * The filtered list as CSV for Excel and others: UTF-8 with a BOM (Excel reads it as UTF-8 then),
 * times in the caller's zone, formula-like cells defused (FORMULA).
 */
export async function exportContacts(
  ctx: AppContext,
  owner: { id: number; timeZone: string },
  q: ContactFilter,
  lang: Lang,
) {
  const ownerId = owner.id;
  const rows = await ctx.db
    .select({
      c: contacts,
      categories: sql<string>`coalesce((select string_agg(${contactCategories.name}, '; ' order by ${contactCategories.name})
        from ${contactCategoryLinks} join ${contactCategories} on ${contactCategories.id} = ${contactCategoryLinks.categoryId}
        where ${contactCategoryLinks.contactId} = ${contactId}), '')`,
    })
    .from(contacts)
    .where(whereOf(ownerId, q))
    .orderBy(...orderOf(q.ordering))
    .limit(EXPORT_LIMIT);
  const statusName = new Map(CONTACT_STATUSES.map((s) => [s.id as number, t(lang, `contact_status_${s.key}`)]));
  return (
    '\ufeff' +
    Papa.unparse(
      {
        fields: [
          'id',
          'first_name',
          'last_name',
          'phone',
          'email',
          'city',
          'country',
          'status',
          'categories',
          'tags',
          'notes',
          'created_at',
        ],
        data: rows.map(({ c, categories }) => [
          c.id,
          c.firstName,
          c.lastName,
          c.phone,
          c.email,
          c.city,
          c.country,
          c.status ? (statusName.get(c.status) ?? '') : '',
          categories,
          c.tags.join('; '),
          c.notes,
          localStamp(c.createdAt, owner.timeZone),
        ]),
      },
      { escapeFormulae: FORMULA, newline: '\r\n' },
    )
  );
}

/** The owner's "From funnels" category: made once (named in the owner's language), found by its key when renamed. */
async function funnelsCategory(tx: Tx, ownerId: number, lang: Lang): Promise<number> {
  const where = and(eq(contactCategories.ownerId, ownerId), eq(contactCategories.systemKey, 'funnels'));
  const [found] = await tx.select({ id: contactCategories.id }).from(contactCategories).where(where);
  if (found) return found.id;
  const made = one(
    await tx
      .insert(contactCategories)
      .values({ ownerId, name: t(lang, 'contact_category_funnels'), systemKey: 'funnels' })
      .returning({ id: contactCategories.id }),
  );
  return made.id;
}

export type FunnelLead = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  country: string;
};

/**
 * A lead from the owner's landing becomes (or, with the same email, joins) the owner's contact, in the
 * "From funnels" category, with the funnel's name as its source. Runs in the caller's transaction.
 */
export async function addFunnelContact(tx: Tx, ownerId: number, lead: FunnelLead, source: string, ownerLang: Lang) {
  await lockOwner(tx, ownerId);
  const category = await funnelsCategory(tx, ownerId, ownerLang);
  const [known] = lead.email
    ? await tx
        .select({ id: contacts.id, source: contacts.source })
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), sql`lower(${contacts.email}) = lower(${lead.email})`))
        .limit(1)
    : [];
  let id: number;
  if (known) {
    id = known.id;
    await tx
      .update(contacts)
      .set({ updatedAt: clock.now(), ...(!known.source && { source }) })
      .where(eq(contacts.id, id));
  } else {
    const row = one(
      await tx
        .insert(contacts)
        .values({ ...lead, ownerId, source, status: CONTACT_STATUSES[0].id })
        .returning({ id: contacts.id }),
    );
    id = row.id;
  }
  await tx.insert(contactCategoryLinks).values({ contactId: id, categoryId: category }).onConflictDoNothing();
}
