import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Lang } from '../../i18n';
import { iso as isoOf, isoText } from '../leads/brief';
import { accessView, type Grants } from './access';

/** A lesson is shown to members once published and its publish time has come. */
export const VISIBLE = sql.raw(`l.is_published and l.published_at <= now()`);

/** The columns of a lesson brief: `l` is the lesson, `c` its category, `p` the caller's progress. */
export const BRIEF_COLUMNS =
  sql.raw(`l.id, l.title, l.short_description, l.category_id, c.title as category_title, l.preview,
  l.duration_seconds, l."order", l.is_free, ${isoText('l.published_at')} as published_at,
  p.position_seconds, p.duration_seconds as p_duration, p.completed as p_completed, ${isoText('p.updated_at')} as p_updated_at,
  (select count(*)::int from lesson_comments lc where lc.lesson_id = l.id and not lc.is_hidden) as comments_count`);

/** Joins of BRIEF_COLUMNS for `userId`, given a FROM that names the lesson `l`. */
export const briefJoins = (userId: number | Placeholder): SQL =>
  sql`join lesson_categories c on c.id = l.category_id
  left join lesson_progress p on p.user_id = ${userId} and p.lesson_id = l.id`;

/** The values a brief built in SQL takes besides its row: an admin opens everything; the lock messages in the caller's language. */
export type BriefValues = {
  admin: boolean;
  subscriptionMessage: string;
  packageMessage: string;
  inNoPackageMessage: string;
};

/**
 * The brief of `x` (a row of BRIEF_COLUMNS) as PostgreSQL JSON: the same object as briefView, for
 * answers PostgreSQL writes whole. `grants` names a row of grantColumns (the caller's grants) in
 * scope; the statement takes the BriefValues as placeholders of the same names.
 */
export function briefJsonSql(x: string, grants = 'g'): SQL {
  const r = (column: string) => sql.raw(`${x}.${column}`);
  const g = (column: string) => sql.raw(`${grants}.${column}`);
  const locked = sql`not (${r('is_free')} or ${sql.placeholder('admin')}::boolean or ${r('category_id')} = any(${g('grant_categories')}))`;
  // As lockReason decides: no package on sale includes it, else the caller has a package or not.
  const unsold = sql`not (${r('category_id')} = any(${g('sold_categories')}))`;
  const duration = sql`coalesce(nullif(${r('p_duration')}, 0), ${r('duration_seconds')})`;
  const position = sql`least(${r('position_seconds')}, 86400)`;
  return sql`json_build_object(
    'id', ${r('id')}, 'title', ${r('title')}, 'short_description', ${r('short_description')},
    'category', json_build_object('id', ${r('category_id')}, 'title', ${r('category_title')}),
    'preview', ${r('preview')}, 'duration_seconds', ${r('duration_seconds')}, 'order', ${r('"order"')},
    'access', json_build_object('is_free', ${r('is_free')}, 'locked', ${locked},
      'reason', case when ${locked} then case when ${unsold} then 'in_no_package' when ${g('has_package')} then 'package_required' else 'subscription_required' end end,
      'message', case when ${locked} then case when ${unsold} then ${sql.placeholder('inNoPackageMessage')}::text when ${g('has_package')} then ${sql.placeholder('packageMessage')}::text else ${sql.placeholder('subscriptionMessage')}::text end end,
      'available_from', null),
    'progress', case when ${r('position_seconds')} is null or ${r('p_completed')} is null then null else json_build_object(
      'position_seconds', ${position}, 'duration_seconds', least(${duration}, 86400), 'completed', ${r('p_completed')},
      'percent', case when ${r('p_completed')} then 100 when ${duration} > 0 then least(100, round(${position} * 100.0 / ${duration}))::int else 0 end,
      'updated_at', ${r('p_updated_at')}) end,
    'comments_count', ${r('comments_count')}, 'published_at', ${r('published_at')})`;
}

export type BriefRow = {
  id: number;
  title: string;
  short_description: string;
  category_id: number;
  category_title: string;
  preview: string | null;
  duration_seconds: number;
  order: number;
  is_free: boolean;
  published_at: Date | string;
  position_seconds: number | null;
  p_duration: number | null;
  p_completed: boolean | null;
  p_updated_at: Date | string | null;
  comments_count: number;
};

export const iso = (d: Date | string) => isoOf(d);

export function progressView(
  row: Pick<BriefRow, 'position_seconds' | 'p_duration' | 'p_completed' | 'p_updated_at' | 'duration_seconds'>,
) {
  if (row.position_seconds === null || row.p_completed === null) return null;
  const duration = row.p_duration || row.duration_seconds;
  const position = Math.min(row.position_seconds, 86400);
  const percent = row.p_completed ? 100 : duration > 0 ? Math.min(100, Math.round((position * 100) / duration)) : 0;
  return {
    position_seconds: position,
    duration_seconds: Math.min(duration, 86400),
    completed: row.p_completed,
    percent,
    updated_at: row.p_updated_at ? iso(row.p_updated_at) : null,
  };
}

export function briefView(lang: Lang, grants: Grants, row: BriefRow) {
  return {
    id: row.id,
    title: row.title,
    short_description: row.short_description,
    category: { id: row.category_id, title: row.category_title },
    preview: row.preview,
    duration_seconds: row.duration_seconds,
    order: row.order,
    access: accessView(lang, grants, row),
    progress: progressView(row),
    comments_count: row.comments_count,
    published_at: iso(row.published_at),
  };
}

/** How the player shows a lesson's video: YouTube and Vimeo pages become their embed URLs. */
export function playable(videoUrl: string | null): { url: string; type: 'youtube' | 'vimeo' | 'link' } | null {
  if (!videoUrl) return null;
  let u: URL;
  try {
    u = new URL(videoUrl);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = u.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = u.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([\w-]+)/.exec(u.pathname)?.[1] ?? null;
  }
  if (id && /^[\w-]{6,20}$/.test(id)) return { url: `https://www.youtube-nocookie.com/embed/${id}`, type: 'youtube' };
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vid = /(?:^|\/)(\d{5,12})(?:$|\/)/.exec(u.pathname)?.[1];
    if (vid) return { url: `https://player.vimeo.com/video/${vid}`, type: 'vimeo' };
  }
  return u.protocol === 'https:' || u.protocol === 'http:' ? { url: u.toString(), type: 'link' } : null;
}
