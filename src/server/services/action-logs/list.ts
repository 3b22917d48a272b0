import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { actionLogs, users } from '../../db/schema';
import { permissionDenied } from '../../errors';
import { catalogues, t, type Lang, type MessageKey } from '../../i18n';
import { pageJson, pageOf, pageSql, pageWindow, type PageQuery } from '../paging';
import { shapedStatement } from '../../db/prepared';
import { briefJson, isoSql } from '../leads/brief';
import { isAdmin, type Caller } from '../staff/access';
import type { ActionKind } from '../action-log';
import { inReachOf } from '../staff/reach';
import { one } from '../../db/rows';

export type ActionLogQuery = PageQuery & {
  actor_id?: number;
  subject_id?: number;
  kind?: string;
  date_from?: string;
  date_to?: string;
};

/** Counting stops here: past it the pager shows "many" pages, and the first page stays fast at any volume. */
const COUNT_CAP = 10_000;

/** What a consultant may read: their own actions and actions about themselves or users in their reach. */
function visibleTo(callerId: Placeholder): SQL {
  return sql`(${actionLogs.actorId} = ${callerId} or ${actionLogs.subjectId} = ${callerId} or ${actionLogs.subjectId} in (
    select u.id from ${users} u where ${inReachOf(callerId, { id: sql`u.id`, responsibleId: sql`u.responsible_id`, path: sql`u.path` })}))`;
}

async function reaches(ctx: AppContext, callerId: number, userId: number): Promise<boolean> {
  if (userId === callerId) return true;
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), inReachOf(callerId)));
  return Boolean(row);
}

/**
 * JavaScript's whitespace (what `.trim()` removes), for btrim: names are trimmed in SQL exactly as
 * the JavaScript that wrote descriptions before did.
 */
const JS_SPACE =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * The names a sentence may use, in format()'s order: the actor, the subject, the kind, a third
 * person (`other`, see OTHER_OF), and an import's counts and file name from the entry's details.
 */
const DESCRIPTION_PARAMS = [
  'actor',
  'subject',
  'kind',
  'other',
  'imported',
  'skipped',
  'warnings',
  'file_name',
] as const;
/** The counts and file name a sentence reads from the entry's details, as written (an absent one reads as ''). */
export const DETAIL_PARAMS = ['imported', 'skipped', 'warnings', 'file_name'] as const;

/**
 * Per kind, the details field holding the id of the third person its sentence names as {other}:
 * "<admin> handed <member> over to <consultant>".
 */
export const OTHER_OF: Partial<Record<ActionKind, string>> = {
  user_given_away: 'to',
  user_removed: 'hand_over_to',
  lead_offer: 'consultant_id',
  lead_offer_expired: 'consultant_id',
};

/**
 * A message split for SQL: literal text at even places, a parameter's name (DESCRIPTION_PARAMS)
 * at odd ones. It is `t()`'s single pass over `{name}`, so a name's value is never read again as a
 * placeholder, and any other `{name}` stays as written.
 */
export function descriptionSegments(text: string): string[] {
  const out = [''];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    const literal = text.slice(last, m.index);
    last = m.index + m[0].length;
    const name = m[1] ?? '';
    if ((DESCRIPTION_PARAMS as readonly string[]).includes(name)) out.push(`${out.pop()}${literal}`, name, '');
    else out.push(`${out.pop()}${literal}${m[0]}`);
  }
  out.push(`${out.pop()}${text.slice(last)}`);
  return out;
}

/** A text constant in SQL (our own catalogue's text; standard_conforming_strings is on by default). */
const literalText = (text: string) => `'${text.replace(/'/g, "''")}'`;
const literal = (text: string) => sql.raw(literalText(text));

const ACTION_KEYS = (Object.keys(catalogues.en) as MessageKey[]).filter((key) => key.startsWith('action_'));

/** A message as a format() string: its text with % doubled, its parameters by position (%1$s the actor, %2$s the subject…). */
export function formatOf(text: string): string {
  return descriptionSegments(text)
    .map((part, i) =>
      i % 2 ? `%${(DESCRIPTION_PARAMS as readonly string[]).indexOf(part) + 1}$s` : part.replace(/%/g, '%%'),
    )
    .join('');
}

/** The id in the entry's details of the person its kind names as {other}; null for other kinds. */
const otherIdSql = (() => {
  const cases = Object.entries(OTHER_OF).map(
    ([kind, field]) => `when ${literalText(kind)} then action_logs.details -> ${literalText(field)}`,
  );
  const value = `(case action_logs.kind ${cases.join(' ')} end)`;
  // Only a plain id is read: anything else in that field names nobody rather than failing the page.
  return sql.raw(`(case when (${value} #>> '{}') ~ '^[0-9]{1,9}$' then (${value} #>> '{}')::int end)`);
})();

/** Per language, the statement's `messages` (kind → format string) and `generic` parameters. */
const messagesByLang = new Map<Lang, { messages: string; generic: string }>();
function messagesOf(lang: Lang) {
  let params = messagesByLang.get(lang);
  if (!params) {
    const kinds = Object.fromEntries(ACTION_KEYS.map((key) => [key.slice('action_'.length), formatOf(t(lang, key))]));
    params = { messages: JSON.stringify(kinds), generic: formatOf(t(lang, 'action_generic')) };
    messagesByLang.set(lang, params);
  }
  return params;
}

/**
 * An entry's description: its kind's message (action_<kind>) from the `messages` parameter, the
 * generic one for a kind the catalogue does not know, filled by format() with the actor's and
 * subject's names (a removed subject is named from the entry's details). One jsonb lookup and one
 * format() per row: a CASE over the kinds cost three times as much.
 */
function descriptionSql(lang: Lang, space: Placeholder, messages: Placeholder, generic: Placeholder): SQL {
  const fullName = (alias: string) => sql.raw(`${alias}.first_name || ' ' || ${alias}.last_name`);
  // A falsy or name-less details.user gives btrim(' ') = '', as `${undefined ?? ''}` did.
  const removed = sql`action_logs.details -> 'user'`;
  return sql`format(coalesce(${messages}::jsonb ->> action_logs.kind, ${generic}::text),
    case when action_logs.actor_id is null then ${literal(t(lang, 'system_actor'))}
      when actor.id is null then ${literal(t(lang, 'action_someone'))} else btrim(${fullName('actor')}, ${space}) end,
    case when subject.id is not null then btrim(${fullName('subject')}, ${space})
      else btrim(coalesce(${removed} ->> 'first_name', '') || ' ' || coalesce(${removed} ->> 'last_name', ''), ${space}) end,
    action_logs.kind,
    case when other.id is null then ${literal(t(lang, 'action_someone'))} else btrim(${fullName('other')}, ${space}) end,
    ${sql.join(
      DETAIL_PARAMS.map((name) => sql.raw(`coalesce(action_logs.details ->> ${literalText(name)}, '')`)),
      sql`, `,
    )})`;
}

/** The columns an entry is read by, in this order in both halves of aboutSql's union. */
const COLUMNS = sql.raw('id, actor_id, subject_id, view_as_id, kind, details, created_at');

/**
 * An imported person's "<admin> imported <person> from the file <file>": the import writes one entry
 * for the whole file, not one per person (a file may hold 100,000), so a person's history reads that
 * entry (its id, time, actor and details) as their own, of kind user_imported, found from
 * users.import_id. Only once the import has ended: its entry is written then. The importer's entries
 * from the upload on are read in time order (their index) up to the first one of this import.
 */
function importedSql(subjectId: Placeholder): SQL {
  return sql`select a.id, a.actor_id, u.id, a.view_as_id, 'user_imported', a.details, a.created_at
    from ${users} u join user_imports i on i.id = u.import_id
    cross join lateral (select * from ${actionLogs} a
      where a.actor_id = i.created_by_id and a.created_at >= i.created_at
        and a.kind in ('import_completed', 'import_failed') and a.details ->> 'import_id' = i.id::text
      order by a.created_at, a.id limit 1) a
    where u.id = ${subjectId}`;
}

/** One person's entries: those about them, and their import's (importedSql). */
function aboutSql(subjectId: Placeholder): SQL {
  return sql`select ${COLUMNS} from ${actionLogs} where ${actionLogs.subjectId} = ${subjectId}
    union all ${importedSql(subjectId)}`;
}

type ListShape = {
  lang: Lang;
  admin: boolean;
  actor: boolean;
  subject: boolean;
  kind: boolean;
  from: boolean;
  to: boolean;
  limit: number;
  offset: number;
};
type ListValues = {
  callerId: number;
  actorId: number | null;
  subjectId: number | null;
  kind: string | null;
  from: string | null;
  to: string | null;
  tz: string;
  messages: string;
  generic: string;
  space: string;
};

/**
 * The page and both counts in one statement, built once per shape, the page as the answer's JSON
 * text: the people come as UserBrief and the description in the caller's language straight from SQL.
 */
const listStatement = shapedStatement<{ count: number; total: number; rows: string }, ListShape, ListValues>(
  (shape) => {
    const tz = sql.placeholder('tz');
    const base = shape.admin ? undefined : visibleTo(sql.placeholder('callerId'));
    const filters: SQL[] = base ? [base] : [];
    if (shape.actor) filters.push(sql`${actionLogs.actorId} = ${sql.placeholder('actorId')}`);
    if (shape.subject) filters.push(sql`${actionLogs.subjectId} = ${sql.placeholder('subjectId')}`);
    if (shape.kind) filters.push(sql`${actionLogs.kind} = ${sql.placeholder('kind')}`);
    if (shape.from)
      filters.push(sql`${actionLogs.createdAt} >= (${sql.placeholder('from')}::date)::timestamp at time zone ${tz}`);
    if (shape.to)
      filters.push(sql`${actionLogs.createdAt} < (${sql.placeholder('to')}::date + 1)::timestamp at time zone ${tz}`);
    const where = filters.length ? and(...filters) : undefined;
    // About one person: their entries, and their import's if an import made them (see importedSql).
    const source = shape.subject ? sql`(${aboutSql(sql.placeholder('subjectId'))}) action_logs` : sql`${actionLogs}`;
    const capped = (w: SQL | undefined, from: SQL = sql`${actionLogs}`) =>
      sql`(select count(*) from (select 1 from ${from} ${w ? sql`where ${w}` : sql``} limit ${sql.raw(String(COUNT_CAP))}) c)`;
    // An admin's "all entries" and "entries by this employee" are kept exact in action_log_counts (migration 0024).
    const kept = (byActor: boolean) =>
      sql`(select coalesce(sum(n), 0) from action_log_counts ${byActor ? sql`where actor_id = ${sql.placeholder('actorId')}` : sql``})`;
    const byActorOnly = !shape.subject && !shape.kind && !shape.from && !shape.to;
    // An automatic entry (no actor: a lead offered, an offer expired) is the system's, id 0; a removed actor is "Someone" with their old id.
    const actor = sql`coalesce(${briefJson('actor')}, json_build_object('id', coalesce(action_logs.actor_id, 0), 'first_name', case when action_logs.actor_id is null then ${literal(t(shape.lang, 'system_actor'))} else ${literal(t(shape.lang, 'action_someone'))} end, 'last_name', ''))`;
    return sql`select ${shape.admin && byActorOnly ? kept(shape.actor) : capped(where, source)}::int as count, ${shape.admin ? kept(false) : capped(base)}::int as total,
    coalesce((select json_agg(r) from (
      select action_logs.id, ${actor} as actor, ${briefJson('subject')} as subject, ${briefJson('view_as')} as view_as, action_logs.kind,
        ${descriptionSql(shape.lang, sql.placeholder('space'), sql.placeholder('messages'), sql.placeholder('generic'))} as description, action_logs.details as data, ${isoSql('action_logs.created_at')} as created_at
      from ${source}
      left join ${users} actor on actor.id = action_logs.actor_id
      left join ${users} subject on subject.id = action_logs.subject_id
      left join ${users} view_as on view_as.id = action_logs.view_as_id
      left join ${users} other on other.id = ${otherIdSql}
      ${where ? sql`where ${where}` : sql``}
      -- NULLS LAST as in the (actor|subject, created_at desc, id desc) indexes, so they give the order without a sort.
      order by action_logs.created_at desc nulls last, action_logs.id desc nulls last
      ${pageSql(shape)}) r), '[]')::text as rows`;
  },
);

/** Newest first, filtered by actor, subject, kind and day (in the caller's time zone). */
export async function listActionLogs(
  ctx: AppContext,
  caller: Caller & { timeZone: string },
  q: ActionLogQuery,
  lang: Lang,
) {
  const admin = isAdmin(caller);
  // Asking for someone outside one's reach is refused outright rather than answered with an empty page.
  if (!admin) {
    for (const id of [q.actor_id, q.subject_id])
      if (id !== undefined && !(await reaches(ctx, caller.id, id))) throw permissionDenied();
  }
  const win = pageWindow(q);
  const shape: ListShape = {
    lang,
    admin,
    actor: q.actor_id !== undefined,
    subject: q.subject_id !== undefined,
    kind: Boolean(q.kind),
    from: Boolean(q.date_from),
    to: Boolean(q.date_to),
    limit: win.limit,
    offset: win.offset,
  };
  const page = one(
    await listStatement(ctx.db, shape, {
      callerId: caller.id,
      actorId: q.actor_id ?? null,
      subjectId: q.subject_id ?? null,
      kind: q.kind || null,
      from: q.date_from || null,
      to: q.date_to || null,
      tz: caller.timeZone,
      ...messagesOf(lang),
      space: JS_SPACE,
    }),
  );
  return pageJson(pageOf([], page.count, page.total, win, q), page.rows);
}
