import { sql, type SQL } from 'drizzle-orm';
import { clock } from '../../clock';
import { prepared, shapedStatement, statement } from '../../db/prepared';
import type { AppContext } from '../../context';
import type { LeadStatus, Role } from '../../db/schema';
import type { Lang } from '../../i18n';
import { briefJson, isoSql } from '../leads/brief';
import { pageJson, pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import { moneySql, monthWindows } from './money';
import {
  ORDER_SQL,
  columnsFor,
  groupLabel,
  seededTagNames,
  shownNameSql,
  tagHoldersSql,
  tagsMatchingSql,
} from './structure-columns';
import { visibleUsersFilter, visibleUsersWhere, type Viewer } from './visibility';
import { searchTextTerms, searchTextWhere } from './search-windows';
import { one } from '../../db/rows';

export type StructureFilter = { search?: string; status?: LeadStatus; tags?: number[]; groups?: number[] };

/** Query and body filters merged: a field given in the body wins. */
function mergeFilters(
  query: StructureFilter & { ordering?: string },
  body: StructureFilter | undefined,
): StructureFilter {
  return {
    search: body?.search ?? query.search,
    status: body?.status ?? query.status,
    tags: body?.tags ?? query.tags,
    groups: body?.groups ?? query.groups,
  };
}

/** An int[] literal as one parameter (drizzle spreads a JS array into a list of parameters). */
const pgIntArray = (xs: number[]) => `{${xs.map((x) => Math.trunc(x)).join(',')}}`;

/** The filters other than the search, over `u`, for these values (or placeholders; `tags`, `groups`: int[] literals). */
function otherFiltersSql(v: { status?: unknown; tags?: unknown; groups?: unknown }): SQL[] {
  const out: SQL[] = [];
  if (v.status !== undefined) out.push(sql`u.lead_status = ${v.status}`);
  if (v.tags !== undefined) {
    out.push(sql`exists (select 1 from user_tags ut where ut.user_id = u.id and ut.tag_id = any(${v.tags}::int[]))`);
  }
  if (v.groups !== undefined) {
    // In a group: a member of it (user_groups) or holding a tag of it.
    out.push(sql`(exists (select 1 from user_groups ug where ug.user_id = u.id and ug.group_id = any(${v.groups}::int[]))
      or exists (select 1 from user_tags ut join tags tg on tg.id = ut.tag_id
                 where ut.user_id = u.id and tg.group_id = any(${v.groups}::int[])))`);
  }
  return out;
}

// Built once, as the list's other statements (see pageRowsStatement).
const tagsMatchingStatement = statement<{ ids: number[] }, { names: string; like: string }>(
  tagsMatchingSql(sql.placeholder('names'), sql.placeholder('like')),
);

/** The filters' values: the search's patterns (searchTextTerms) and the others' as otherFiltersSql takes them. */
async function filterValuesOf(db: AppContext['db'], f: StructureFilter) {
  const term = f.search?.trim();
  return {
    search: term ? await searchTextTerms(db, term) : undefined,
    status: f.status || undefined,
    tags: f.tags?.length ? pgIntArray(f.tags) : undefined,
    groups: f.groups?.length ? pgIntArray(f.groups) : undefined,
  };
}

type FilterValues = Awaited<ReturnType<typeof filterValuesOf>>;

/**
 * The search over `u`: the term is in the user's search text (searchTextWhere) or in the name of one of
 * their tags as the reader sees it (`tagIds`: the tags whose shown name holds it, an int[] literal; left
 * out when none does).
 */
function searchSql(search: NonNullable<FilterValues['search']>, tagIds: string | undefined): SQL {
  const text = searchTextWhere(search.like, search.windows);
  return tagIds ? sql`(${text} or ${tagHoldersSql(tagIds)})` : text;
}

/** The filters of the list with their values (the users' scope, visibility, is added by the caller). */
function filtersSql(v: FilterValues, searchTags: string | undefined): SQL[] {
  return [...(v.search ? [searchSql(v.search, searchTags)] : []), ...otherFiltersSql(v)];
}

/** The list's sort column (newest joined first by default) and direction. */
function sortOf(ordering: string | undefined): { col: SQL; dir: SQL } {
  const key = ordering?.replace(/^-/, '');
  const desc = ordering ? ordering.startsWith('-') : true;
  return { col: sql.raw((key && ORDER_SQL[key]) || 'u.date_joined'), dir: sql.raw(desc ? 'desc' : 'asc') };
}

/** The ordering as sortOf reads it, written one way (a shape of the statement built once per shape). */
function orderingShape(ordering: string | undefined): string | undefined {
  if (!ordering) return undefined;
  const desc = ordering.startsWith('-');
  const key = ordering.slice(desc ? 1 : 0);
  return `${desc ? '-' : ''}${ORDER_SQL[key] ? key : 'date_joined'}`;
}

function orderOf(ordering: string | undefined): SQL {
  const { col, dir } = sortOf(ordering);
  return sql`${col} ${dir} nulls last, u.id ${dir} nulls last`;
}

type Months = ReturnType<typeof monthWindows>;
/** The months' bounds in a statement: values, or placeholders of a statement built once. */
type MonthsSql = { [K in keyof Months]: unknown };

/** The users' columns a page row shows: the `page` CTE carries them (with `ord`), read once. */
const PAGE_USER_COLUMNS = sql.raw(
  'u.id, u.first_name, u.last_name, u.email, u.phone, u.avatar, u.city, u.country, u.lead_status, u.is_partner, ' +
    'u.children_count, u.date_joined, u.path, u.referrer_id, u.responsible_id',
);

/** A user's paid donations of the two months, in cents (`cur`, `prev`), for `left join lateral (…) d on true`. */
const userDonationsSql = (userId: SQL, months: MonthsSql) => sql`
      select sum(p.amount_cents) filter (where p.paid_at >= ${months.current}) as cur,
             sum(p.amount_cents) filter (where p.paid_at < ${months.current}) as prev
      from payments p
      where p.user_id = ${userId} and p.state = 'paid' and p.kind = 'donation'
        and p.paid_at >= ${months.prev} and p.paid_at < ${months.next}`;

/**
 * The page's tags, package and last login, each read once for all the page's users (`= any(array(…))`,
 * one index scan per table whatever the planner guesses of the page's size) rather than once per row:
 * the per-row scans' start-up was most of the rows' cost. CTEs after `page`.
 */
const pageExtrasSql = (now: unknown, names: unknown) => sql`
    tg as materialized (
      select ut.user_id, json_agg(json_build_object('id', t.id, 'name', ${shownNameSql(names, sql`t.name`)}, 'group_id', t.group_id) order by t.name) as tags
      from user_tags ut join tags t on t.id = ut.tag_id
      where ut.user_id = any(array(select id from page)) group by ut.user_id),
    pk as materialized (
      select distinct on (up.user_id) up.user_id, p.name, up.ends_at from user_packages up join packages p on p.id = up.package_id
      where up.user_id = any(array(select id from page)) and up.status = 'active' and up.starts_at <= ${now}
        and (up.ends_at is null or up.ends_at > ${now})
      order by up.user_id, up.ends_at desc nulls first),
    ll as materialized (
      select s.user_id, max(s.created_at) as at from sessions s
      where s.user_id = any(array(select id from page)) group by s.user_id)`;

/**
 * The page's rows as the answer's JSON text (StructureUser), in `ord` order, from the CTEs `me` (the
 * viewer's path), `page` (PAGE_USER_COLUMNS and `ord`, and with `carried` the user's donation sums
 * `cur` and `prev`) and pageExtrasSql's.
 */
function pageRowsSql(months: MonthsSql, donations: 'carried' | 'lateral'): SQL {
  const d = donations === 'carried' ? sql`u` : sql`d`;
  return sql`
    select coalesce(json_agg(x), '[]')::text as rows from (
    select u.id, u.first_name, u.last_name, u.email::text as email, u.phone, u.avatar, u.city, u.country,
      u.lead_status as status, u.is_partner, u.children_count, ${isoSql('u.date_joined')} as date_joined,
      case when u.path <@ me.path then nlevel(u.path) - nlevel(me.path) else nlevel(u.path) end as level,
      ${briefJson('r')} as referrer, ${briefJson('rs')} as responsible,
      coalesce(tg.tags, '[]'::json) as tags, pk.name as package, ${isoSql('pk.ends_at')} as subscription_ends_at,
      ${moneySql(sql`${d}.cur`)} as donations_current, ${moneySql(sql`${d}.prev`)} as donations_prev,
      ${isoSql('ll.at')} as last_login
    from page u
    cross join me
    left join users r on r.id = u.referrer_id
    left join users rs on rs.id = u.responsible_id
    left join tg on tg.user_id = u.id
    left join pk on pk.user_id = u.id
    left join ll on ll.user_id = u.id${
      donations === 'lateral' ? sql`\n    left join lateral (${userDonationsSql(sql`u.id`, months)}) d on true` : sql``
    }
    order by u.ord) x`;
}

const ph = (name: string) => sql.placeholder(name);
const MONTHS_PLACEHOLDERS: MonthsSql = { prev: ph('prev'), current: ph('current'), next: ph('next') };

// Built once (its text from drizzle's fragments cost as much CPU as running it); the values per call.
const pageRowsStatement = statement<
  { rows: string },
  { viewer: number; ids: string; now: string; names: string } & Months
>(sql`
    with me as materialized (select path from users where id = ${ph('viewer')}),
    page as materialized (
      select ${PAGE_USER_COLUMNS}, p.ord
      from unnest(${ph('ids')}::int[]) with ordinality as p(id, ord) join users u on u.id = p.id),
    ${pageExtrasSql(ph('now'), ph('names'))}
    ${pageRowsSql(MONTHS_PLACEHOLDERS, 'lateral')}`);

/** The list's rows of these users, in the order given, as the answer's JSON text (StructureUser); `names`: seededTagNames. */
async function rowsOf(
  ctx: AppContext,
  viewerId: number,
  ids: number[],
  at: { now: string; names: string },
  months: Months,
): Promise<string> {
  return one(await pageRowsStatement(ctx.db, { viewer: viewerId, ids: pgIntArray(ids), ...at, ...months })).rows;
}

const donationSums = (cents: SQL, months: Months) => sql`
    select ${moneySql(sql`sum(${cents}) filter (where p.paid_at >= ${months.current})`)} as cur,
           ${moneySql(sql`sum(${cents}) filter (where p.paid_at < ${months.current})`)} as prev`;
const paidDonationsOf = (userId: SQL, months: Months) => sql`
    select p.amount_cents, p.paid_at from payments p
    where p.user_id = ${userId} and p.state = 'paid' and p.kind = 'donation' and p.paid_at >= ${months.prev} and p.paid_at < ${months.next}`;

type ViewerRow = {
  path: string;
  descendants: number;
  groups: Array<{ id: number; name: string }>;
  /** Whether any tag is outside every group: only then has the table a tags column. */
  ungrouped: boolean;
};
type NullableViewerRow = { [K in keyof ViewerRow]: ViewerRow[K] | null };

/** The tag groups, as the answer's columns take them, and whether a tags column has anything to show. */
const GROUPS_SQL = sql`coalesce((select json_agg(g order by g.name, g.id) from (select id, name from tag_groups) g), '[]') as groups,
  exists (select 1 from tags where group_id is null) as ungrouped`;

/** The viewer's path (a value, so the page is planned for this subtree), subtree size and the tag groups. */
const viewerRowSql = (viewerId: number) => sql`
    select path::text as path, descendants_count as descendants, ${GROUPS_SQL}
    from users where id = ${viewerId}`;

/**
 * A search's users, matched once (the count, the donations and the page's ids), planned for the
 * viewer's subtree: a search that is not selective for every viewer (see listStructureUsers).
 */
function hitsSql(
  where: SQL,
  o: { sortKey: SQL; dir: SQL; page: { limit: number; offset: number }; months: Months },
): SQL {
  const order = sql`m.sort_key ${o.dir} nulls last, m.id ${o.dir} nulls last`;
  return sql`
    with m as materialized (select u.id, ${o.sortKey} as sort_key from users u where ${where})
    select (select count(*)::int from m) as n, array(select m.id from m order by ${order} ${pageSql(o.page)}) as ids, d.cur, d.prev
    from (${donationSums(sql`p.amount_cents`, o.months)} from m cross join lateral (${paidDonationsOf(sql`m.id`, o.months)}) p) d`;
}

/**
 * A selective search in one statement, planned once for every viewer: the matches (with their
 * columns and donation sums, read once), their count and donations, the page's rows, and the viewer's
 * row (null columns for a viewer removed meanwhile). `scope` is the viewer's visibleUsersFilter on
 * `(select path from me)`.
 */
function selectiveSql(
  viewerId: unknown,
  where: SQL,
  o: {
    sortKey: SQL;
    dir: SQL;
    page: { limit: number; offset: number };
    months: MonthsSql;
    now: unknown;
    names: unknown;
    like: unknown;
  },
): SQL {
  const order = sql`m.sort_key ${o.dir} nulls last, m.id ${o.dir} nulls last`;
  return sql`
    with me as materialized (select path, descendants_count from users where id = ${viewerId}),
    m as materialized (
      select ${PAGE_USER_COLUMNS}, ${o.sortKey} as sort_key, d.cur, d.prev
      from users u left join lateral (${userDonationsSql(sql`u.id`, o.months)}) d on true
      where ${where}),
    page as materialized (select m.*, row_number() over (order by ${order}) as ord from m order by ${order} ${pageSql(o.page)}),
    ${pageExtrasSql(o.now, o.names)}
    select count(*)::int as n, (${pageRowsSql(o.months, 'carried')}) as rows,
      ${moneySql(sql`sum(m.cur)`)} as cur, ${moneySql(sql`sum(m.prev)`)} as prev,
      (select path::text from me) as path, (select descendants_count from me) as descendants, ${GROUPS_SQL},
      (${tagsMatchingSql(o.names, o.like)}) as search_tags
    from m`;
}

type SelectiveShape = {
  role: Role;
  ordering: string | undefined;
  limit: number;
  offset: number;
  windows: number;
  status: boolean;
  tags: boolean;
  groups: boolean;
};
type SelectiveRow = { n: number; rows: string; cur: string; prev: string; search_tags: number[] } & NullableViewerRow;

// One text per shape (role, ordering, page, which filters), built once: building it from drizzle's
// fragments per call cost the server as much CPU as PostgreSQL's run of it.
const selectiveStatement = shapedStatement<SelectiveRow, SelectiveShape, Record<string, unknown>>((shape) => {
  const { col, dir } = sortOf(shape.ordering);
  const where = sql.join(
    [
      visibleUsersFilter({ id: ph('viewer'), role: shape.role }, 'u', sql`(select path from me)`),
      searchTextWhere(
        ph('like'),
        Array.from({ length: shape.windows }, (_, i) => ph(`w${i}`)),
      ),
      ...otherFiltersSql({
        status: shape.status ? ph('status') : undefined,
        tags: shape.tags ? ph('tags') : undefined,
        groups: shape.groups ? ph('groups') : undefined,
      }),
    ],
    sql` and `,
  );
  return selectiveSql(ph('viewer'), where, {
    sortKey: col,
    dir,
    page: { limit: shape.limit, offset: shape.offset },
    months: MONTHS_PLACEHOLDERS,
    now: ph('now'),
    names: ph('names'),
    like: ph('like'),
  });
});

export async function listStructureUsers(
  ctx: AppContext,
  viewer: Viewer,
  lang: Lang,
  q: StructureFilter & PageQuery & { ordering?: string },
  body?: StructureFilter,
) {
  const f = mergeFilters(q, body);
  const win = pageWindow(q);
  const months = monthWindows();
  const now = clock.now().toISOString();
  const names = seededTagNames(lang);
  const values = await filterValuesOf(ctx.db, f);
  const { col, dir } = sortOf(q.ordering);
  const windows = values.search?.windows;
  // A selective search (its rare trigrams find few users whoever looks) starts from the trigram
  // index and checks the scope on what it found: one statement, planned once per connection for every
  // viewer, with the viewer's row and the page's rows in it (planning the search per call cost more
  // than running it, and each further statement a round trip).
  let [searched] =
    values.search && windows
      ? await selectiveStatement(
          ctx.db,
          {
            role: viewer.role,
            ordering: orderingShape(q.ordering),
            limit: win.limit,
            offset: win.offset,
            windows: windows.length,
            status: values.status !== undefined,
            tags: values.tags !== undefined,
            groups: values.groups !== undefined,
          },
          {
            viewer: viewer.id,
            like: values.search.like,
            ...Object.fromEntries(windows.map((w, i) => [`w${i}`, w])),
            status: values.status,
            tags: values.tags,
            groups: values.groups,
            ...months,
            now,
            names,
          },
        )
      : [];
  // The term also finds the holders of a tag whose shown name holds it, however many: then the search
  // is not selective, and the selective statement's answer (which names those tags, so that the usual
  // search, no tag matching, takes one round trip) is not used.
  const tagIds = values.search
    ? searched
      ? searched.search_tags
      : one(await tagsMatchingStatement(ctx.db, { names, like: values.search.like })).ids
    : [];
  const searchTags = tagIds.length ? pgIntArray(tagIds) : undefined;
  if (searchTags) searched = undefined;
  const filters = filtersSql(values, searchTags);
  // (A viewer removed meanwhile has no row: null columns there.)
  const me: ViewerRow | undefined = searched
    ? searched.path === null
      ? undefined
      : {
          path: searched.path,
          descendants: searched.descendants ?? 0,
          groups: searched.groups ?? [],
          ungrouped: searched.ungrouped ?? false,
        }
    : (await prepared<ViewerRow>(ctx.db, viewerRowSql(viewer.id)))[0];
  const scope = visibleUsersWhere(viewer, 'u', me?.path);
  const where = sql.join([scope, ...filters], sql` and `);

  const counter = viewer.role === 'member';
  const countOf = async (w: SQL) =>
    (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${w}`)).rows[0]?.n ?? 0;

  let rows: string;
  let sums: { cur: string; prev: string } | undefined;
  let totalCount: number;
  let count: number;
  if (searched) {
    ({ rows } = searched);
    sums = searched;
    totalCount = counter ? (me?.descendants ?? 0) : await countOf(scope);
    count = searched.n;
  } else if (f.search?.trim()) {
    // A search that is not selective for every viewer: planned for this viewer's subtree, then the
    // page's rows by id.
    const [hitRows, total] = await Promise.all([
      prepared<{ n: number; ids: number[]; cur: string; prev: string }>(
        ctx.db,
        hitsSql(where, { sortKey: col, dir, page: win, months }),
      ),
      counter ? (me?.descendants ?? 0) : countOf(scope),
    ]);
    const hit = one(hitRows);
    rows = hit.ids.length ? await rowsOf(ctx, viewer.id, hit.ids, { now, names }, months) : '[]';
    sums = hit;
    totalCount = total;
    count = hit.n;
  } else {
    // The page's users first, planned for this viewer's subtree (see visibleUsersWhere); then their
    // columns by id, a statement whose cached plan fits every page (planning all its joins per call
    // cost more than running them).
    const page = prepared<{ id: number }>(
      ctx.db,
      sql`select u.id from users u where ${where} order by ${orderOf(q.ordering)} ${pageSql(win)}`,
    ).then((ids) =>
      ids.length
        ? rowsOf(
            ctx,
            viewer.id,
            ids.map((r) => r.id),
            { now, names },
            months,
          )
        : '[]',
    );
    // A member's whole structure: the totals the payments' triggers keep per ancestor and month.
    const rolledUp = viewer.role === 'member' && filters.length === 0;
    // Otherwise the paid donations of every matching user, found from the payments side (two months of
    // payments are few, a structure may be most of the users); `offset 0` keeps the planner from starting at the users.
    const totals = rolledUp
      ? ctx.db.execute<{ cur: string; prev: string }>(sql`
          select ${moneySql(sql`sum(cents) filter (where month = team_donation_month(${months.current}::timestamptz))`)} as cur,
                 ${moneySql(sql`sum(cents) filter (where month = team_donation_month(${months.prev}::timestamptz))`)} as prev
          from team_donation_totals where ancestor_id = ${viewer.id} and month in (team_donation_month(${months.prev}::timestamptz), team_donation_month(${months.current}::timestamptz))`)
      : ctx.db.execute<{ cur: string; prev: string }>(sql`
          ${donationSums(sql`p.amount_cents`, months)}
          from (select user_id, amount_cents, paid_at from payments
                where state = 'paid' and kind = 'donation' and paid_at >= ${months.prev} and paid_at < ${months.next}
                offset 0) p
          join users u on u.id = p.user_id
          where ${where}`);
    // A member's structure without filters is their subtree, whose size the tree trigger keeps.
    // Without filters the filtered count is the total: counted once.
    let filtered: number | null;
    [
      rows,
      {
        rows: [sums],
      },
      totalCount,
      filtered,
    ] = await Promise.all([
      page,
      totals,
      counter ? (me?.descendants ?? 0) : countOf(scope),
      filters.length ? countOf(where) : null,
    ]);
    count = filtered ?? totalCount;
  }

  const paged = pageOf([], count, totalCount, win, { ...q, ...f, tags: undefined, groups: undefined });
  // Repeated ids (tags=1&tags=2), as the query parameters take them.
  const ids = [...(f.tags ?? []).map((id) => `&tags=${id}`), ...(f.groups ?? []).map((id) => `&groups=${id}`)].join('');
  return pageJson(paged, rows, {
    next: paged.next && paged.next + ids,
    previous: paged.previous && paged.previous + ids,
    columns: columnsFor(lang, { grouped: (me?.groups ?? []).length > 0, ungrouped: me?.ungrouped ?? false }),
    tags_groups_columns: (me?.groups ?? []).map((g) => ({
      key: `tag_group_${g.id}`,
      label: groupLabel(lang, g.name),
      group_id: g.id,
    })),
    total_donations_current: sums?.cur ?? '0.00',
    total_donations_prev: sums?.prev ?? '0.00',
  });
}
