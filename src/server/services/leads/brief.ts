import { sql, type SQL } from 'drizzle-orm';

/** A user as other objects name them (UserBrief), built in SQL from a table alias, or null. */
export function briefJson(alias: string): SQL {
  const a = sql.identifier(alias);
  return sql`case when ${a}.id is null then null else json_build_object(
    'id', ${a}.id, 'first_name', ${a}.first_name, 'last_name', ${a}.last_name,
    'email', ${a}.email, 'phone', ${a}.phone, 'avatar', ${a}.avatar) end`;
}

export type Brief = { id: number; first_name: string; last_name: string; email: string | null; phone: string | null; avatar: string | null };

/** Escapes a search term for ILIKE. */
export const likeOf = (s: string) => `%${s.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());
