import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const citext = customType<{ data: string }>({ dataType: () => 'citext' });
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const ROLES = ['member', 'consultant', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const LEAD_STATUSES = ['waiting', 'processing', 'active', 'not_active'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LANGUAGES = ['ru', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: citext('email').unique(),
    phone: text('phone').unique(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    dateBirth: date('date_birth', { mode: 'string' }),
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    language: text('language').$type<Language>().notNull().default('ru'),
    avatar: text('avatar'),
    role: text('role').$type<Role>().notNull().default('member'),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isBlocked: boolean('is_blocked').notNull().default(false),
    emailActivation: boolean('email_activation').notNull().default(false),
    isPartner: boolean('is_partner').notNull().default(false),
    leadStatus: text('lead_status').$type<LeadStatus>().notNull().default('waiting'),
    promoCode: text('promo_code').notNull().unique(),
    referrerId: integer('referrer_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    responsibleId: integer('responsible_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    totpSecretEnc: text('totp_secret_enc'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    telegramChatId: text('telegram_chat_id'),
    dateJoined: tstz('date_joined').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('users_referrer_idx').on(t.referrerId),
    index('users_responsible_idx').on(t.responsibleId),
    index('users_role_idx').on(t.role),
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    check('users_role_check', sql`${t.role} in ('member', 'consultant', 'admin')`),
    check('users_lead_status_check', sql`${t.leadStatus} in ('waiting', 'processing', 'active', 'not_active')`),
    check('users_language_check', sql`${t.language} in ('ru', 'en', 'de')`),
  ],
);

/** A signed-in device. A JWT names its session; ending the row ends the token for real. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    endedAt: tstz('ended_at'),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Instance-wide settings (e.g. the generated JWT secret of an embedded install). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
