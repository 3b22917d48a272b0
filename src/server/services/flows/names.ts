import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { statement } from '../../db/prepared';
import { t, type Lang } from '../../i18n';
import type { SchemaLandingNameCheckRequest } from '../../../api/schema';

export const LANDING_NAME = /^[a-z0-9][a-z0-9_-]{2,63}$/;

/**
 * Landing names no member may claim: the app's own routes and names that would pass for the site's
 * own pages under /l/ (an "/l/admin" or "/l/support" page collecting logins). Compared lowercased.
 */
const RESERVED_LANDING_NAMES: ReadonlySet<string> = new Set([
  // the app's routes and paths
  'api',
  'app',
  'assets',
  'static',
  'media',
  'uploads',
  'files',
  'docs',
  'doc',
  'openapi',
  'healthz',
  'health',
  'metrics',
  'status',
  'login',
  'logout',
  'signin',
  'signout',
  'signup',
  'register',
  'registration',
  'auth',
  'oauth',
  'activate',
  'activation',
  'verify',
  'reset',
  'password',
  'account',
  'accounts',
  'user',
  'users',
  'profile',
  'settings',
  'dashboard',
  'staff',
  'staff-dashboard',
  'team',
  'structure',
  'subscription',
  'lessons',
  'lesson',
  'books',
  'book',
  'news',
  'events',
  'event',
  'flows',
  'contacts',
  'tasks',
  'tickets',
  'imports',
  'outbox',
  'payments',
  'payment',
  'checkout',
  'billing',
  'webhook',
  'webhooks',
  'stripe',
  // names that look official
  'admin',
  'administrator',
  'admins',
  'root',
  'system',
  'sysadmin',
  'superuser',
  'moderator',
  'official',
  'support',
  'help',
  'helpdesk',
  'security',
  'abuse',
  'info',
  'contact',
  'about',
  'terms',
  'privacy',
  'legal',
  'mail',
  'email',
  'noreply',
  'no-reply',
  'postmaster',
  'webmaster',
  'www',
  'home',
  'index',
  'null',
  'undefined',
  'atrium',
]);

/** Any name beginning with the product's name looks like the site's own page too. */
const RESERVED_PREFIXES = ['atrium'];

export function isReservedLandingName(name: string): boolean {
  const n = name.trim().toLowerCase();
  return RESERVED_LANDING_NAMES.has(n) || RESERVED_PREFIXES.some((p) => n.startsWith(p));
}

const flowByLandingName = statement<{ id: number; ownerId: number }, { name: string }>(
  sql`select f.id, f.owner_id as "ownerId" from flows f where f.landing_name = ${sql.placeholder('name')} limit 1`,
);

/**
 * Whether a landing name may be used: matches=false when it can. The flow being edited keeps its own
 * name. Any failure of the check itself answers matches=true with a generic text (the spec's rule).
 */
export async function checkLandingName(
  ctx: AppContext,
  auth: AuthUser,
  input: SchemaLandingNameCheckRequest,
  lang: Lang,
) {
  const name = input.name.trim();
  if (!LANDING_NAME.test(name)) return { matches: true, error: t(lang, 'landing_name_invalid') };
  try {
    const [taken] = await flowByLandingName(ctx.db, { name });
    // Only the caller's own flow (an admin's: any) keeps its name, even a reserved one it had before;
    // another's flow id changes nothing.
    const own = taken && taken.id === input.flow_id && (taken.ownerId === auth.id || auth.role === 'admin');
    if (own) return { matches: false, error: null };
    if (isReservedLandingName(name)) return { matches: true, error: t(lang, 'landing_name_reserved') };
    return taken ? { matches: true, error: t(lang, 'landing_name_taken') } : { matches: false, error: null };
  } catch (err) {
    ctx.log.error({ err }, 'landing name check failed');
    return { matches: true, error: t(lang, 'landing_name_check_failed') };
  }
}
