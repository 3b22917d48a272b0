import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext, AuthUser } from '../context';
import { clock } from '../clock';
import { sessions, users, type Language } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { FieldErrors, notFound } from '../errors';
import { headerPixels, imageKind, type MediaStore } from '../integrations/storage';
import { authChanged, endSession, endUserSessions, openSession, type SessionMeta } from './sessions';
import { isTimeZone } from './time-zones';
import { countryCode } from './countries';
import { getProfile, mapUniqueViolation, normalizePhone } from './users';
import { checkOwnerProof, deliverLater, startEmailChange, tellChange } from './credentials-change';
import { PASSWORD_LINKS, voidTokens } from './account-access';
import type { MessageKey } from '../i18n';
import type { SchemaProfileUpdate } from '../../api/schema';

export type ProfileInput = SchemaProfileUpdate;

/** A fresh token for the same session, so the app can replace token and user together. */
async function freshToken(ctx: AppContext, auth: AuthUser): Promise<string> {
  const expiresAt = ctx.signer.expiry();
  await ctx.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, auth.sessionId));
  return ctx.signer.sign({ userId: auth.id, sessionId: auth.sessionId }, expiresAt);
}

/**
 * Saves the profile. A new password, email or phone needs the current password (with two-factor on, an
 * email or phone change also a code); wrong passwords count with the login's failures. A new email is
 * only asked for here and counts once the link sent to it is opened (credentials-change.ts), so the
 * answer names it as `pending_email`. Each change is told to the account's address with an undo link.
 * A new password ends every session, this one too: the answer's token names a new session.
 */
export async function updateProfile(ctx: AppContext, auth: AuthUser, input: ProfileInput, meta: SessionMeta = {}) {
  const errors: Record<string, MessageKey[]> = {};
  const [me] = await ctx.db.select().from(users).where(eq(users.id, auth.id));
  if (!me) throw notFound();
  const country = input.country === undefined ? me.country : countryCode(input.country);
  if (country === null) errors.country = ['country_incorrect'];
  let phone: string | null | undefined;
  if (input.phone === '') phone = null;
  else if (input.phone !== undefined) {
    phone = normalizePhone(input.phone, country || input.default_region);
    if (!phone) errors.phone = ['phone_incorrect'];
  }
  if (input.time_zone !== undefined && !isTimeZone(input.time_zone)) errors.time_zone = ['time_zone_invalid'];
  if (input.date_birth && (Number.isNaN(Date.parse(input.date_birth)) || new Date(input.date_birth) > clock.now())) {
    errors.date_birth = ['date_invalid'];
  }
  if (input.first_name !== undefined && !input.first_name.trim()) errors.first_name = ['field_empty'];
  if (input.last_name !== undefined && !input.last_name.trim()) errors.last_name = ['field_empty'];
  const newEmail =
    input.email !== undefined && input.email.toLowerCase() !== (me.email ?? '').toLowerCase() ? input.email : undefined;
  const phoneChanged = phone !== undefined && !errors.phone && phone !== me.phone;
  if (newEmail) {
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
    if (taken) errors.email = ['email_taken'];
  }
  if (phoneChanged && phone) {
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    if (taken) errors.phone = ['phone_in_use'];
  }
  if (input.password && !input.old_password) errors.old_password = ['field_required'];
  else if (input.password || newEmail || phoneChanged) {
    await checkOwnerProof(ctx, me, input, errors, {
      ip: meta.ip,
      secondFactor: me.totpEnabled && Boolean(newEmail || phoneChanged),
    });
  }
  if (Object.keys(errors).length) throw new FieldErrors(errors);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;

  const mails = await ctx.db
    .transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          ...(input.first_name !== undefined && { firstName: input.first_name.trim() }),
          ...(input.last_name !== undefined && { lastName: input.last_name.trim() }),
          ...(input.city !== undefined && { city: input.city.trim() }),
          ...(input.country !== undefined && country !== null && { country }),
          ...(phoneChanged && { phone }),
          ...(input.date_birth !== undefined && { dateBirth: input.date_birth }),
          ...(input.time_zone !== undefined && { timeZone: input.time_zone }),
          ...(passwordHash && { passwordHash }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, auth.id));
      // Set-password links must not outlive the password they would replace.
      if (passwordHash) await voidTokens(tx, auth.id, PASSWORD_LINKS);
      return [
        ...(newEmail ? await startEmailChange(ctx, tx, me, newEmail) : []),
        ...(phoneChanged ? await tellChange(ctx, tx, me, 'phone', phone ?? '') : []),
        ...(passwordHash ? await tellChange(ctx, tx, me, 'password') : []),
      ];
    })
    .catch(mapUniqueViolation);
  deliverLater(ctx, mails);
  if (input.time_zone !== undefined) authChanged(ctx, auth.id);
  // A new password ends every session of the user; this one goes on as a new session, so a copy of
  // its old token is refused too.
  let token: string;
  if (passwordHash) {
    await endUserSessions(ctx, auth.id);
    token = await openSession(ctx, auth.id, meta);
  } else token = await freshToken(ctx, auth);
  return {
    token,
    user: await getProfile(ctx, auth.id),
    ...(newEmail && { pending_email: newEmail }),
  };
}

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** An avatar is decoded here, on the server's CPU: its header must state at most this many pixels first. */
const AVATAR_MAX_PIXELS = 16_000_000;

/** Checks the upload by its bytes, re-encodes it (dropping metadata) to a 512 px WebP, and stores it. */
export async function updateAvatar(ctx: AppContext, storage: MediaStore, auth: AuthUser, upload: Buffer | null) {
  if (!upload || upload.length === 0 || upload.length > AVATAR_MAX_BYTES || !imageKind(upload)) {
    throw FieldErrors.of('avatar', 'image_invalid');
  }
  const pixels = await headerPixels(upload);
  if (pixels === null) throw FieldErrors.of('avatar', 'image_invalid');
  if (pixels > AVATAR_MAX_PIXELS)
    throw FieldErrors.of('avatar', 'image_too_many_pixels', { limit: AVATAR_MAX_PIXELS / 1e6 });
  let encoded: Buffer;
  try {
    encoded = await sharp(upload, { limitInputPixels: AVATAR_MAX_PIXELS })
      .rotate()
      .resize(512, 512, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw FieldErrors.of('avatar', 'image_invalid');
  }
  const url = await storage.save('avatars', 'webp', encoded);
  const [before] = await ctx.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, auth.id));
  await ctx.db.update(users).set({ avatar: url, updatedAt: new Date() }).where(eq(users.id, auth.id));
  await storage.remove(before?.avatar);
  return { token: await freshToken(ctx, auth), user: await getProfile(ctx, auth.id) };
}

export async function setLanguage(ctx: AppContext, userId: number, language: Language) {
  await ctx.db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
  authChanged(ctx, userId);
  return getProfile(ctx, userId);
}

export async function listSessions(ctx: AppContext, auth: AuthUser) {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, auth.id), isNull(sessions.endedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    user_agent: s.userAgent,
    ip: s.ip,
    current: s.id === auth.sessionId,
  }));
}

export async function endOwnSession(ctx: AppContext, auth: AuthUser, sessionId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, auth.id), isNull(sessions.endedAt)));
  if (!row) throw notFound();
  await endSession(ctx, sessionId);
}
