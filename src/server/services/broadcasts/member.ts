import { sql } from 'drizzle-orm';
import type { SchemaBroadcastBrief, SchemaBroadcastDetail } from '../../../api/schema';
import { clock } from '../../clock';
import type { AppContext, AuthUser } from '../../context';
import type { BroadcastAudience } from '../../db/schema';
import { notFound } from '../../errors';
import { playable } from '../lessons/views';
import { mayWatch, OPENS_BEFORE_MINUTES } from './access';

type Row = {
  id: number;
  title: string;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  audience: BroadcastAudience;
  recording_id: number | null;
  recording_title: string | null;
};

const BRIEF = sql.raw(`b.id, b.title, b.starts_at, b.ends_at, b.time_zone, b.audience,
  l.id as recording_id, l.title as recording_title`);
/** A recording counts only while its lesson is published. */
const RECORDING = sql.raw('left join lessons l on l.id = b.recording_lesson_id and l.is_published');
const LIMIT = 20;

const ms = (d: Date | string) => new Date(d).getTime();

function stateAt(r: Pick<Row, 'starts_at' | 'ends_at'>, now: Date): SchemaBroadcastBrief['state'] {
  if (now.getTime() < ms(r.starts_at)) return 'upcoming';
  return now.getTime() < ms(r.ends_at) ? 'live' : 'ended';
}

const brief = (r: Row, now: Date): SchemaBroadcastBrief => ({
  id: r.id,
  title: r.title,
  starts_at: new Date(r.starts_at).toISOString(),
  ends_at: new Date(r.ends_at).toISOString(),
  time_zone: r.time_zone,
  audience: r.audience,
  state: stateAt(r, now),
  recording: r.recording_id === null ? null : { lesson_id: r.recording_id, title: r.recording_title ?? '' },
});

/** The published broadcasts the caller may watch: on now, the next ones and the ended ones. */
export async function listBroadcasts(ctx: AppContext, caller: AuthUser) {
  const now = clock.now();
  const at = now.toISOString();
  const where = sql`b.is_published and ${mayWatch(caller, now)}`;
  const [live, upcoming, past] = await Promise.all([
    ctx.db.execute<Row>(sql`select ${BRIEF} from broadcasts b ${RECORDING}
      where ${where} and b.starts_at <= ${at}::timestamptz and b.ends_at > ${at}::timestamptz order by b.starts_at, b.id`),
    ctx.db.execute<Row>(sql`select ${BRIEF} from broadcasts b ${RECORDING}
      where ${where} and b.starts_at > ${at}::timestamptz order by b.starts_at, b.id limit ${LIMIT}`),
    ctx.db.execute<Row>(sql`select ${BRIEF} from broadcasts b ${RECORDING}
      where ${where} and b.ends_at <= ${at}::timestamptz order by b.starts_at desc, b.id desc limit ${LIMIT}`),
  ]);
  const view = (rows: Row[]) => rows.map((r) => brief(r, now));
  return { live: view(live.rows), upcoming: view(upcoming.rows), past: view(past.rows) };
}

/**
 * One broadcast the caller may watch (else 404, as if there were none: a member learns nothing of a
 * staff or another package's broadcast). The link only from shortly before the start until the end.
 */
export async function getBroadcast(ctx: AppContext, caller: AuthUser, id: number): Promise<SchemaBroadcastDetail> {
  const now = clock.now();
  const { rows } = await ctx.db.execute<Row & { description: string; url: string }>(sql`
    select ${BRIEF}, b.description, b.url from broadcasts b ${RECORDING}
    where b.id = ${id} and b.is_published and ${mayWatch(caller, now)}`);
  const r = rows[0];
  if (!r) throw notFound();
  const opensAt = new Date(ms(r.starts_at) - OPENS_BEFORE_MINUTES * 60_000);
  const open = now >= opensAt && now.getTime() < ms(r.ends_at);
  const player = open ? playable(r.url) : null;
  return {
    ...brief(r, now),
    description: r.description,
    watch_url: open ? r.url : null,
    embed_url: player && player.type !== 'link' ? player.url : null,
    opens_at: opensAt.toISOString(),
  };
}
