import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { randomFillSync } from 'node:crypto';
import type { AppContext, AuthUser } from '../context';
import { sessions, users, type LeadStatus, type Role } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { revokeLastingAccess } from './account-access';
import { FieldErrors, notFound } from '../errors';
import { pageOf, pageWindow, type PageQuery } from './paging';
import { inReachOf } from './staff/reach';
import { authChanged } from './sessions';
import { isTimeZone } from './time-zones';
import { recordAction } from './action-log';
import { leadCreated, ROUTE_LEAD_QUEUE } from './leads/intake';
import { countryCode } from './countries';
import { parsePhone } from './phones';
import { personDefaults } from './person-defaults';
import { deliverLater, issueInvitation } from './staff/invitations';
import { one } from '../db/rows';
import { answeredBy, answersRequests } from './tickets/answerers';
import type { SchemaAdminUserCreate, SchemaAdminUserUpdate } from '../../api/schema';

export type UserRow = typeof users.$inferSelect;

/** A user as lists and references show them. */
export const brief = (u: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'avatar'>) => ({
  id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  phone: u.phone,
  avatar: u.avatar,
});

const PROMO_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Random bytes drawn 4 KB at a time: one system call per 512 codes, which an import makes by the thousand. */
const promoBytes = Buffer.alloc(4096);
let promoAt = promoBytes.length;

/** A new user's own promo code: short, unambiguous, unique by the column's constraint. */
export function newPromoCode(): string {
  if (promoAt + 8 > promoBytes.length) {
    randomFillSync(promoBytes);
    promoAt = 0;
  }
  let code = '';
  // 256 is a multiple of the alphabet's 32 letters, so every letter is equally likely.
  for (let i = 0; i < 8; i++) code += PROMO_ALPHABET.charAt((promoBytes[promoAt++] ?? 0) % PROMO_ALPHABET.length);
  return code;
}

/** The phone in E.164 (read in `region`, an ISO alpha-2 code, when it has no country code), or null when it is no valid number. */
export function normalizePhone(input: string, region?: string | null): string | null {
  return parsePhone(input, region)?.e164 ?? null;
}

export async function getProfile(ctx: AppContext, userId: number) {
  const referrer = alias(users, 'referrer');
  const responsible = alias(users, 'responsible');
  const [row] = await ctx.db
    .select({ u: users, referrer, responsible })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referrerId))
    // Only someone who can answer the user's requests looks after them (the tickets' rule): a
    // deactivated, blocked or no-longer-staff consultant is not named, and requests go to support.
    .leftJoin(responsible, and(eq(responsible.id, users.responsibleId), answersRequests('responsible')))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const u = row.u;
  const keeper = row.responsible;
  return {
    id: u.id,
    email: u.email,
    phone: u.phone,
    first_name: u.firstName,
    last_name: u.lastName,
    city: u.city,
    country: u.country,
    date_birth: u.dateBirth,
    time_zone: u.timeZone,
    language: u.language,
    avatar: u.avatar,
    role: u.role,
    is_superuser: u.isSuperuser,
    is_active: u.isActive,
    email_activation: u.emailActivation,
    is_partner: u.isPartner,
    promo_code: u.promoCode,
    google_auth_enabled: u.totpEnabled,
    telegram_linked: Boolean(u.telegramChatId),
    referrer: row.referrer ? brief(row.referrer) : null,
    responsible: keeper ? brief(keeper) : null,
    requests_answered_by: answeredBy(keeper ? [keeper.role] : []),
    date_joined: u.dateJoined.toISOString(),
  };
}

const adminView = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  phone: u.phone,
  first_name: u.firstName,
  last_name: u.lastName,
  city: u.city,
  country: u.country,
  time_zone: u.timeZone,
  language: u.language,
  role: u.role,
  is_active: u.isActive,
  is_superuser: u.isSuperuser,
  is_partner: u.isPartner,
  email_activation: u.emailActivation,
  lead_status: u.leadStatus,
  referrer_id: u.referrerId,
  responsible_id: u.responsibleId,
  date_joined: u.dateJoined.toISOString(),
});

const ORDERABLE: Partial<Record<string, AnyPgColumn>> = {
  id: users.id,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  date_joined: users.dateJoined,
  role: users.role,
};

export type UserListQuery = PageQuery & { search?: string; ordering?: string; role?: Role; lead_status?: LeadStatus };

/**
 * The users list. An admin sees everybody; a consultant (the roster of their own consultants, the
 * pickers) only the users in their reach, never an admin, and the total counts those too.
 */
export async function listUsers(ctx: AppContext, caller: Pick<AuthUser, 'id' | 'role'>, q: UserListQuery) {
  const win = pageWindow(q);
  const scope = caller.role === 'admin' ? undefined : and(inReachOf(caller.id), ne(users.role, 'admin'));
  const filters: SQL[] = scope ? [scope] : [];
  if (q.role) filters.push(eq(users.role, q.role));
  if (q.lead_status) filters.push(eq(users.leadStatus, q.lead_status));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The expression of users_search_trgm_idx, so the trigram index answers it.
    filters.push(
      sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || coalesce(${users.email}::text, '') || ' ' || coalesce(${users.phone}, '')) ilike ${like}`,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const desc = q.ordering?.startsWith('-');
  const col = ORDERABLE[q.ordering?.replace(/^-/, '') ?? 'id'] ?? users.id;
  const [rows, countedRows, totalRows] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc ? sql`${col} desc nulls last` : col, desc ? sql`${users.id} desc nulls last` : users.id)
      .limit(win.limit)
      .offset(win.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(scope),
  ]);
  return pageOf(rows.map(adminView), one(countedRows).n, one(totalRows).n, win, q);
}

export type UserInput = SchemaAdminUserUpdate;

/**
 * The fields checked before a write: a valid time zone, a known country (its ISO code replaces the
 * typed name in `input`), a phone number (read in the user's country, else the form's default region),
 * and e-mail and phone not taken by another user.
 */
async function checkInput(
  db: Pick<AppContext['db'], 'select'>,
  input: UserInput,
  exceptId?: number,
  storedCountry = '',
) {
  const errors: ConstructorParameters<typeof FieldErrors>[0] = {};
  if (input.time_zone !== undefined && !isTimeZone(input.time_zone)) errors.time_zone = ['time_zone_invalid'];
  const country = input.country === undefined ? storedCountry : countryCode(input.country);
  if (country === null) errors.country = ['country_incorrect'];
  else if (input.country !== undefined) input.country = country;
  let phone: string | undefined;
  if (input.phone !== undefined && input.phone !== '') {
    const p = normalizePhone(input.phone, country || input.default_region);
    if (!p) errors.phone = ['phone_incorrect'];
    else phone = p;
  }
  if (input.email) {
    const [hit] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (hit && hit.id !== exceptId) errors.email = ['email_taken'];
  }
  if (phone) {
    const [hit] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    if (hit && hit.id !== exceptId) errors.phone = ['phone_in_use'];
  }
  if (Object.keys(errors).length) throw new FieldErrors(errors);
  return phone;
}

function columnsOf(input: UserInput) {
  return {
    ...(input.email !== undefined && { email: input.email || null }),
    ...(input.first_name !== undefined && { firstName: input.first_name }),
    ...(input.last_name !== undefined && { lastName: input.last_name }),
    ...(input.city !== undefined && { city: input.city }),
    ...(input.country !== undefined && { country: input.country }),
    ...(input.time_zone !== undefined && { timeZone: input.time_zone }),
    ...(input.language !== undefined && { language: input.language }),
    ...(input.role !== undefined && { role: input.role, isSuperuser: input.role === 'admin' }),
    ...(input.is_active !== undefined && { isActive: input.is_active }),
    ...(input.is_partner !== undefined && { isPartner: input.is_partner }),
    ...(input.lead_status !== undefined && { leadStatus: input.lead_status }),
    ...(input.responsible_id !== undefined && { responsibleId: input.responsible_id }),
  };
}

/** A concurrent insert can still hit a unique constraint: answer it as the same field error. */
export function mapUniqueViolation(err: unknown): never {
  // Drizzle wraps the driver's error; PostgreSQL's code sits on its cause.
  const e = ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
  if (e.code === '23505' && e.constraint === 'users_email_unique') throw FieldErrors.of('email', 'email_taken');
  if (e.code === '23505' && e.constraint === 'users_phone_unique') throw FieldErrors.of('phone', 'phone_in_use');
  if (e.code === '23503' && e.constraint === 'users_responsible_id_users_id_fk') {
    throw FieldErrors.of('responsible_id', 'field_invalid');
  }
  throw err;
}

type Actor = Pick<AuthUser, 'id'> & { sessionId?: string };

/** The fields an admin's edit changed (as the API names them), old and new; a new password only as `true` (never its text). */
function changesOf(before: UserRow, after: UserRow, input: UserInput): Record<string, unknown> {
  const [was, now] = [adminView(before), adminView(after)];
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(now) as Array<keyof typeof now>)
    if (was[key] !== now[key]) changes[key] = { from: was[key], to: now[key] };
  if (input.password) changes.password = true;
  return changes;
}

/**
 * An admin creates a user; the history records who did it. Without a zone or language given, the
 * person gets those of their country (else their phone's), else the admin's (#40 finding 11); with
 * send_invitation, an invitation mail in the person's language, sent once the user exists.
 */
export async function createUser(
  ctx: AppContext,
  actor: Actor & Pick<AuthUser, 'timeZone' | 'language'>,
  input: UserInput & Pick<SchemaAdminUserCreate, 'send_invitation'>,
) {
  if (input.send_invitation && !input.email) throw FieldErrors.of('send_invitation', 'user_has_no_email');
  const phone = await checkInput(ctx.db, input);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const derived = personDefaults(input.country, phone);
  const { row, invited } = await ctx.db
    .transaction(async (tx) => {
      const created = one(
        await tx
          .insert(users)
          .values({
            ...columnsOf(input),
            timeZone: input.time_zone ?? derived.timeZone ?? actor.timeZone,
            language: input.language ?? derived.language ?? actor.language,
            phone: phone ?? null,
            passwordHash,
            promoCode: newPromoCode(),
            emailActivation: true,
          })
          .returning(),
      );
      await recordAction(tx, {
        actorId: actor.id,
        subjectId: created.id,
        kind: 'user_created',
        details: { role: created.role },
      });
      // A waiting member made here is a new lead like any other: routed at once, not at the next sweep.
      if (created.role === 'member' && created.leadStatus === 'waiting')
        await leadCreated(tx, ctx, { userId: created.id, source: 'staff', actorId: actor.id });
      return {
        row: created,
        invited: input.send_invitation ? await issueInvitation(ctx, tx, actor.id, created) : null,
      };
    })
    .catch(mapUniqueViolation);
  deliverLater(ctx, invited);
  return adminView(row);
}

/**
 * An admin edits a user; the history records what changed (old and new values), in the same transaction.
 * A password set by an admin ends every session of the user at once (but the admin's own current one),
 * the Telegram link and every open link, so whoever held the account before the reset is out.
 */
export async function updateUser(ctx: AppContext, actor: Actor, id: number, input: UserInput) {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const row = await ctx.db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) throw notFound();
      const phone = await checkInput(tx, input, id, before.country);
      const after = one(
        await tx
          .update(users)
          .set({
            ...columnsOf(input),
            ...(input.phone !== undefined && { phone: phone ?? null }),
            // The Telegram link ends with the sessions (revokeLastingAccess below); said here for the answer.
            ...(passwordHash && { passwordHash, telegramChatId: null }),
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning(),
      );
      if (passwordHash) {
        const open = and(eq(sessions.userId, id), isNull(sessions.endedAt));
        await tx
          .update(sessions)
          .set({ endedAt: new Date() })
          .where(actor.sessionId ? and(open, ne(sessions.id, actor.sessionId)) : open);
        await revokeLastingAccess(tx, id);
      }
      // Set back to waiting by hand: offered at once, as a new lead is (routeLead skips it if it has a consultant).
      if (after.role === 'member' && after.leadStatus === 'waiting' && before.leadStatus !== 'waiting')
        await ctx.jobs.sendInTx(tx, ROUTE_LEAD_QUEUE, { leadId: id }, { retryLimit: 5, retryDelay: 5 });
      const changes = changesOf(before, after, input);
      if (Object.keys(changes).length)
        await recordAction(tx, { actorId: actor.id, subjectId: id, kind: 'user_updated', details: { changes } });
      return after;
    })
    .catch(mapUniqueViolation);
  authChanged(ctx, id);
  return adminView(row);
}

export async function getUser(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound();
  return adminView(row);
}
