import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz, users } from './core';

/**
 * Every staff action in the product: who did what to whom, when, and under whose view-as.
 * Append-only: a trigger (migration 0005) refuses UPDATE and DELETE. No foreign keys, so the
 * history outlives the people it names.
 */
export const actionLogs = pgTable(
  'action_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    subjectId: integer('subject_id'),
    /** The employee whose view the actor was in (view-as), if any. */
    viewAsId: integer('view_as_id'),
    kind: text('kind').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('action_logs_actor_idx').on(t.actorId, t.createdAt.desc(), t.id.desc()),
    index('action_logs_subject_idx').on(t.subjectId, t.createdAt.desc(), t.id.desc()),
    // Most entries are not made in view-as: they stay out of it.
    index('action_logs_view_as_idx')
      .on(t.viewAsId, t.createdAt.desc())
      .where(sql`${t.viewAsId} is not null`),
    index('action_logs_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const tagGroups = pgTable('tag_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').references(() => tagGroups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('tags_name_uq').on(t.name)],
);

export const userTags = pgTable(
  'user_tags',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index('user_tags_tag_idx').on(t.tagId)],
);

/** A consultant's shift per weekday (0 = Monday … 6 = Sunday) in their own time zone. */
export const workTimes = pgTable(
  'work_times',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    timeFrom: time('time_from').notNull(),
    timeTo: time('time_to').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.weekday] }),
    check('work_times_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('work_times_range_check', sql`${t.timeFrom} < ${t.timeTo}`),
  ],
);

/** A user's groups (the tag groups they belong to); replaced as a whole by update_settings. */
export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => tagGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);

/** A partner's company details; the user row carries is_partner. */
export const partnerProfiles = pgTable('partner_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  company: text('company').notNull(),
  createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Documents uploaded with a partner, stored under generated names in the private `documents` folder. */
export const partnerDocuments = pgTable(
  'partner_documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    url: text('url').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadedAt: tstz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [index('partner_documents_user_idx').on(t.userId, t.id)],
);

/** The region a user works in (staff lists filter by it); set by update_settings. */
export const userWorkZones = pgTable('user_work_zones', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  workZone: text('work_zone').notNull(),
});
