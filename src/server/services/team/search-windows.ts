import { sql, type SQL } from 'drizzle-orm';
import { clock } from '../../clock';
import type { Db } from '../../db/client';
import { likeOf } from '../leads/brief';

/** A user's search text, exactly as users_search_trgm_idx indexes it (the index is used only for this expression). */
const SEARCH_TEXT = sql.raw(
  `(u.first_name || ' ' || u.last_name || ' ' || coalesce(u.email::text, '') || ' ' || coalesce(u.phone, ''))`,
);

// A three-letter window found in more than this share of the sampled texts is left out of the index scan.
const FREQUENT = 0.02;
// The sample is the one ANALYZE keeps; it changes when ANALYZE runs again, so it is read again now and then.
const SAMPLE_TTL_MS = 10 * 60_000;
// Fewer sampled texts than this say too little about any window.
const MIN_SAMPLE = 50;
const WORD_CHAR = /[\p{L}\p{N}]/u;

// Per database (a process may serve several: the tests).
const cache = new WeakMap<Db, { at: number; texts: string[] }>();

/**
 * Lower-cased search texts sampled by ANALYZE (the histogram of the index's expression in pg_stats);
 * empty where the table was never analysed or pg_stats hides the index from this role.
 */
async function sampleOf(db: Db): Promise<string[]> {
  const now = clock.now().getTime();
  let cached = cache.get(db);
  if (!cached || now - cached.at > SAMPLE_TTL_MS) {
    const { rows } = await db.execute<{ texts: string[] | null }>(sql`
      select histogram_bounds::text::text[] as texts from pg_stats
      where schemaname = current_schema() and tablename = 'users_search_trgm_idx'`);
    cached = { at: now, texts: (rows[0]?.texts ?? []).map((t) => t.toLowerCase()) };
    cache.set(db, cached);
  }
  return cached.texts;
}

/**
 * The term's three-letter windows of letters and digits (each is one trigram of the index) that few
 * sampled texts contain; undefined when leaving some out gains nothing (none is frequent) or leaves
 * nothing to scan (all are).
 */
function rareWindows(term: string, sample: string[]): string[] | undefined {
  if (sample.length < MIN_SAMPLE) return undefined;
  // Code points, as PostgreSQL counts characters.
  const chars = term.toLowerCase().match(/./gsu) ?? [];
  const windows = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i += 1) {
    const w = chars.slice(i, i + 3);
    if (w.every((c) => WORD_CHAR.test(c))) windows.add(w.join(''));
  }
  const rare = [...windows].filter((w) => sample.filter((s) => s.includes(w)).length <= sample.length * FREQUENT);
  return rare.length && rare.length < windows.size ? rare : undefined;
}

/**
 * The term's ILIKE pattern, and its rare windows' patterns when the index is asked only for those
 * (`windows`, see searchTextMatches).
 */
export async function searchTextTerms(db: Db, term: string): Promise<{ like: string; windows: string[] | undefined }> {
  const windows = rareWindows(term, await sampleOf(db));
  return { like: likeOf(term), windows: windows?.map((w) => `%${w}%`) };
}

/** searchTextMatches' condition over `u` for a pattern and window patterns (values or placeholders). */
export function searchTextWhere(like: unknown, windows: unknown[] | undefined): SQL {
  if (!windows) return sql`${SEARCH_TEXT} ilike ${like}`;
  return sql.join(
    [sql`texticlike(${SEARCH_TEXT}, ${like})`, ...windows.map((w) => sql`${SEARCH_TEXT} ilike ${w}`)],
    sql` and `,
  );
}

/**
 * "The user's search text contains the term" (ILIKE, as before), and whether the index is asked only
 * for rare windows (`selective`). The trigram index reads the whole
 * posting list of every trigram it is asked for, and one that most users have (the bench's `tre` of
 * "Tree…", "tree…@bench.atrium") costs as much as the rest of the search while excluding nobody: the
 * index is then asked only for the term's rare windows, each implied by the term, and the term itself
 * is checked on the rows they find (`texticlike` is ILIKE, written as a call so that the planner does
 * not hand it to the index too).
 */
export async function searchTextMatches(db: Db, term: string): Promise<{ where: SQL; selective: boolean }> {
  const { like, windows } = await searchTextTerms(db, term);
  // Each rare window is in at most a few per cent of the users, whoever is looking: the statement
  // may start from them for every viewer (see listStructureUsers).
  return { where: searchTextWhere(like, windows), selective: windows !== undefined };
}
