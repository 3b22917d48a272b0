import { timingSafeEqual } from 'node:crypto';
import type { AppContext, AuthUser } from '../../context';
import { resolveClaims } from '../sessions';

/** How long a stream ticket opens a stream: the browser uses it at once. */
const TICKET_TTL_SECONDS = 60;
const PURPOSE = 'notification-stream';

/**
 * A short-lived ticket that opens the caller's notification stream. A browser's `EventSource` cannot
 * send the Authorization header, and the session token must not travel in a URL (logs, history): the
 * ticket, signed for this purpose only, names the session and expires in a minute. It is checked
 * against the session like a token, so a logout or a block refuses it too.
 */
export function issueStreamTicket(ctx: AppContext, caller: AuthUser) {
  const body = `${caller.id}.${caller.sessionId}.${Date.now() + TICKET_TTL_SECONDS * 1000}`;
  return { ticket: `${body}.${ctx.box.mac(PURPOSE, body).toString('base64url')}`, expires_in: TICKET_TTL_SECONDS };
}

/** The caller a stream ticket names, or null for a forged, expired or malformed one or an ended session. */
export async function resolveStreamTicket(ctx: AppContext, ticket: string): Promise<AuthUser | null> {
  const parts = ticket.split('.');
  if (parts.length !== 4) return null;
  const [user, sessionId, until, mac] = parts as [string, string, string, string];
  const body = `${user}.${sessionId}.${until}`;
  const want = ctx.box.mac(PURPOSE, body);
  const got = Buffer.from(mac, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  const userId = Number(user);
  if (!Number.isInteger(userId) || !(Number(until) > Date.now())) return null;
  return resolveClaims(ctx, { userId, sessionId });
}
