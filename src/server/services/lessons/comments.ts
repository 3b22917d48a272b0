import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { FieldErrors, notFound, permissionDenied } from '../../errors';
import { shapedStatement } from '../../db/prepared';
import { pageJson, pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import { isoSql } from '../leads/brief';
import { grantColumns, grantsFrom, grantsOf, lessonLocked, lockReason, type GrantRow } from './access';
import { iso, VISIBLE } from './views';
import { one } from '../../db/rows';
import type { SchemaLessonCommentCreate } from '../../../api/schema';

type Caller = Pick<AuthUser, 'id' | 'role'>;

type CommentRow = {
  id: number;
  lesson_id: number | null;
  author_id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  text: string;
  is_hidden: boolean;
  created_at: Date | string;
  updated_at: Date | string | null;
};

// Other members see an author's name and avatar only, never their email or phone.
const view = (r: CommentRow) => ({
  id: r.id,
  lesson: r.lesson_id,
  author: { id: r.author_id, first_name: r.first_name, last_name: r.last_name, avatar: r.avatar },
  text: r.text,
  created_at: iso(r.created_at),
  updated_at: r.updated_at ? iso(r.updated_at) : null,
  is_hidden: r.is_hidden,
});

/** Hidden comments are seen by admins and by their author only. */
const seenBy = (admin: boolean, callerId: number | Placeholder): SQL =>
  admin ? sql`true` : sql`(not lc.is_hidden or lc.author_id = ${callerId})`;

/** What decides whether the caller may open lesson `lessonId` (admins also see drafts); no row for a lesson they cannot see. */
const lessonAccessSql = (admin: boolean): SQL =>
  sql`select l.is_free, l.category_id from lessons l where l.id = ${sql.placeholder('lessonId')} and ${admin ? sql`true` : VISIBLE}`;

const lessonAccess = shapedStatement<
  { is_free: boolean; category_id: number },
  { admin: boolean },
  { lessonId: number }
>(({ admin }) => lessonAccessSql(admin));

/** 404 for an unknown (or unpublished) lesson, 403 when the caller cannot open it. */
async function assertLessonOpen(ctx: AppContext, caller: Caller, lessonId: number, onMissing: () => Error) {
  const [grants, rows] = await Promise.all([
    grantsOf(ctx, caller),
    lessonAccess(ctx.db, { admin: caller.role === 'admin' }, { lessonId }),
  ]);
  if (!rows[0]) throw onMissing();
  const reason = lockReason(grants, rows[0]);
  if (reason) throw lessonLocked(reason);
}

type ListFilter = { lesson: boolean; admin: boolean };
type ListShape = ListFilter & { oldestFirst: boolean; limit: number; offset: number };
type ListValues = { lessonId: number | null; callerId: number };

/** The comments a caller sees, of one lesson or of all: the filter as it goes into both statements. */
const listWhere = (filter: ListFilter): SQL =>
  sql`${filter.lesson ? sql`lc.lesson_id = ${sql.placeholder('lessonId')}` : sql`true`} and ${seenBy(filter.admin, sql.placeholder('callerId'))}`;

type ListRow = Partial<GrantRow> & {
  lesson: { is_free: boolean; category_id: number } | null;
  n: number;
  json: string;
};

/**
 * One statement per shape: the lesson's access (when the list is of one lesson), the caller's grants
 * (members only), the count, and the page as JSON text (each comment the object of view()).
 */
const commentsStatement = shapedStatement<ListRow, ListShape, ListValues>((shape) => {
  const order = shape.oldestFirst
    ? sql`lc.created_at, lc.id`
    : sql`lc.created_at desc nulls last, lc.id desc nulls last`;
  const lesson = shape.lesson ? sql`(select row_to_json(x) from (${lessonAccessSql(shape.admin)}) x)` : sql`null::json`;
  return sql`
    with page as (select lc.* from lesson_comments lc where ${listWhere(shape)} order by ${order} ${pageSql(shape)})
    select ${lesson} as lesson, ${shape.lesson && !shape.admin ? sql`${grantColumns(sql.placeholder('callerId'))},` : sql``}
      (select count(*)::int from lesson_comments lc where ${listWhere(shape)}) as n,
      (select coalesce(json_agg(json_build_object('id', lc.id, 'lesson', lc.lesson_id,
        'author', json_build_object('id', lc.author_id, 'first_name', u.first_name, 'last_name', u.last_name, 'avatar', u.avatar),
        'text', lc.text, 'created_at', ${isoSql('lc.created_at')}, 'updated_at', ${isoSql('lc.updated_at')}, 'is_hidden', lc.is_hidden) order by ${order}), '[]')::text
        from page lc join users u on u.id = lc.author_id) as json`;
});

export type CommentListQuery = PageQuery & { lesson?: number; ordering?: string };

/**
 * A page of comments, newest first (ordering=created_at for oldest first), as JSON text. Of one
 * lesson: 404 when it is unknown or unpublished, 403 when the caller cannot open it.
 */
export async function listComments(ctx: AppContext, caller: Caller, q: CommentListQuery): Promise<string> {
  if (q.ordering && !['created_at', '-created_at'].includes(q.ordering))
    throw FieldErrors.of('ordering', 'field_invalid');
  const win = pageWindow(q);
  const shape = {
    lesson: q.lesson !== undefined,
    admin: caller.role === 'admin',
    oldestFirst: q.ordering === 'created_at',
    limit: win.limit,
    offset: win.offset,
  };
  const row = one(await commentsStatement(ctx.db, shape, { lessonId: q.lesson ?? null, callerId: caller.id }));
  if (shape.lesson) {
    if (!row.lesson) throw notFound();
    const reason = lockReason(
      grantsFrom(caller, {
        grant_categories: row.grant_categories ?? [],
        has_package: row.has_package ?? false,
        sold_categories: row.sold_categories ?? [],
      }),
      row.lesson,
    );
    if (reason) throw lessonLocked(reason);
  }
  return pageJson(pageOf([], row.n, row.n, win, q), row.json);
}

async function commentRow(ctx: AppContext, caller: Caller, id: number): Promise<CommentRow> {
  const { rows } = await ctx.db.execute<CommentRow>(sql`
    select lc.id, lc.lesson_id, lc.author_id, u.first_name, u.last_name, u.avatar, lc.text, lc.is_hidden, lc.created_at, lc.updated_at
    from lesson_comments lc join users u on u.id = lc.author_id where lc.id = ${id} and ${seenBy(caller.role === 'admin', caller.id)}`);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function getComment(ctx: AppContext, caller: Caller, id: number) {
  return view(await commentRow(ctx, caller, id));
}

export async function addComment(ctx: AppContext, caller: Caller, body: SchemaLessonCommentCreate) {
  const text = body.text.trim();
  if (!text) throw FieldErrors.of('text', 'field_empty');
  const lesson = body.lesson ?? null;
  if (lesson !== null) await assertLessonOpen(ctx, caller, lesson, () => FieldErrors.of('lesson', 'field_invalid'));
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    insert into lesson_comments (lesson_id, author_id, text) values (${lesson}, ${caller.id}, ${text}) returning id`);
  return getComment(ctx, caller, one(rows).id);
}

/** The author deletes their own comment, admins any; others get 403. */
export async function deleteComment(ctx: AppContext, caller: Caller, id: number) {
  const row = await commentRow(ctx, caller, id);
  if (caller.role !== 'admin' && row.author_id !== caller.id) throw permissionDenied();
  await ctx.db.execute(sql`delete from lesson_comments where id = ${id}`);
}

export async function moderateComment(ctx: AppContext, caller: Caller, id: number, isHidden: boolean) {
  const { rowCount } = await ctx.db.execute(sql`update lesson_comments set is_hidden = ${isHidden} where id = ${id}`);
  if (!rowCount) throw notFound();
  return getComment(ctx, caller, id);
}
