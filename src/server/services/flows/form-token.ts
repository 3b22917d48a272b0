import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { clock } from '../../clock';
import { DomainError } from '../../errors';

/**
 * The form token of a public landing page: issued into the page when it is rendered and sent back by
 * its email/phone lookups and its sign-up, so those answer only for a visitor of that published page,
 * and only for a while. Signed with the app's secret (`landingId.expiry.mac`), so nothing is stored.
 */
const FORM_TOKEN_TTL_MS = 60 * 60_000;
const PURPOSE = 'landing-form-v1';
const SHAPE = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

const macOf = (ctx: AppContext, landingId: number, exp: number) =>
  ctx.box.mac(PURPOSE, `${landingId}.${exp}`).subarray(0, 16);

export function issueFormToken(ctx: AppContext, landingId: number, now = clock.now()): string {
  const exp = Math.floor((now.getTime() + FORM_TOKEN_TTL_MS) / 1000);
  return `${landingId}.${exp}.${macOf(ctx, landingId, exp).toString('base64url')}`;
}

/** The landing id a token was issued for, if it is ours and unexpired; null for anything else. */
export function formTokenLanding(ctx: AppContext, token: unknown): number | null {
  if (typeof token !== 'string') return null;
  const m = SHAPE.exec(token);
  if (!m) return null;
  const landingId = Number(m[1]);
  const exp = Number(m[2]);
  if (!Number.isSafeInteger(landingId) || exp * 1000 <= clock.now().getTime()) return null;
  const given = Buffer.from(m[3] ?? '', 'base64url');
  const expected = macOf(ctx, landingId, exp);
  return given.length === expected.length && timingSafeEqual(given, expected) ? landingId : null;
}

/** Refuses (403) a token that was not issued for this landing's page or has expired. */
export function checkFormToken(ctx: AppContext, landingId: number, token: unknown): void {
  if (formTokenLanding(ctx, token) !== landingId)
    throw new DomainError('forbidden', 'landing_form_expired', 'landing_form_expired');
}
