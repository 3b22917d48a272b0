import { sql, type SQL } from 'drizzle-orm';
import { clock } from '../../clock';
import { prepared } from '../../db/prepared';
import type { AppContext } from '../../context';
import type { LeadStatus } from '../../db/schema';
import type { Lang } from '../../i18n';
import { briefJson, isoSql } from '../leads/brief';
import { pageJson, pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import { moneySql, monthWindows } from './money';
import { ORDER_SQL, columnsFor } from './structure-columns';
import { visibleUsersFilter, visibleUsersWhere, type Viewer } from './visibility';
import { searchTextMatches } from './search-windows';
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

/**
 * The filters of the list (the users' scope, visibility, comes first), and whether the search is
 * selective for every viewer (searchTextMatches).
 */
async function filtersOf(db: AppContext['db'], f: StructureFilter): Promise<{ filters: SQL[]; selective: boolean }> {
  const out: SQL[] = [];
  const term = f.search?.trim();
  let selective = false;
  if (term) {
    const search = await searchTextMatches(db, term);
    out.push(search.where);
    selective = search.selective;
  }
  if (f.status) out.push(sql`u.lead_status = ${f.status}`);
  if (f.tags?.length) {
    out.push(
      sql`exists (select 1 from user_tags ut where ut.user_id = u.id and ut.tag_id = any(${pgIntArray(f.tags)}::int[]))`,
    );
  }
  if (f.groups?.length) {
    // In a group: a member of it (user_groups) or holding a tag of it.
    out.push(sql`(exists (select 1 from user_groups ug where ug.user_id = u.id and ug.group_id = any(${pgIntArray(f.groups)}::int[]))
      or exists (select 1 from user_tags ut join tags tg on tg.id = ut.tag_id
                 where ut.user_id = u.id and tg.group_id = any(${pgIntArray(f.groups)}::int[])))`);
  }
  return { filters: out, selective };
}

/** The list's sort column (newest joined first by default) and direction. */
function sortOf(ordering: string | undefined): { col: SQL; dir: SQL } {
  const key = ordering?.replace(/^-/, '');
  const desc = ordering ? ordering.startsWith('-') : true;
  return { col: sql.raw((key && ORDER_SQL[key]) || 'u.date_joined'), dir: sql.raw(desc ? 'desc' : 'asc') };
}

function orderOf(ordering: string | undefined): SQL {
  const { col, dir } = sortOf(ordering);
  return sql`${col} ${dir} nulls last, u.id ${dir} nulls last`;
}

type Months = ReturnType<typeof monthWindows>;

/**
 * The list's rows of the page's users, `page(id, ord)` (a table of them or a CTE of that name), in
 * `ord` order, as the answer's JSON text (StructureUser).
 */
function pageRowsSql(viewerId: number, page: SQL, now: string, months: Months): SQL {
  return sql`
    with me as materialized (select path from users where id = ${viewerId})
    select coalesce(json_agg(x), '[]')::text as rows from (
    select u.id, u.first_name, u.last_name, u.email::text as email, u.phone, u.avatar, u.city, u.country,
      u.lead_status as status, u.is_partner, u.children_count, ${isoSql('u.date_joined')} as date_joined,
      case when u.path <@ me.path then nlevel(u.path) - nlevel(me.path) else nlevel(u.path) end as level,
      ${briefJson('r')} as referrer, ${briefJson('rs')} as responsible,
      coalesce(tg.tags, '[]'::json) as tags, pk.name as package, ${isoSql('pk.ends_at')} as subscription_ends_at,
      ${moneySql(sql`d.cur`)} as donations_current, ${moneySql(sql`d.prev`)} as donations_prev,
      ${isoSql('(select max(s.created_at) from sessions s where s.user_id = u.id)')} as last_login
    from ${page}
    join users u on u.id = page.id
    cross join me
    left join users r on r.id = u.referrer_id
    left join users rs on rs.id = u.responsible_id
    left join lateral (
      select json_agg(json_build_object('id', t.id, 'name', t.name, 'group_id', t.group_id) order by t.name) as tags
      from user_tags ut join tags t on t.id = ut.tag_id where ut.user_id = u.id
    ) tg on true
    left join lateral (
      select p.name, up.ends_at from user_packages up join packages p on p.id = up.package_id
      where up.user_id = u.id and up.status = 'active' and up.starts_at <= ${now} and (up.ends_at is null or up.ends_at > ${now})
      order by up.ends_at desc nulls first limit 1
    ) pk on true
    left join lateral (
      select sum(p.amount_cents) filter (where p.paid_at >= ${months.current}) as cur,
             sum(p.amount_cents) filter (where p.paid_at < ${months.current}) as prev
      from payments p
      where p.user_id = u.id and p.state = 'paid' and p.kind = 'donation'
        and p.paid_at >= ${months.prev} and p.paid_at < ${months.next}
    ) d on true
    order by page.ord) x`;
}

/** The list's rows of these users, in the order given, as the answer's JSON text (StructureUser). */
async function rowsOf(ctx: AppContext, viewerId: number, ids: number[], now: string, months: Months): Promise<string> {
  const page = sql`unnest(${pgIntArray(ids)}::int[]) with ordinality as page(id, ord)`;
  return one(await prepared<{ rows: string }>(ctx.db, pageRowsSql(viewerId, page, now, months))).rows;
}

const donationSums = (cents: SQL, months: Months) => sql`
    select ${moneySql(sql`sum(${cents}) filter (where p.paid_at >= ${months.current})`)} as cur,
           ${moneySql(sql`sum(${cents}) filter (where p.paid_at < ${months.current})`)} as prev`;
const paidDonationsOf = (userId: SQL, months: Months) => sql`
    select p.amount_cents, p.paid_at from payments p
    where p.user_id = ${userId} and p.state = 'paid' and p.kind = 'donation' and p.paid_at >= ${months.prev} and p.paid_at < ${months.next}`;

type ViewerRow = { path: string; descendants: number; groups: Array<{ id: number; name: string }> };
type NullableViewerRow = { [K in keyof ViewerRow]: ViewerRow[K] | null };

/** The viewer's path (a value, so the page is planned for this subtree), subtree size and the tag groups. */
const viewerRowSql = (viewerId: number) => sql`
    select path::text as path, descendants_count as descendants,
      coalesce((select json_agg(g order by g.name, g.id) from (select id, name from tag_groups) g), '[]') as groups
    from users where id = ${viewerId}`;

/**
 * A search's users, matched once: the count, the matches' donations, and the page, as its ids or
 * (with `rows`) as the page's rows themselves, and the viewer's row beside them.
 */
function hitsSql(
  where: SQL,
  o: {
    sortKey: SQL;
    dir: SQL;
    page: { limit: number; offset: number };
    months: Months;
    rows?: { viewerId: number; now: string };
  },
): SQL {
  const order = sql`m.sort_key ${o.dir} nulls last, m.id ${o.dir} nulls last`;
  const page = o.rows
    ? sql`(${pageRowsSql(o.rows.viewerId, sql`page`, o.rows.now, o.months)}) as rows`
    : sql`array(select m.id from m order by ${order} ${pageSql(o.page)}) as ids`;
  return sql`
    with m as materialized (select u.id, ${o.sortKey} as sort_key from users u where ${where})${
      o.rows
        ? sql`,
      page as materialized (select m.id, row_number() over (order by ${order}) as ord from m order by ${order} ${pageSql(o.page)})`
        : sql``
    }
    select (select count(*)::int from m) as n, ${page}, d.cur, d.prev${
      o.rows ? sql`, v.path, v.descendants, v.groups` : sql``
    }
    from (${donationSums(sql`p.amount_cents`, o.months)} from m cross join lateral (${paidDonationsOf(sql`m.id`, o.months)}) p) d${
      o.rows ? sql` left join (${viewerRowSql(o.rows.viewerId)}) v on true` : sql``
    }`;
}

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
  const { filters, selective } = await filtersOf(ctx.db, f);
  const now = clock.now().toISOString();
  const { col, dir } = sortOf(q.ordering);
  // A selective search (its rare trigrams find few users whoever looks) starts from the trigram
  // index and checks the scope on what it found: one statement, planned once per connection for every
  // viewer, with the viewer's row and the page's rows in it (planning the search per call cost more
  // than running it, and each further statement a round trip).
  const [searched] = selective
    ? await prepared<{ n: number; rows: string; cur: string; prev: string } & NullableViewerRow>(
        ctx.db,
        hitsSql(sql.join([visibleUsersFilter(viewer, 'u'), ...filters], sql` and `), {
          sortKey: col,
          dir,
          page: win,
          months,
          rows: { viewerId: viewer.id, now },
        }),
      )
    : [];
  // (A viewer removed meanwhile has no row: null columns there.)
  const me: ViewerRow | undefined = searched
    ? searched.path === null
      ? undefined
      : { path: searched.path, descendants: searched.descendants ?? 0, groups: searched.groups ?? [] }
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
    rows = hit.ids.length ? await rowsOf(ctx, viewer.id, hit.ids, now, months) : '[]';
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
            now,
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
    columns: columnsFor(lang),
    tags_groups_columns: (me?.groups ?? []).map((g) => ({ key: `tag_group_${g.id}`, label: g.name, group_id: g.id })),
    total_donations_current: sums?.cur ?? '0.00',
    total_donations_prev: sums?.prev ?? '0.00',
  });
}
