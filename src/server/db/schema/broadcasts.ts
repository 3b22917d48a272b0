import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { lessons, packages, tstz, users } from './core';

export const BROADCAST_AUDIENCES = ['everyone', 'package', 'staff'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

/** A live stream or meeting: who may watch, when (instants, with the zone it is organised in), the link. */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    url: text('url').notNull(),
    audience: text('audience').$type<BroadcastAudience>().notNull().default('everyone'),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'restrict' }),
    recordingLessonId: integer('recording_lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('broadcasts_starts_idx').on(t.startsAt, t.id),
    check('broadcasts_span_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('broadcasts_audience_check', sql`${t.audience} in ('everyone', 'package', 'staff')`),
    // A package broadcast names its package; the others name none.
    check('broadcasts_package_check', sql`(${t.audience} = 'package') = (${t.packageId} is not null)`),
  ],
);

/** The reminders sent: one per broadcast and person, so a job run twice (or after a restart) sends none again. */
export const broadcastReminders = pgTable(
  'broadcast_reminders',
  {
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: tstz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'broadcast_reminders_pk', columns: [t.broadcastId, t.userId] })],
);
