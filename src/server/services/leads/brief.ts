import { sql, type SQL } from 'drizzle-orm';

/** A user as other objects name them (UserBrief), built in SQL from a table alias, or null. */
export function briefJson(alias: string): SQL {
  const a = sql.identifier(alias);
  return sql`case when ${a}.id is null then null else json_build_object(
    'id', ${a}.id, 'first_name', ${a}.first_name, 'last_name', ${a}.last_name,
    'email', ${a}.email, 'phone', ${a}.phone, 'avatar', ${a}.avatar) end`;
}

export type Brief = {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
};

/** Escapes a search term for ILIKE. */
export const likeOf = (s: string) => `%${s.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** An instant as the API writes it (ISO 8601 in UTC with milliseconds); text already in that form (isoSql) is kept. */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null | undefined): string | null;
export function iso(d: Date | string | null | undefined): string | null {
  if (d === null || d === undefined) return null;
  return typeof d === 'string' && ISO.test(d) ? d : new Date(d).toISOString();
}

/**
 * A timestamptz column as the API's ISO text, for rows built as JSON in SQL: json_agg would write
 * microseconds and an offset, which JavaScript's Date only reads through its slow fallback parser.
 */
export const isoSql = (column: string) => sql.raw(isoText(column));
export const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
