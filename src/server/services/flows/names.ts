import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { statement } from '../../db/prepared';
import { t, type Lang } from '../../i18n';

export const LANDING_NAME = /^[a-z0-9][a-z0-9_-]{2,63}$/;

const flowByLandingName = statement<{ id: number; ownerId: number }, { name: string }>(
  sql`select f.id, f.owner_id as "ownerId" from flows f where f.landing_name = ${sql.placeholder('name')} limit 1`,
);

/**
 * Whether a landing name may be used: matches=false when it can. The flow being edited keeps its own
 * name. Any failure of the check itself answers matches=true with a generic text (the spec's rule).
 */
export async function checkLandingName(ctx: AppContext, auth: AuthUser, input: { name: string; flow_id?: number }, lang: Lang) {
  const name = input.name.trim();
  if (!LANDING_NAME.test(name)) return { matches: true, error: t(lang, 'landing_name_invalid') };
  try {
    const [taken] = await flowByLandingName(ctx.db, { name });
    // Only the caller's own flow (an admin's: any) keeps its name; another's flow id changes nothing.
    const own = taken && taken.id === input.flow_id && (taken.ownerId === auth.id || auth.role === 'admin');
    if (own) return { matches: false, error: null };
    return taken ? { matches: true, error: t(lang, 'landing_name_taken') } : { matches: false, error: null };
  } catch (err) {
    ctx.log.error({ err }, 'landing name check failed');
    return { matches: true, error: t(lang, 'landing_name_check_failed') };
  }
}
