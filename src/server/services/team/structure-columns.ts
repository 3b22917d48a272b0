import { sql, type SQL } from 'drizzle-orm';
import { t, type Lang, type MessageKey } from '../../i18n';
import { LEAD_STATUSES } from '../../db/schema';

/** The columns the structure table may show; `sql` is set for the sortable ones (the ordering keys). */
const STRUCTURE_COLUMNS = [
  { key: 'first_name', sql: 'u.first_name' },
  { key: 'last_name', sql: 'u.last_name' },
  { key: 'email', sql: 'u.email' },
  { key: 'phone', sql: 'u.phone' },
  { key: 'city', sql: 'u.city' },
  { key: 'country', sql: 'u.country' },
  { key: 'status', sql: 'u.lead_status' },
  { key: 'level', sql: 'nlevel(u.path)' },
  { key: 'is_partner', sql: 'u.is_partner' },
  { key: 'referrer' },
  { key: 'responsible' },
  { key: 'tags' },
  { key: 'package' },
  { key: 'subscription_ends_at' },
  { key: 'donations_current' },
  { key: 'donations_prev' },
  { key: 'children_count', sql: 'u.children_count' },
  { key: 'date_joined', sql: 'u.date_joined' },
  { key: 'last_login' },
] as const;

export const ORDER_SQL: Record<string, string> = Object.fromEntries(
  STRUCTURE_COLUMNS.flatMap((c) => ('sql' in c ? [[c.key, c.sql]] : [])),
);

/**
 * The columns with their labels in `lang`. Each tag group has a column of its own (the answer's
 * tags_groups_columns), so `tags` holds only the tags outside every group: it is left out when there are
 * none (the seed's tags are all grouped) and named "Other tags" beside group columns.
 */
export const columnsFor = (lang: Lang, tags: { grouped: boolean; ungrouped: boolean }) =>
  STRUCTURE_COLUMNS.filter((c) => c.key !== 'tags' || tags.ungrouped).map((c) => ({
    key: c.key,
    label: t(lang, c.key === 'tags' && tags.grouped ? 'team_col_other_tags' : (`team_col_${c.key}` as MessageKey)),
    sortable: 'sql' in c,
  }));

export const statusChoices = (lang: Lang) =>
  LEAD_STATUSES.map((value) => ({ value, label: t(lang, `lead_status_${value}` as MessageKey) }));

/** The demo seed's tag groups (db/seed.ts) are stored under English names; they are shown in the reader's language. */
const SEEDED_GROUPS: Readonly<Record<string, MessageKey>> = {
  Sources: 'tag_group_sources',
  Interests: 'tag_group_interests',
};

/** A tag group's name as shown: a seeded group's in `lang`, any other as its admins named it. */
export const groupLabel = (lang: Lang, name: string): string => {
  const key = SEEDED_GROUPS[name];
  return key ? t(lang, key) : name;
};

/** The demo seed's tags (db/seed.ts), stored under English names like their groups. */
const SEEDED_TAGS: Readonly<Record<string, MessageKey>> = {
  Website: 'tag_website',
  Event: 'tag_event',
  Referral: 'tag_referral',
  Learning: 'tag_learning',
  Partnership: 'tag_partnership',
};

/** A tag's name as shown: a seeded tag's in `lang`, any other as stored. */
export const tagLabel = (lang: Lang, name: string): string => {
  const key = SEEDED_TAGS[name];
  return key ? t(lang, key) : name;
};

/** The seeded names of `seeded` in `lang` as a JSON object, for SQL that names them itself (shownNameSql). */
const seededNames = (lang: Lang, seeded: Readonly<Record<string, MessageKey>>): string =>
  JSON.stringify(Object.fromEntries(Object.entries(seeded).map(([name, key]) => [name, t(lang, key)])));

/** The seeded tags' names in `lang` (a JSON object: stored name → shown name), for shownNameSql. */
export const seededTagNames = (lang: Lang): string => seededNames(lang, SEEDED_TAGS);

/** The seeded tag groups' names in `lang`, as seededTagNames. */
export const seededGroupNames = (lang: Lang): string => seededNames(lang, SEEDED_GROUPS);

/**
 * A tag's or group's name as the reader sees it (tagLabel, groupLabel), in SQL: `names` is
 * seededTagNames or seededGroupNames (a value or a placeholder, so a statement's text is the same in
 * every language), `column` the stored name. Every statement that shows or searches these names uses it.
 */
export const shownNameSql = (names: unknown, column: SQL): SQL =>
  sql`coalesce(${names}::jsonb ->> ${column}, ${column})`;

/** The ids of the tags whose shown name (shownNameSql) matches the ILIKE pattern `like`, as `ids` (int[]). */
export const tagsMatchingSql = (names: unknown, like: unknown): SQL =>
  sql`select coalesce(array_agg(t.id), '{}') as ids from tags t where ${shownNameSql(names, sql`t.name`)} ilike ${like}`;

/**
 * The users holding one of these tags (`ids`: an int[] literal), as a condition on `u` that may be ORed
 * with others: a hashed subplan, one look-up per row (`u.id = any(array(…))` ORed with the trigram index
 * was a bitmap OR, but its recheck scanned the whole array for each row: quadratic in a popular tag's holders).
 */
export const tagHoldersSql = (ids: unknown): SQL =>
  sql`u.id in (select ut.user_id from user_tags ut where ut.tag_id = any(${ids}::int[]))`;
