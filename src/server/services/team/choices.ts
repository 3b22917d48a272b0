import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Lang } from '../../i18n';
import { likeOf } from '../leads/brief';
import { one } from '../../db/rows';
import {
  columnsFor,
  groupLabel,
  seededGroupNames,
  seededTagNames,
  shownNameSql,
  statusChoices,
  tagLabel,
} from './structure-columns';

/**
 * The options of the structure list's filters; `search` narrows tags and groups by their names as the
 * reader sees them (a seeded one's in `lang`), in which order they are listed.
 */
export async function structureChoices(ctx: AppContext, lang: Lang, search?: string) {
  const term = search?.trim();
  const like = term ? likeOf(term) : null;
  const tag = shownNameSql(seededTagNames(lang), sql`name`);
  const group = shownNameSql(seededGroupNames(lang), sql`name`);
  const [tags, groups, kinds] = await Promise.all([
    ctx.db.execute<{ id: number; name: string; group_id: number | null }>(sql`
      select id, name, group_id from tags ${like ? sql`where ${tag} ilike ${like}` : sql``} order by ${tag}, id limit 500`),
    ctx.db.execute<{ id: number; name: string }>(sql`
      select id, name from tag_groups ${like ? sql`where ${group} ilike ${like}` : sql``} order by ${group}, id limit 500`),
    // Of all tags and groups, whatever the search narrows: the table's columns do not follow it.
    ctx.db.execute<{ grouped: boolean; ungrouped: boolean }>(sql`
      select exists (select 1 from tag_groups) as grouped, exists (select 1 from tags where group_id is null) as ungrouped`),
  ]);
  return {
    statuses: statusChoices(lang),
    tags: tags.rows.map((x) => ({ ...x, name: tagLabel(lang, x.name) })),
    groups: groups.rows.map((g) => ({ ...g, name: groupLabel(lang, g.name) })),
    columns: columnsFor(lang, one(kinds.rows)),
  };
}
