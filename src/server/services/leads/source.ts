import { sql, type SQL } from 'drizzle-orm';
import type { LeadSource } from './intake';

type Name = ReturnType<typeof sql.identifier>;

/** Where a person came from as a lead (StaffLeadSource): how, and the landing's or the import file's name. */
type LeadSourceJson = { kind: LeadSource; name: string | null };

/**
 * A user's lead source as jsonb `{kind, name}`, or null when nothing says: their latest lead_created
 * entry (with the landing's name for a landing sign-up), else the import that created them (with its
 * file's name). An import writes one history entry for the whole file, not one per person (a file may
 * hold 100,000), so its people are found by users.import_id instead. `user` is the users row's name
 * or alias in the statement. The one definition the person page and the waiting leads share.
 */
export function leadSourceSql(user: string): SQL<LeadSourceJson | null> {
  const u = sql.identifier(user);
  return sql<LeadSourceJson | null>`coalesce(
    (select jsonb_build_object('kind', ls_a.details->>'source', 'name', case ls_a.details->>'source'
        when 'landing' then coalesce(ls_f.name, ls_a.details->>'landing_name')
        when 'import' then ls_a.details->>'file_name' end)
      from action_logs ls_a left join flows ls_f on ls_f.id = (ls_a.details->>'flow_id')::int
      ${latestEntry(u)}),
    (select jsonb_build_object('kind', 'import', 'name', ls_i.file_name) ${madeBy(u)}))`;
}

/**
 * The kind alone, for a filter that reads it for every candidate row: the same rule as
 * leadSourceSql without building the object or joining the landing.
 */
export function leadSourceKindSql(user: string): SQL<LeadSource | null> {
  const u = sql.identifier(user);
  return sql<LeadSource | null>`coalesce(
    (select ls_a.details->>'source' from action_logs ls_a ${latestEntry(u)}),
    (select 'import' ${madeBy(u)}))`;
}

/** The user's latest lead_created entry (`ls_a`). */
const latestEntry = (u: Name) => sql`where ls_a.subject_id = ${u}.id and ls_a.kind = 'lead_created'
      order by ls_a.created_at desc, ls_a.id desc limit 1`;

/** The import that created the user (`ls_i`). */
const madeBy = (u: Name) => sql`from user_imports ls_i where ls_i.id = ${u}.import_id`;
