import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { statement } from '../../db/prepared';
import { flows, landingElements, users } from '../../db/schema';
import { FieldErrors, notFound } from '../../errors';
import { t, type Lang, type MessageKey } from '../../i18n';
import { leadCreated } from '../leads/intake';
import { newPromoCode, normalizePhone } from '../users';
import { countryCode } from '../countries';
import { countSignup } from './stats';
import { checkFormToken } from './form-token';
import { one } from '../../db/rows';
import { deliverLater, issueInvitation } from '../staff/invitations';
import { isTimeZone } from '../time-zones';
import { addFunnelContact } from '../contacts';
import { actionMail } from '../../integrations/mail';
import { clock } from '../../clock';
import { notifyUser } from '../notifications/member';
import { accountsHolding, mailSignupAttempt, takenMeanwhile } from '../signup-attempts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A well-formed email, else the spec's message under `email`. Whether an account has it is not said:
 * the page is public (issue #37); the sign-up itself mails such an account's holder instead.
 */
export function validateLandingEmail(raw: string): string {
  const email = raw.trim();
  if (!EMAIL.test(email) || email.length > 254) throw FieldErrors.of('email', 'email_invalid');
  return email;
}

/**
 * A phone number in E.164 (read in `region`, the visitor's country or the form's default region, when
 * it has no country code), else the spec's message under `phone`; like the email, never whether it is in use.
 */
export function validateLandingPhone(raw: string, region?: string | null): string {
  const phone = normalizePhone(raw.trim(), region);
  if (!phone) throw FieldErrors.of('phone', 'phone_incorrect');
  return phone;
}

const publishedLandingId = statement<{ id: number }, { name: string }>(
  sql`select f.id from flows f where f.landing_name = ${sql.placeholder('name')} and f.is_published limit 1`,
);

export type LookupInput = { landing_name: string; form_token: string };

/**
 * A lookup from a landing page's form (validate_email/, validate_phone/): only for a published landing
 * (404 otherwise) with the form token its page was rendered with (403 otherwise), so the calls are no
 * open oracle of who has an account.
 */
export async function checkLandingLookup(ctx: AppContext, input: LookupInput): Promise<void> {
  const [landing] = await publishedLandingId(ctx.db, { name: input.landing_name });
  if (!landing) throw notFound();
  checkFormToken(ctx, landing.id, input.form_token);
}

export const FORM_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'city', 'country'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type LeadForm = {
  title: string;
  fields: Array<{ name: FormField; label: string; required: boolean }>;
  button_label: string;
  success_message: string;
  send_invitation?: boolean;
};
export type SignupInput = Partial<Record<FormField, string>>;

/**
 * A published landing by name with its elements (type and content, in order) as JSON text, for its
 * public page: one statement, built once.
 */
const landingToShowStatement = statement<{ id: number; elements: string }, { name: string }>(sql`
  select f.id, (select coalesce(json_agg(json_build_object('type', e.type, 'content', e.content) order by e.position), '[]')::text
                from landing_elements e where e.flow_id = f.id) as elements
  from flows f where f.landing_name = ${sql.placeholder('name')} and f.is_published`);

export async function landingToShow(ctx: AppContext, name: string): Promise<{ id: number; elements: string } | null> {
  const [row] = await landingToShowStatement(ctx.db, { name });
  return row ?? null;
}

/** A published landing by name, with its lead form (if it has one). */
async function publishedLanding(ctx: AppContext, name: string) {
  const [flow] = await ctx.db
    .select()
    .from(flows)
    .where(and(eq(flows.landingName, name), eq(flows.isPublished, true)));
  if (!flow) return null;
  const [form] = await ctx.db
    .select({ content: landingElements.content })
    .from(landingElements)
    .where(and(eq(landingElements.flowId, flow.id), eq(landingElements.type, 'lead_form')))
    .limit(1);
  return { flow, form: form?.content as LeadForm | undefined };
}

/**
 * A landing's owner: their zone (a visitor's whose browser sent none: a form posted without JavaScript),
 * language (their contact category's name) and name (in the visitor's confirmation mail).
 */
async function landingOwner(ctx: AppContext, ownerId: number) {
  const [owner] = await ctx.db
    .select({ tz: users.timeZone, lang: users.language, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!owner) throw new Error(`landing owner ${String(ownerId)} not found`);
  return owner;
}

/** The visitor's confirmation mail, in the page's language. */
function confirmationMail(
  ctx: AppContext,
  lang: Lang,
  to: string,
  visitor: string,
  owner: { firstName: string; lastName: string },
  landingName: string,
) {
  return actionMail({
    lang,
    to,
    name: visitor,
    subject: 'mail_landing_signup_subject',
    body: 'mail_landing_signup_text',
    button: 'mail_landing_signup_button',
    link: `${ctx.config.publicUrl}/l/${landingName}`,
    params: { owner: `${owner.firstName} ${owner.lastName}`.trim() || 'Atrium' },
  });
}

/**
 * A visitor signs up through a landing's form (with the form token of its page, as the lookups): the
 * form's fields only, its required ones filled, a valid email or phone. One transaction creates the user
 * (a waiting lead referred by the flow's owner), records the lead through the intake and counts the
 * sign-up. The answer is the same when an account already has the email or phone (issue #37): with the
 * email nothing is created, a held phone is left out of the new lead (nothing is created when it was the
 * only contact), and each holder gets a mail saying someone tried (signup-attempts.ts).
 */
export async function signupLanding(
  ctx: AppContext,
  name: string,
  input: SignupInput & { form_token?: string; default_region?: string; time_zone?: string },
  lang: Lang,
): Promise<{ detail: string }> {
  const landing = await publishedLanding(ctx, name);
  if (!landing?.form) throw notFound();
  const { flow, form } = landing;
  checkFormToken(ctx, flow.id, input.form_token);
  const values: SignupInput = {};
  const errors: Record<string, MessageKey[]> = {};
  for (const f of form.fields) {
    const v = (input[f.name] ?? '').trim();
    if (v) values[f.name] = v;
    else if (f.required) errors[f.name] = ['field_required'];
  }
  // The country as its ISO code; the phone is read in it, else in the form's default region.
  const country = countryCode(values.country);
  if (country === null) errors.country = ['country_incorrect'];
  else if (values.country) values.country = country;
  const check = (field: 'email' | 'phone', fn: (v: string, region?: string | null) => string) => {
    const value = values[field];
    if (!value || errors[field]) return;
    try {
      values[field] = fn(value, country || input.default_region);
    } catch (err) {
      if (!(err instanceof FieldErrors)) throw err;
      const messages = err.fields[field];
      if (!messages) throw err;
      errors[field] = messages.map((m) => (typeof m === 'string' ? m : m.key));
    }
  };
  check('email', validateLandingEmail);
  check('phone', validateLandingPhone);
  const owner = await landingOwner(ctx, flow.ownerId);
  // The visitor's zone (the page's script puts the browser's in a hidden field), else the landing owner's.
  const timeZone = input.time_zone?.trim() || owner.tz;
  if (!isTimeZone(timeZone)) errors.time_zone = ['time_zone_invalid'];
  if (!Object.keys(errors).length && !values.email && !values.phone)
    errors.non_field_errors = ['landing_signup_needs_contact'];
  if (Object.keys(errors).length) throw new FieldErrors(errors);

  const done = { detail: form.success_message || t(lang, 'landing_signup_done') };
  const held = await accountsHolding(ctx, values.email, values.phone);
  if (held.email) await mailSignupAttempt(ctx, held.email, 'email');
  if (held.phone && held.phone.id !== held.email?.id) await mailSignupAttempt(ctx, held.phone, 'phone');
  if (held.email) return done;
  if (held.phone) delete values.phone;
  if (!values.email && !values.phone) return done;

  const created = await ctx.db
    .transaction(async (tx) => {
      const user = one(
        await tx
          .insert(users)
          .values({
            email: values.email ?? null,
            phone: values.phone ?? null,
            firstName: values.first_name ?? '',
            lastName: values.last_name ?? '',
            city: values.city ?? '',
            country: values.country ?? '',
            language: lang,
            timeZone,
            role: 'member',
            leadStatus: 'waiting',
            referrerId: flow.ownerId,
            promoCode: newPromoCode(),
          })
          .returning({ id: users.id }),
      );
      await leadCreated(tx, ctx, {
        userId: user.id,
        source: 'landing',
        details: { flow_id: flow.id, landing_name: flow.landingName },
      });
      await countSignup(tx, flow.id);
      // The owner hears of the lead (bell and mail, unless switched off).
      const leadName =
        [values.first_name, values.last_name].filter(Boolean).join(' ') || values.email || values.phone || '';
      const data = { lead_id: user.id, name: leadName, landing: flow.name };
      await notifyUser(
        ctx,
        tx,
        flow.ownerId,
        'landing_lead',
        data,
        clock.now(),
        `/user/view-details/${String(user.id)}`,
      );
      // The lead is also the owner's contact ("From funnels", the funnel's name as its source).
      const lead = { firstName: '', lastName: '', email: '', phone: '', city: '', country: '' };
      await addFunnelContact(
        tx,
        flow.ownerId,
        {
          ...lead,
          ...(values.first_name && { firstName: values.first_name }),
          ...(values.last_name && { lastName: values.last_name }),
          ...(values.email && { email: values.email }),
          ...(values.phone && { phone: values.phone }),
          ...(values.city && { city: values.city }),
          ...(values.country && { country: values.country }),
        },
        flow.name,
        owner.lang,
      );
      // The visitor's confirmation, kept with the sign-up and sent after it (an invitation, when the form
      // sends one, is the confirmation: one mail).
      let mail = null;
      if (values.email && !form.send_invitation) {
        const m = confirmationMail(ctx, lang, values.email, values.first_name ?? values.email, owner, flow.landingName);
        mail = { id: await ctx.mailer.store(tx, m), mail: m };
      }
      // The form may invite the new lead to set a password (the mail is kept with the sign-up, sent after it).
      return {
        confirmation: mail,
        invitation:
          form.send_invitation && values.email
            ? await issueInvitation(ctx, tx, null, {
                id: user.id,
                email: values.email,
                firstName: values.first_name ?? '',
                language: lang,
              })
            : null,
      };
    })
    .catch((err: unknown) => {
      if (takenMeanwhile(err)) return null;
      throw err;
    });
  if (created) {
    deliverLater(ctx, created.confirmation);
    deliverLater(ctx, created.invitation);
  }
  return done;
}
