import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { CONTACT_STATUSES, contactCategories, contactCategoryLinks } from '../db/schema';
import { FieldErrors, notFound } from '../errors';
import { t, type Lang } from '../i18n';
import { one } from '../db/rows';
import type { SchemaContactCategoryRequest } from '../../api/schema';

/** A transaction or the database: the services below run inside either. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Serialises the writes of one owner that touch categories and their links, so the rule
 * "one particular category per contact" cannot be broken by two concurrent requests.
 */
export async function lockOwner(tx: Tx, ownerId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONTACTS_LOCK}, ${ownerId})`);
}
const CONTACTS_LOCK = 0x636f6e74; // 'cont'

export function listContactStatuses(lang: Lang) {
  return CONTACT_STATUSES.map((s) => ({ id: s.id, name: t(lang, `contact_status_${s.key}`), color: s.color }));
}

export const isContactStatus = (id: number) => CONTACT_STATUSES.some((s) => s.id === id);

const view = (c: typeof contactCategories.$inferSelect, count = 0) => ({
  id: c.id,
  name: c.name,
  is_particular: c.isParticular,
  contacts_count: count,
});

export async function listContactCategories(ctx: AppContext, ownerId: number) {
  const rows = await ctx.db
    .select({ c: contactCategories, n: sql<number>`count(${contactCategoryLinks.contactId})::int` })
    .from(contactCategories)
    .leftJoin(contactCategoryLinks, eq(contactCategoryLinks.categoryId, contactCategories.id))
    .where(eq(contactCategories.ownerId, ownerId))
    .groupBy(contactCategories.id)
    .orderBy(contactCategories.id);
  return rows.map((r) => view(r.c, r.n));
}

export type CategoryInput = SchemaContactCategoryRequest;

export async function createContactCategory(ctx: AppContext, ownerId: number, input: CategoryInput) {
  const name = input.name.trim();
  if (!name) throw FieldErrors.of('name', 'field_empty');
  const row = one(
    await ctx.db.insert(contactCategories).values({ ownerId, name, isParticular: input.is_particular }).returning(),
  );
  return view(row);
}

export async function updateContactCategory(ctx: AppContext, ownerId: number, id: number, input: CategoryInput) {
  const name = input.name.trim();
  if (!name) throw FieldErrors.of('name', 'field_empty');
  return ctx.db.transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    const [cat] = await tx
      .select()
      .from(contactCategories)
      .where(and(eq(contactCategories.id, id), eq(contactCategories.ownerId, ownerId)));
    if (!cat) throw notFound();
    // The contract's default (false) is filled in when the field is left out.
    const particular = input.is_particular;
    if (particular && !cat.isParticular) {
      // A contact of this category that already has another particular category blocks the change.
      const mine = alias(contactCategoryLinks, 'mine');
      const [clash] = await tx
        .select({ id: contactCategoryLinks.contactId })
        .from(mine)
        .innerJoin(
          contactCategoryLinks,
          and(eq(contactCategoryLinks.contactId, mine.contactId), ne(contactCategoryLinks.categoryId, id)),
        )
        .innerJoin(contactCategories, eq(contactCategories.id, contactCategoryLinks.categoryId))
        .where(and(eq(mine.categoryId, id), eq(contactCategories.isParticular, true)))
        .limit(1);
      if (clash) throw FieldErrors.of('is_particular', 'contact_one_particular');
    }
    const row = one(
      await tx
        .update(contactCategories)
        .set({ name, isParticular: particular })
        .where(eq(contactCategories.id, id))
        .returning(),
    );
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contactCategoryLinks)
      .where(eq(contactCategoryLinks.categoryId, id));
    return view(row, counted?.n ?? 0);
  });
}

export async function deleteContactCategory(ctx: AppContext, ownerId: number, id: number, lang: Lang) {
  const gone = await ctx.db
    .delete(contactCategories)
    .where(and(eq(contactCategories.id, id), eq(contactCategories.ownerId, ownerId)))
    .returning({ id: contactCategories.id });
  if (!gone.length) throw notFound();
  return { detail: t(lang, 'deleted') };
}

/**
 * Checks that the categories are the owner's (else 400 on `field`) and that at most one of them is
 * particular; answers the particular ones among them.
 */
export async function ownCategories(tx: Tx, ownerId: number, ids: number[], field = 'categories') {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: contactCategories.id, particular: contactCategories.isParticular })
    .from(contactCategories)
    .where(and(eq(contactCategories.ownerId, ownerId), inArray(contactCategories.id, ids)));
  if (rows.length !== new Set(ids).size) throw FieldErrors.of(field, 'contact_category_unknown');
  const particular = rows.filter((r) => r.particular).map((r) => r.id);
  if (particular.length > 1) throw FieldErrors.of(field, 'contact_one_particular');
  return particular;
}
