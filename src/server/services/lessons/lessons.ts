import { sql, type SQL } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { FieldErrors, notFound } from '../../errors';
import type { Lang } from '../../i18n';
import { pageJson, pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import { shapedStatement, statement } from '../../db/prepared';
import { accessView, briefValues, grantColumns, grantsOf, lessonLocked, lockReason } from './access';
import { publishedLessonsTotal } from './totals';
import {
  BRIEF_COLUMNS,
  briefJoins,
  briefJsonSql,
  briefView,
  playable,
  progressView,
  VISIBLE,
  type BriefRow,
  type BriefValues,
} from './views';
import { one, present } from '../../db/rows';
import type { SchemaLessonListRequest, SchemaLessonViewRequest } from '../../../api/schema';

type Caller = Pick<AuthUser, 'id' | 'role'> & { lang: Lang };

type CategoryRow = {
  id: number;
  title: string;
  description: string;
  image: string | null;
  order: number;
  lessons_count: number;
  completed_count: number;
};

const categoryView = (r: CategoryRow) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  image: r.image,
  order: r.order,
  lessons_count: r.lessons_count,
  completed_count: r.completed_count,
});

/** Every category in order, with its published lessons and how many of them the caller completed. */
export async function listCategories(ctx: AppContext, caller: Caller) {
  const { rows } = await ctx.db.execute<CategoryRow>(sql`
    select c.id, c.title, c.description, c.image, c."order",
      coalesce(n.cnt, 0)::int as lessons_count, coalesce(d.cnt, 0)::int as completed_count
    from lesson_categories c
    left join (select l.category_id, count(*) as cnt from lessons l where ${VISIBLE} group by l.category_id) n on n.category_id = c.id
    left join (
      select l.category_id, count(*) as cnt from lesson_progress p join lessons l on l.id = p.lesson_id
      where p.user_id = ${caller.id} and p.completed and ${VISIBLE} group by l.category_id
    ) d on d.category_id = c.id
    order by c."order", c.id`);
  return rows.map(categoryView);
}

/** Free lessons in category and lesson order (at most 200: the free shelf, not an archive). */
export async function listFreeLessons(ctx: AppContext, caller: Caller) {
  const [grants, { rows }] = await Promise.all([
    grantsOf(ctx, caller),
    ctx.db.execute<BriefRow>(sql`
      select ${BRIEF_COLUMNS} from lessons l ${briefJoins(caller.id)}
      where ${VISIBLE} and l.is_free order by c."order", c.id, l."order", l.id limit 200`),
  ]);
  return rows.map((r) => briefView(caller.lang, grants, r));
}

const ORDERINGS: Partial<Record<string, string>> = {
  order: 'l."order", l.id',
  '-order': 'l."order" desc, l.id desc',
  title: 'l.title, l.id',
  '-title': 'l.title desc, l.id desc',
  published_at: 'l.published_at, l.id',
  '-published_at': 'l.published_at desc, l.id desc',
  duration_seconds: 'l.duration_seconds, l.id',
  '-duration_seconds': 'l.duration_seconds desc, l.id desc',
};

export type LessonListBody = SchemaLessonListRequest;
export type LessonListQuery = PageQuery & { search?: string; ordering?: string };

// The columns of a lesson the list orders by (ORDERINGS), as the match across categories keeps them.
const MATCH_COLUMNS = sql.raw('l.id, l.category_id, l."order", l.title, l.published_at, l.duration_seconds');

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type ListShape = {
  category: boolean;
  search: boolean;
  isFree: boolean | null;
  completed: boolean | null;
  ordering: string | null;
  limit: number;
  offset: number;
};
type ListMeta = {
  count: number | null;
  total: number | null;
  category: Omit<CategoryRow, 'lessons_count'> | null;
  rows: string;
};

/** The page (its briefs as JSON text), the counts and the category, in one statement built once per shape. */
const listStatement = shapedStatement<
  ListMeta,
  ListShape,
  BriefValues & { userId: number; category: number | null; pattern: string | null }
>((shape) => {
  const userId = sql.placeholder('userId');
  const scope: SQL[] = [VISIBLE];
  if (shape.category) scope.push(sql`l.category_id = ${sql.placeholder('category')}`);
  const title = shape.search ? sql`l.title ilike ${sql.placeholder('pattern')}` : null;
  const others: SQL[] = [];
  if (shape.isFree !== null) others.push(sql.raw(`l.is_free = ${shape.isFree}`));
  if (shape.completed !== null) {
    const done = sql`exists (select 1 from lesson_progress pc where pc.user_id = ${userId} and pc.lesson_id = l.id and pc.completed)`;
    others.push(shape.completed ? done : sql`not ${done}`);
  }
  const filters = title ? [title, ...others] : others;
  const byCategory = 'c."order", c.id, l."order", l.id';
  const orderBy = sql.raw(
    (shape.ordering ? ORDERINGS[shape.ordering] : shape.category ? ORDERINGS.order : byCategory) ?? byCategory,
  );
  const where = sql.join([...scope, ...filters], sql` and `);
  const scoped = sql.join(scope, sql` and `);
  const filtered = filters.length ? sql.join(filters, sql` and `) : sql`true`;
  // Across all categories a filter (a title search above all) is matched once, in `m`: the count and
  // the page both read the match instead of each running the trigram scan. `m` keeps the columns
  // the page is ordered by, so the page reads no lesson it does not show. The title is matched by
  // lesson_title_matches (migration 0026), so that this statement's plan does not depend on the
  // pattern and is kept instead of being made afresh per call.
  const matchOnce = !shape.category && filters.length > 0;
  const matched = title ? sql`lesson_title_matches(${sql.placeholder('pattern')}) l` : sql`lessons l`;
  const page = sql`coalesce((select json_agg(${briefJsonSql('r', 'r')}) from (
      with page as (
        select l.id from ${matchOnce ? sql`m l` : sql`lessons l`} join lesson_categories c on c.id = l.category_id
        ${matchOnce ? sql`` : sql`where ${where}`} order by ${orderBy} ${pageSql(shape)}
      ), g as (select ${grantColumns(userId)})
      select ${BRIEF_COLUMNS}, g.grant_categories, g.has_package, g.sold_categories from page join lessons l on l.id = page.id ${briefJoins(userId)} cross join g
      order by ${orderBy}) r), '[]')::text as rows`;
  return shape.category
    ? sql`select k.count, k.total,
          (select row_to_json(x) from (
            select c.id, c.title, c.description, c.image, c."order",
              (select count(*)::int from lesson_progress p join lessons l on l.id = p.lesson_id
                where p.user_id = ${userId} and p.completed and l.category_id = c.id and ${VISIBLE}) as completed_count
            from lesson_categories c where c.id = ${sql.placeholder('category')}) x) as category,
          ${page}
        from (select count(*) filter (where ${filtered})::int as count, count(*)::int as total from lessons l where ${scoped}) k`
    : matchOnce
      ? sql`with m as materialized (select ${MATCH_COLUMNS} from ${matched} where ${sql.join([...scope, ...others], sql` and `)})
          select (select count(*)::int from m) as count, null::int as total, null::json as category, ${page}`
      : sql`select null::int as count, null::int as total, null::json as category, ${page}`;
});

/** A page of published lessons of one category (or all), searchable by title, as JSON text. */
export async function listLessons(
  ctx: AppContext,
  caller: Caller,
  body: LessonListBody,
  q: LessonListQuery,
): Promise<string> {
  const win = pageWindow(q);
  if (q.ordering && !ORDERINGS[q.ordering]) throw FieldErrors.of('ordering', 'field_invalid');
  const search = q.search?.trim();
  const shape: ListShape = {
    category: body.category !== null,
    search: Boolean(search),
    isFree: body.is_free ?? null,
    completed: body.completed ?? null,
    ordering: q.ordering ?? null,
    limit: win.limit,
    offset: win.offset,
  };
  const values = {
    userId: caller.id,
    category: body.category,
    pattern: search ? likePattern(search) : null,
    ...briefValues(caller),
  };
  const [infoRows, allPublished] = await Promise.all([
    listStatement(ctx.db, shape, values),
    body.category === null ? publishedLessonsTotal(ctx) : Promise.resolve(0),
  ]);
  const info = one(infoRows);
  if (body.category !== null && !info.category) throw FieldErrors.of('category', 'field_invalid');
  const total = info.total ?? allPublished;
  const count = info.count ?? total;
  const category = info.category ? categoryView({ ...info.category, lessons_count: total }) : null;
  return pageJson(pageOf([], count, total, win, q), info.rows, { category });
}

type LessonRow = BriefRow & {
  description: string;
  video_url: string | null;
  video_file: string | null;
  is_published: boolean;
};

/** A lesson the caller may see (published; admins also see drafts), or 404. */
async function lessonRow(ctx: AppContext, caller: Caller, id: number): Promise<LessonRow> {
  const visible = caller.role === 'admin' ? sql`true` : VISIBLE;
  const { rows } = await ctx.db.execute<LessonRow>(sql`
    select ${BRIEF_COLUMNS}, l.description, l.video_url, l.video_file, l.is_published
    from lessons l ${briefJoins(caller.id)} where l.id = ${id} and ${visible}`);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The lesson page: video and materials only when open; previous and next lessons of its category. */
export async function getLesson(ctx: AppContext, caller: Caller, id: number) {
  const [grants, row] = await Promise.all([grantsOf(ctx, caller), lessonRow(ctx, caller, id)]);
  const access = accessView(caller.lang, grants, row);
  const [materials, neighbours] = await Promise.all([
    access.locked
      ? Promise.resolve({
          rows: [] as Array<{
            id: number;
            title: string;
            file: string | null;
            url: string | null;
            mime_type: string | null;
            size_bytes: number | null;
          }>,
        })
      : ctx.db.execute<{
          id: number;
          title: string;
          file: string | null;
          url: string | null;
          mime_type: string | null;
          size_bytes: number | null;
        }>(sql`
          select id, title, file, url, mime_type, size_bytes::float8 as size_bytes from lesson_materials
          where lesson_id = ${id} order by "order", id`),
    ctx.db.execute<{ prev: number | null; next: number | null }>(sql`
      select
        (select l.id from lessons l where l.category_id = ${row.category_id} and ${VISIBLE}
          and (l."order", l.id) < (${row.order}, ${row.id}) order by l."order" desc, l.id desc limit 1) as prev,
        (select l.id from lessons l where l.category_id = ${row.category_id} and ${VISIBLE}
          and (l."order", l.id) > (${row.order}, ${row.id}) order by l."order", l.id limit 1) as next`),
  ]);
  let video: { url: string; type: 'file' | 'youtube' | 'vimeo' | 'link' } | null = null;
  if (!access.locked) {
    if (row.video_file) video = { url: ctx.storage.signedUrl(row.video_file), type: 'file' };
    else video = playable(row.video_url);
  }
  const brief = briefView(caller.lang, grants, row);
  return {
    ...brief,
    description: row.description,
    video_url: video?.url ?? null,
    video_type: video?.type ?? null,
    materials: materials.rows.map((m) => ({
      id: m.id,
      title: m.title,
      kind: m.file ? ('file' as const) : ('link' as const),
      url: m.file ? ctx.storage.signedUrl(m.file) : present(m.url, "the material's link"),
      mime_type: m.mime_type,
      size_bytes: m.size_bytes,
    })),
    previous_lesson: neighbours.rows[0]?.prev ?? null,
    next_lesson: neighbours.rows[0]?.next ?? null,
  };
}

export type LessonViewBody = SchemaLessonViewRequest;

/**
 * Stores the caller's watch position (the latest one: the member resumes where they stopped).
 * Completed once the player reports the end or 90% was reached; never unset afterwards.
 */
export async function recordLessonView(ctx: AppContext, caller: Caller, id: number, body: LessonViewBody) {
  const [grants, row] = await Promise.all([grantsOf(ctx, caller), lessonRow(ctx, caller, id)]);
  const reason = lockReason(grants, row);
  if (reason) throw lessonLocked(reason);
  const duration = body.duration ?? row.duration_seconds;
  const position = duration > 0 ? Math.min(body.time, duration) : body.time;
  const completed = Boolean(body.completed) || (duration > 0 && position >= duration * 0.9);
  const { rows } = await ctx.db.execute<
    Pick<BriefRow, 'position_seconds' | 'p_duration' | 'p_completed' | 'p_updated_at'>
  >(sql`
    insert into lesson_progress as lp (user_id, lesson_id, position_seconds, duration_seconds, completed, completed_at, updated_at)
    values (${caller.id}, ${id}, ${position}, ${duration}, ${completed}, ${completed ? sql`now()` : null}, now())
    on conflict (user_id, lesson_id) do update set
      position_seconds = excluded.position_seconds,
      duration_seconds = case when excluded.duration_seconds > 0 then excluded.duration_seconds else lp.duration_seconds end,
      completed = lp.completed or excluded.completed,
      completed_at = coalesce(lp.completed_at, excluded.completed_at),
      updated_at = now()
    returning position_seconds, duration_seconds as p_duration, completed as p_completed, updated_at as p_updated_at`);
  return present(progressView({ ...one(rows), duration_seconds: row.duration_seconds }), 'the progress just stored');
}

/** Lessons to continue (started, not completed, latest first) and the newest not started. */
// One statement (the caller's grants, completed count and both lists as JSON), its text built once.
const USER = sql.placeholder('userId');
// Per progress row, one look at its lesson: a member's progress is a few dozen rows, and as an EXISTS
// the planner merged them with a walk over hundreds of lessons.
const progressVisible = sql`coalesce((select ${VISIBLE} from lessons l where l.id = p.lesson_id), false)`;
const dashboardStatement = statement<
  { completed: number; in_progress: string; latest: string },
  BriefValues & { userId: number }
>(sql`
  with g as (select ${grantColumns(USER)}), recent as (
    select p.lesson_id as id, 1 as kind, row_number() over (order by p.updated_at desc nulls last) as rank
    from lesson_progress p
    where p.user_id = ${USER} and not p.completed and ${progressVisible}
    order by p.updated_at desc nulls last limit 6
  ), newest as (
    select l.id, 2 as kind, row_number() over (order by l.published_at desc nulls last, l.id desc nulls last) as rank from lessons l
    where ${VISIBLE} and not exists (select 1 from lesson_progress s where s.user_id = ${USER} and s.lesson_id = l.id)
    order by l.published_at desc nulls last, l.id desc nulls last limit 6
  ), picked as (select * from recent union all select * from newest),
  x as (select picked.kind, picked.rank, ${BRIEF_COLUMNS} from picked join lessons l on l.id = picked.id ${briefJoins(USER)})
  select
    (select count(*)::int from lesson_progress p where p.user_id = ${USER} and p.completed and ${progressVisible}) as completed,
    (select coalesce(json_agg(${briefJsonSql('x')} order by x.rank), '[]')::text from x, g where x.kind = 1) as in_progress,
    (select coalesce(json_agg(${briefJsonSql('x')} order by x.rank), '[]')::text from x, g where x.kind = 2) as latest`);

/** Lessons to continue and the newest not started, written whole by PostgreSQL (the dashboard's busiest call). */
export async function dashboardLessons(ctx: AppContext, caller: Caller): Promise<string> {
  const [infoRows, total] = await Promise.all([
    dashboardStatement(ctx.db, { userId: caller.id, ...briefValues(caller) }),
    publishedLessonsTotal(ctx),
  ]);
  const info = one(infoRows);
  return `{"in_progress":${info.in_progress},"latest":${info.latest},"total_count":${total},"completed_count":${info.completed}}`;
}
