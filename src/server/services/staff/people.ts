import { eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext, AuthUser } from '../../context';
import { partnerDocuments, partnerProfiles, tagGroups, tags, users, userTags } from '../../db/schema';
import { together } from '../../db/together';
import { FieldErrors, notFound, DomainError } from '../../errors';
import { t, type Lang } from '../../i18n';
import { recordAction } from '../action-log';
import { leadCreated } from '../leads/intake';
import { mapUniqueViolation, newPromoCode, normalizePhone } from '../users';
import { countryCode } from '../countries';
import { isTimeZone } from '../time-zones';
import { personDefaults } from '../person-defaults';
import { groupLabel, tagLabel } from '../team/structure-columns';
import { reachableUser, staffTarget, type Caller, type Tx } from './access';
import { brief } from '../users';
import { labelsOf, staffUserView } from './view';
import { deliverLater, issueInvitation } from './invitations';
import { one } from '../../db/rows';
import type { SchemaCreateLeadUserRequest, SchemaCreatePartnerUserRequest } from '../../../api/schema';

/** A new person: the contract's lead request; the partner form (multipart) may leave out the tag and the consultant, which are checked here. */
export type PersonInput = Omit<SchemaCreateLeadUserRequest, 'tag_id' | 'consultant_id'> &
  Partial<Pick<SchemaCreateLeadUserRequest, 'tag_id' | 'consultant_id'>>;

type FieldMessages = ConstructorParameters<typeof FieldErrors>[0];
/** Staff creating a person: the person gets their zone and language when neither the form nor the person's country or phone tells. */
type Creator = Caller & Pick<AuthUser, 'timeZone' | 'language'>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Every rule of a new person, all reported at once: names, email, phone (format and uniqueness), the
 * tag and the consultant (who must be in the caller's reach).
 */
async function checkPerson(tx: Tx, caller: Caller, input: PersonInput, extra: FieldMessages = {}) {
  const errors: FieldMessages = { ...extra };
  const email = input.email.trim();
  if (!input.first_name.trim()) errors.first_name = ['field_empty'];
  if (!input.last_name.trim()) errors.last_name = ['field_empty'];
  if (!EMAIL.test(email)) errors.email = ['email_invalid'];
  const country = countryCode(input.country);
  if (country === null) errors.country = ['country_incorrect'];
  if (input.time_zone !== undefined && !isTimeZone(input.time_zone)) errors.time_zone = ['time_zone_invalid'];
  let phone: string | null = null;
  if (input.phone?.trim()) {
    phone = normalizePhone(input.phone.trim(), country || input.default_region);
    if (!phone) errors.phone = ['phone_incorrect'];
  }
  const taken = await tx
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(phone ? or(eq(users.email, email), eq(users.phone, phone)) : eq(users.email, email));
  if (!errors.email && taken.some((u) => u.email?.toLowerCase() === email.toLowerCase()))
    errors.email = ['email_taken'];
  if (phone && taken.some((u) => u.phone === phone)) errors.phone = ['phone_in_use'];
  const tagId = input.tag_id;
  if (!tagId || !(await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId))).length)
    errors.tag_id = ['select_tag'];
  let consultantId = 0;
  try {
    consultantId = (await staffTarget(tx, caller, input.consultant_id, 'consultant_id')).id;
  } catch (err) {
    if (!(err instanceof FieldErrors)) throw err as DomainError;
    errors.consultant_id = ['select_consultant'];
  }
  if (Object.keys(errors).length || !tagId) throw new FieldErrors(errors);
  return { email, phone, consultantId, tagId };
}

async function insertPerson(
  tx: Tx,
  caller: Creator,
  input: PersonInput,
  checked: Awaited<ReturnType<typeof checkPerson>>,
  isPartner: boolean,
) {
  // Unless the form names them: the zone and language of the person's country, else of their phone (#40 finding 11).
  const derived = personDefaults(countryCode(input.country), checked.phone);
  const row = one(
    await tx
      .insert(users)
      .values({
        email: checked.email,
        phone: checked.phone,
        firstName: input.first_name.trim(),
        lastName: input.last_name.trim(),
        country: countryCode(input.country) ?? '', // checkPerson refused an unknown one
        city: input.city?.trim() ?? '',
        language: input.language ?? derived.language ?? caller.language,
        timeZone: input.time_zone ?? derived.timeZone ?? caller.timeZone,
        promoCode: newPromoCode(),
        responsibleId: checked.consultantId,
        leadStatus: 'processing',
        isPartner,
      })
      .returning({ id: users.id })
      .catch(mapUniqueViolation),
  );
  await tx.insert(userTags).values({ userId: row.id, tagId: checked.tagId });
  return row.id;
}

/** The invitation of a person just made, when asked for (send_invitation); delivered after the commit. */
async function inviteIfAsked(ctx: AppContext, tx: Tx, caller: Caller, userId: number, asked: boolean | undefined) {
  if (!asked) return null;
  const [u] = await tx.select().from(users).where(eq(users.id, userId));
  return u ? issueInvitation(ctx, tx, caller.id, u) : null;
}

/** A lead made by staff: it comes in through the same door as every lead (leadCreated). */
export async function createLeadUser(ctx: AppContext, caller: Creator, input: PersonInput, lang: Lang) {
  const { answer, mail } = await ctx.db.transaction(async (tx) => {
    const checked = await checkPerson(tx, caller, input);
    const id = await insertPerson(tx, caller, input, checked, false);
    await leadCreated(tx, ctx, {
      userId: id,
      source: 'staff',
      actorId: caller.id,
      details: { consultant_id: checked.consultantId, tag_id: checked.tagId },
    });
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: id,
      kind: 'user_created',
      details: { consultant_id: checked.consultantId },
    });
    const invited = await inviteIfAsked(ctx, tx, caller, id, input.send_invitation);
    return { answer: { detail: t(lang, 'user_created'), user: await staffUserView(tx, id, lang) }, mail: invited };
  });
  deliverLater(ctx, mail);
  return answer;
}

export type StoredDocument = { fileName: string; url: string; contentType: string; size: number };

/** A partner with company details; documents were already stored (the handler streams them). */
export async function createPartnerUser(
  ctx: AppContext,
  caller: Creator,
  input: PersonInput & Partial<Pick<SchemaCreatePartnerUserRequest, 'company' | 'send_invitation'>>,
  documents: StoredDocument[],
  lang: Lang,
  extra: FieldMessages = {},
) {
  const { answer, mail } = await ctx.db.transaction(async (tx) => {
    const company = input.company?.trim();
    const checked = await checkPerson(tx, caller, input, company ? extra : { ...extra, company: ['field_empty'] });
    if (!company) throw FieldErrors.of('company', 'field_empty');
    const id = await insertPerson(tx, caller, input, checked, true);
    await tx.insert(partnerProfiles).values({ userId: id, company, createdById: caller.id });
    if (documents.length) await tx.insert(partnerDocuments).values(documents.map((d) => ({ ...d, userId: id })));
    await leadCreated(tx, ctx, { userId: id, source: 'staff', actorId: caller.id, details: { partner: true } });
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: id,
      kind: 'partner_created',
      details: { company, documents: documents.length },
    });
    const invited = await inviteIfAsked(ctx, tx, caller, id, input.send_invitation);
    return { answer: { detail: t(lang, 'user_created'), partner: await partnerView(ctx, tx, id) }, mail: invited };
  });
  deliverLater(ctx, mail);
  return answer;
}

async function partnerView(ctx: AppContext, tx: Tx, userId: number) {
  const responsible = alias(users, 'responsible');
  const creator = alias(users, 'creator');
  const [row] = await tx
    .select({ u: users, p: partnerProfiles, responsible, creator })
    .from(partnerProfiles)
    .innerJoin(users, eq(users.id, partnerProfiles.userId))
    .leftJoin(responsible, eq(responsible.id, users.responsibleId))
    .leftJoin(creator, eq(creator.id, partnerProfiles.createdById))
    .where(eq(partnerProfiles.userId, userId));
  if (!row) throw notFound();
  const [docs, labels] = await together(tx, [
    () => tx.select().from(partnerDocuments).where(eq(partnerDocuments.userId, userId)).orderBy(partnerDocuments.id),
    () => labelsOf(tx, userId),
  ]);
  return {
    user_id: row.u.id,
    first_name: row.u.firstName,
    last_name: row.u.lastName,
    email: row.u.email,
    phone: row.u.phone,
    country: row.u.country,
    city: row.u.city,
    company: row.p.company,
    responsible: row.responsible ? brief(row.responsible) : null,
    tags: labels.tags,
    documents: docs.map((d) => ({
      id: d.id,
      file_name: d.fileName,
      url: ctx.storage.signedUrl(d.url),
      content_type: d.contentType,
      size: d.size,
      uploaded_at: d.uploadedAt.toISOString(),
    })),
    created_by: row.creator ? brief(row.creator) : null,
    created_at: row.p.createdAt.toISOString(),
  };
}

/** A partner of the caller's reach (admins: any); 404 when the user is not a partner. */
export async function getPartnerDetails(ctx: AppContext, caller: Caller, userId: number) {
  return ctx.db.transaction(async (tx) => {
    await reachableUser(tx, caller, userId, { lock: false });
    return partnerView(ctx, tx, userId);
  });
}

/** Every tag and tag group; the seeded ones named in `lang` (as everywhere they show). */
export async function listTagsGroups(ctx: AppContext, lang: Lang) {
  const [tagRows, groupRows] = await Promise.all([
    ctx.db.select({ id: tags.id, name: tags.name }).from(tags).orderBy(tags.name),
    ctx.db.select({ id: tagGroups.id, name: tagGroups.name }).from(tagGroups).orderBy(tagGroups.name),
  ]);
  return {
    tags: tagRows.map((x) => ({ ...x, name: tagLabel(lang, x.name) })),
    groups: groupRows.map((g) => ({ ...g, name: groupLabel(lang, g.name) })),
  };
}
