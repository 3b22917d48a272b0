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
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const citext = customType<{ data: string }>({ dataType: () => 'citext' });
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** PostgreSQL ltree: the referral path of a user, root first (labels are user ids, e.g. `1.7.42`). */
export const ltree = customType<{ data: string }>({ dataType: () => 'ltree' });

export const ROLES = ['member', 'consultant', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const LEAD_STATUSES = ['waiting', 'processing', 'active', 'not_active'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LANGUAGES = ['ru', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
/** An admin-kept text in each interface language; a language left out shows the text's default. */
export type TitleTranslations = Partial<Record<Language, string>>;

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
    // No default here: every insert names the zone (the database's old default serves raw SQL fixtures only).
    timeZone: text('time_zone').notNull(),
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
    /** Consultants: how many new leads a day routing may offer them, and their weight in it (1–5). */
    dailyLeadLimit: integer('daily_lead_limit').notNull().default(20),
    rating: integer('rating').notNull().default(1),
    dateJoined: tstz('date_joined').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    /**
     * The import (user_imports.id) that created the person, else null: their lead source without a
     * history entry per imported person. No foreign key: each of an import's 100,000 rows would check
     * it, and a deleted import's people simply show no source.
     */
    importId: integer('import_id'),
    /**
     * The referral tree (team area). A database trigger keeps all three right on insert and on every
     * referrer change, whoever writes the row: never set them from code.
     */
    path: ltree('path')
      .notNull()
      .default(sql`''`),
    childrenCount: integer('children_count').notNull().default(0),
    descendantsCount: integer('descendants_count').notNull().default(0),
  },
  (t) => [
    index('users_referrer_idx').on(t.referrerId),
    index('users_path_gist_idx').using('gist', t.path),
    // Team lists: search by name, email or phone; newest first; the waiting-leads pool, oldest first.
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || coalesce(${t.email}::text, '') || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`,
    ),
    index('users_date_joined_idx').on(t.dateJoined.desc(), t.id.desc()),
    index('users_waiting_pool_idx')
      .on(t.dateJoined, t.id)
      .where(sql`${t.leadStatus} = 'waiting' and ${t.responsibleId} is null`),
    index('users_responsible_idx').on(t.responsibleId),
    index('users_role_idx').on(t.role),
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

export const TOKEN_PURPOSES = [
  'email_activation',
  'password_reset',
  'reset_credentials',
  'login_challenge',
  'bot_login',
  'telegram_link',
  // A new email address waiting for its owner to open the link sent to it (data: {email, from}).
  'email_change',
  // The old address's way back from an email or phone change (data: {field, value}); never voided by a later change.
  'credentials_undo',
  // An invitation sent by staff (services/staff/invitations.ts): sets the first password, 7 days.
  'invitation',
] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/**
 * Single-use secrets sent by mail, link or bot. Only a SHA-256 of the token is stored; `attempts`
 * counts wrong codes against a two-factor login challenge.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').$type<TokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Two-factor backup codes: ten single-use codes per user, each kept as a keyed hash (services/two-factor.ts). */
export const totpBackupCodes = pgTable(
  'totp_backup_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    usedAt: tstz('used_at'),
  },
  (t) => [uniqueIndex('totp_backup_codes_user_code_uq').on(t.userId, t.codeHash)],
);

/**
 * Wrong logins per account (`user:<id>`, or the name tried when no account has it) and client address
 * (an IPv6 client by its /64): services/login-throttle.ts. Unlogged in the migration (0031).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull(),
    lastAt: tstz('last_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'login_failures_pkey', columns: [t.account, t.ip] }),
    index('login_failures_last_at_idx').on(t.lastAt),
  ],
);

/** Every mail the app sends; without SMTP it stays here as the dev outbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    delivered: boolean('delivered').notNull().default(false),
    error: text('error'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Learning and content: lessons, packages (access), books, news, events, configs, footer links.
// ---------------------------------------------------------------------------------------------

export const lessonCategories = pgTable(
  'lesson_categories',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    order: integer('order').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('lesson_categories_order_idx').on(t.order, t.id)],
);

/** A lesson: a video (an uploaded file or a YouTube/Vimeo URL), a sanitised HTML description, materials. */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => lessonCategories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    preview: text('preview'),
    videoUrl: text('video_url'),
    videoFile: text('video_file'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    isFree: boolean('is_free').notNull().default(false),
    order: integer('order').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    publishedAt: tstz('published_at').notNull().defaultNow(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // published_at last: counting a category's visible lessons is an index-only scan.
    index('lessons_category_order_idx')
      .on(t.categoryId, t.order, t.id, t.publishedAt)
      .where(sql`${t.isPublished}`),
    index('lessons_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    index('lessons_free_idx')
      .on(t.categoryId, t.order, t.id)
      .where(sql`${t.isPublished} and ${t.isFree}`),
    index('lessons_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    check('lessons_duration_check', sql`${t.durationSeconds} >= 0`),
  ],
);

export const lessonMaterials = pgTable(
  'lesson_materials',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    file: text('file'),
    url: text('url'),
    mimeType: text('mime_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    order: integer('order').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('lesson_materials_lesson_idx').on(t.lessonId, t.order, t.id),
    check('lesson_materials_target_check', sql`${t.file} is not null or ${t.url} is not null`),
  ],
);

/** A member's watch position per lesson; `completed` never goes back to false. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    positionSeconds: integer('position_seconds').notNull().default(0),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    completedAt: tstz('completed_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'lesson_progress_pk', columns: [t.userId, t.lessonId] }),
    index('lesson_progress_recent_idx').on(t.userId, t.updatedAt.desc()),
    index('lesson_progress_lesson_idx').on(t.lessonId),
  ],
);

/** A comment, on a lesson or general (lesson null); hidden ones only for admins and their author. */
export const lessonComments = pgTable(
  'lesson_comments',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    isHidden: boolean('is_hidden').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at'),
  },
  (t) => [
    index('lesson_comments_lesson_idx').on(t.lessonId, t.createdAt.desc(), t.id.desc()),
    // Counting the visible comments of a lesson (lists show it per lesson) without visiting rows.
    index('lesson_comments_visible_idx')
      .on(t.lessonId)
      .where(sql`not ${t.isHidden}`),
    index('lesson_comments_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('lesson_comments_author_idx').on(t.authorId),
  ],
);

/** What the Payments issue sells; here only what access needs: a package grants categories. */
export const packages = pgTable('packages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const packageCategories = pgTable(
  'package_categories',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => lessonCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'package_categories_pk', columns: [t.packageId, t.categoryId] }),
    index('package_categories_category_idx').on(t.categoryId),
  ],
);

export const USER_PACKAGE_STATUSES = ['pending', 'active', 'canceled', 'expired'] as const;
export type UserPackageStatus = (typeof USER_PACKAGE_STATUSES)[number];

/** A member's package; access holds while status is active and now is within [starts_at, ends_at). */
export const userPackages = pgTable(
  'user_packages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    startsAt: tstz('starts_at').notNull().defaultNow(),
    endsAt: tstz('ends_at'),
    status: text('status').$type<UserPackageStatus>().notNull().default('active'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('user_packages_user_idx').on(t.userId, t.status),
    check('user_packages_status_check', sql`${t.status} in ('pending', 'active', 'canceled', 'expired')`),
  ],
);

export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    author: text('author').notNull().default(''),
    description: text('description').notNull().default(''),
    cover: text('cover'),
    pdf: text('pdf'),
    priceCents: integer('price_cents').notNull().default(0),
    isFree: boolean('is_free').notNull().default(false),
    pages: integer('pages'),
    language: text('language').$type<Language>().notNull().default('ru'),
    isPublished: boolean('is_published').notNull().default(true),
    publishedAt: tstz('published_at').notNull().defaultNow(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('books_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    check('books_price_check', sql`${t.priceCents} >= 0`),
  ],
);

export const BOOK_PURCHASE_STATUSES = ['pending', 'paid', 'canceled'] as const;
export type BookPurchaseStatus = (typeof BOOK_PURCHASE_STATUSES)[number];

/** One member's purchase of one book: pending until the Payments issue marks it paid. */
export const bookPurchases = pgTable(
  'book_purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'restrict' }),
    status: text('status').$type<BookPurchaseStatus>().notNull().default('pending'),
    priceCents: integer('price_cents').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    paidAt: tstz('paid_at'),
  },
  (t) => [
    uniqueIndex('book_purchases_user_book_idx').on(t.userId, t.bookId),
    index('book_purchases_book_idx').on(t.bookId),
    check('book_purchases_status_check', sql`${t.status} in ('pending', 'paid', 'canceled')`),
  ],
);

/** News; a null published_at is a draft, a future one is scheduled. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    image: text('image'),
    isImportant: boolean('is_important').notNull().default(false),
    publishedAt: tstz('published_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('news_published_idx').on(t.publishedAt.desc(), t.id.desc()),
    index('news_important_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.isImportant}`),
    index('news_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at'),
    // No default here: every insert names the zone (the database's old default serves raw SQL fixtures only).
    timeZone: text('time_zone').notNull(),
    place: text('place'),
    onlineUrl: text('online_url'),
    image: text('image'),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_starts_idx').on(t.startsAt, t.id),
    index('events_until_idx').on(sql`coalesce(${t.endsAt}, ${t.startsAt})`),
    check('events_span_check', sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
  ],
);

/** App configs; public ones are served before login by configs/get_all_configs/. */
export const configs = pgTable('configs', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  value: jsonb('value').$type<string | number | boolean | null>(),
  description: text('description').notNull().default(''),
  isPublic: boolean('is_public').notNull().default(true),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const footerLinks = pgTable(
  'footer_links',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The title in each interface language (absent: `title`), as the admin form keeps it. */
    titleTranslations: jsonb('title_translations').$type<TitleTranslations>().notNull().default({}),
    url: text('url').notNull(),
    order: integer('order').notNull().default(0),
  },
  (t) => [index('footer_links_order_idx').on(t.order, t.id)],
);

/** A member's own contact categories; a particular one is exclusive on a contact. */
export const contactCategories = pgTable(
  'contact_categories',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isParticular: boolean('is_particular').notNull().default(false),
    /** A category Atrium made for the owner ('funnels': leads from their landings), found by it when renamed. */
    systemKey: text('system_key'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('contact_categories_owner_idx').on(t.ownerId, t.id),
    uniqueIndex('contact_categories_owner_key_uq')
      .on(t.ownerId, t.systemKey)
      .where(sql`${t.systemKey} is not null`),
  ],
);

/** The fixed contact statuses (ids 1..4); their names are translated by the server. */
export const CONTACT_STATUSES = [
  { id: 1, key: 'new', color: '#2196f3' },
  { id: 2, key: 'in_progress', color: '#ff9800' },
  { id: 3, key: 'client', color: '#4caf50' },
  { id: 4, key: 'not_interested', color: '#9e9e9e' },
] as const;

/** A member's own contacts (the CRM of a member); every query filters by owner first. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** Where the contact came from (a funnel's name for a lead of the owner's landing), else ''. */
    source: text('source').notNull().default(''),
    status: integer('status'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('contacts_owner_created_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    index('contacts_owner_status_idx').on(t.ownerId, t.status),
    index('contacts_search_trgm_idx').using(
      'gin',
      // btree_gin: the owner narrows the trigram match inside the same index.
      sql`${t.ownerId}, (${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || ${t.phone}) gin_trgm_ops`,
    ),
    check('contacts_status_check', sql`${t.status} is null or ${t.status} between 1 and 4`),
  ],
);

/**
 * A contact's dated notes (author, time, text), newest first on the contact's page. The contact's own
 * `notes` column stays the seed's single field, which its clients still read and write.
 */
export const contactNotes = pgTable(
  'contact_notes',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_notes_contact_idx').on(t.contactId, t.createdAt.desc(), t.id.desc())],
);

export const contactCategoryLinks = pgTable(
  'contact_category_links',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => contactCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'contact_category_links_pk', columns: [t.contactId, t.categoryId] }),
    index('contact_category_links_category_idx').on(t.categoryId, t.contactId),
  ],
);
