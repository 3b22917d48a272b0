import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import { statement } from '../db/prepared';
import { isoSql } from './leads/brief';
import { notFound } from '../errors';
import { pageOf, pageSql, pageWindow, type PageQuery } from './paging';
import { iso } from './lessons/views';
import { one } from '../db/rows';

type NewsRow = {
  id: number;
  title: string;
  summary: string;
  body?: string;
  image: string | null;
  is_important: boolean;
  published_at: Date | string;
  updated_at?: Date | string;
};

const PUBLISHED = sql.raw('n.published_at <= now()');
const ORDER = sql.raw('n.published_at desc nulls last, n.id desc nulls last');
const BRIEF = sql.raw('n.id, n.title, n.summary, n.image, n.is_important, n.published_at');

const brief = (r: NewsRow) => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  image: r.image,
  is_important: r.is_important,
  published_at: iso(r.published_at),
});

export type NewsListQuery = PageQuery & { search?: string; is_important?: boolean };

export async function listNews(ctx: AppContext, q: NewsListQuery) {
  const win = pageWindow(q);
  const filters: SQL[] = [PUBLISHED];
  const search = q.search?.trim();
  if (search) filters.push(sql`n.title ilike ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (q.is_important !== undefined) filters.push(sql`n.is_important = ${q.is_important}`);
  const where = sql.join(filters, sql` and `);
  const [page, counted, total] = await Promise.all([
    ctx.db.execute<NewsRow>(sql`select ${BRIEF} from news n where ${where} order by ${ORDER} ${pageSql(win)}`),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from news n where ${where}`),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from news n where ${PUBLISHED}`),
  ]);
  return pageOf(page.rows.map(brief), one(counted.rows).n, one(total.rows).n, win, q);
}

// The dashboard's list, written as JSON by PostgreSQL (the same fields as brief()).
const importantNewsJson = statement<{ json: string }, Record<string, never>>(sql`
  select coalesce(json_agg(json_build_object('id', n.id, 'title', n.title, 'summary', n.summary, 'image', n.image,
    'is_important', n.is_important, 'published_at', ${isoSql('n.published_at')}) order by ${ORDER}), '[]')::text as json
  from (select ${BRIEF} from news n where ${PUBLISHED} and n.is_important order by ${ORDER} limit 10) n`);

/** The important news, newest first, as JSON text. */
export async function listImportantNews(ctx: AppContext): Promise<string> {
  const r = one(await importantNewsJson(ctx.db, {}));
  return r.json;
}

/** One published news item; its body was sanitised when saved. */
export async function getNews(ctx: AppContext, id: number) {
  const { rows } = await ctx.db.execute<NewsRow>(sql`
    select ${BRIEF}, n.body, n.updated_at from news n where n.id = ${id} and ${PUBLISHED}`);
  const r = rows[0];
  if (!r) throw notFound();
  return { ...brief(r), body: r.body ?? '', updated_at: r.updated_at ? iso(r.updated_at) : null };
}
