import { sql, type SQL } from 'drizzle-orm';
import { createEvent, type EventAttributes } from 'ics';
import type { AppContext } from '../context';
import { shapedStatement } from '../db/prepared';
import { isoSql, likeOf } from './leads/brief';
import { FieldErrors, notFound } from '../errors';
import { plainText } from './content/html';
import { pageOf, pageSql, pageWindow, type PageQuery } from './paging';
import { iso } from './lessons/views';
import { one } from '../db/rows';

type EventRow = {
  id: number;
  title: string;
  description?: string;
  starts_at: Date | string;
  ends_at: Date | string | null;
  time_zone: string;
  place: string | null;
  online_url: string | null;
  image: string | null;
  updated_at?: Date | string;
};

const BRIEF = sql.raw('e.id, e.title, e.starts_at, e.ends_at, e.time_zone, e.place, e.online_url, e.image');
/** An event without an end counts as over once it started. */
const NOT_ENDED = sql.raw('coalesce(e.ends_at, e.starts_at) >= now()');

const brief = (r: EventRow) => ({
  id: r.id,
  title: r.title,
  starts_at: iso(r.starts_at),
  ends_at: r.ends_at ? iso(r.ends_at) : null,
  time_zone: r.time_zone,
  place: r.place,
  online_url: r.online_url,
  image: r.image,
  ics_url: `/api/events/view/${r.id}/ics`,
});

// The same fields as brief(), written as JSON by PostgreSQL.
// The limit is in the text (one statement per limit asked for): as a value, PostgreSQL would plan every call.
const nearestJson = shapedStatement<{ json: string }, { limit: number }, Record<string, never>>(
  ({ limit }) => sql`
  select coalesce(json_agg(json_build_object('id', e.id, 'title', e.title, 'starts_at', ${isoSql('e.starts_at')},
    'ends_at', ${isoSql('e.ends_at')}, 'time_zone', e.time_zone, 'place', e.place, 'online_url', e.online_url, 'image', e.image,
    'ics_url', '/api/events/view/' || e.id || '/ics') order by e.starts_at, e.id), '[]')::text as json
  from (select ${BRIEF} from events e where e.is_published and ${NOT_ENDED} order by e.starts_at, e.id limit ${sql.raw(String(Math.trunc(limit)))}) e`,
);

/** Events that have not ended yet, soonest first, as JSON text. */
export async function listNearestEvents(ctx: AppContext, limit = 10): Promise<string> {
  const r = one(await nearestJson(ctx.db, { limit }, {}));
  return r.json;
}

export type EventListQuery = PageQuery & { period?: 'upcoming' | 'past' | 'all'; search?: string };

/** The period's events and, with a search, those whose title or description (without its markup) holds it. */
function listWhere(q: EventListQuery): SQL {
  const period = q.period ?? 'upcoming';
  const filters: SQL[] = [sql`e.is_published`];
  if (period === 'upcoming') filters.push(NOT_ENDED);
  if (period === 'past') filters.push(sql`not (${NOT_ENDED})`);
  const search = q.search?.trim();
  // PostgreSQL's text holds no NUL: said as the field's error rather than as a failed statement.
  if (search?.includes('\0')) throw FieldErrors.of('search', 'field_invalid');
  if (search) {
    const like = likeOf(search);
    // The description is sanitised HTML: its tags are not what a member reads, so they never match.
    filters.push(sql`(e.title ilike ${like} or regexp_replace(e.description, '<[^>]*>', ' ', 'g') ilike ${like})`);
  }
  return sql.join(filters, sql` and `);
}

export async function listEvents(ctx: AppContext, q: EventListQuery) {
  const win = pageWindow(q);
  const where = listWhere(q);
  const order = (q.period ?? 'upcoming') === 'upcoming' ? sql`e.starts_at, e.id` : sql`e.starts_at desc, e.id desc`;
  const [page, counted, total] = await Promise.all([
    ctx.db.execute<EventRow>(sql`select ${BRIEF} from events e where ${where} order by ${order} ${pageSql(win)}`),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from events e where ${where}`),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from events e where e.is_published`),
  ]);
  return pageOf(page.rows.map(brief), one(counted.rows).n, one(total.rows).n, win, q);
}

async function eventRow(ctx: AppContext, id: number): Promise<EventRow> {
  const { rows } = await ctx.db.execute<EventRow>(sql`
    select ${BRIEF}, e.description, e.updated_at from events e where e.id = ${id} and e.is_published`);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function getEvent(ctx: AppContext, id: number) {
  const r = await eventRow(ctx, id);
  return { ...brief(r), description: r.description ?? '' };
}

/** The event as an RFC 5545 file (one VEVENT, times in UTC, a stable UID per event). */
export async function eventIcs(ctx: AppContext, id: number): Promise<string> {
  const r = await eventRow(ctx, id);
  const start = new Date(r.starts_at).getTime();
  // An open end becomes a one-hour slot in the calendar.
  const end = r.ends_at ? new Date(r.ends_at).getTime() : start + 3600_000;
  const host = new URL(ctx.config.publicUrl).hostname || 'atrium';
  const attrs: EventAttributes = {
    uid: `event-${r.id}@${host}`,
    productId: 'atrium/events',
    title: r.title,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    description: plainText(r.description ?? '') + (r.online_url ? `\n\n${r.online_url}` : ''),
    ...(r.place && { location: r.place }),
    ...(r.online_url && /^https?:\/\//.test(r.online_url) && { url: r.online_url }),
    ...(r.updated_at && { lastModified: new Date(r.updated_at).getTime() }),
  };
  const { error, value } = createEvent(attrs);
  if (error || !value) throw error ?? new Error('ics: no output');
  return value;
}
