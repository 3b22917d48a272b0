import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz, users } from './core';

export const LANDING_ELEMENT_TYPES = ['heading', 'text', 'image', 'video', 'button', 'lead_form', 'countdown'] as const;
export type LandingElementType = (typeof LANDING_ELEMENT_TYPES)[number];

/** A member's funnel: one landing page, public at /l/{landing_name} once published. */
export const flows = pgTable(
  'flows',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Unique across all landings; the check keeps it a safe path segment. */
    landingName: text('landing_name').notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    /** Running totals since creation, kept with the daily rows, so lists read no history. */
    viewsTotal: integer('views_total').notNull().default(0),
    signupsTotal: integer('signups_total').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flows_landing_name_uq').on(t.landingName),
    index('flows_owner_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    check('flows_landing_name_check', sql`${t.landingName} ~ '^[a-z0-9][a-z0-9_-]{2,63}$'`),
  ],
);

/**
 * The elements of a flow's landing page, dense positions 0..n-1. (flow_id, position) is unique and
 * DEFERRABLE (added in the migration's raw SQL) so one statement can renumber a whole page.
 */
export const landingElements = pgTable(
  'landing_elements',
  {
    id: serial('id').primaryKey(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    type: text('type').$type<LandingElementType>().notNull(),
    position: integer('position').notNull(),
    /** Type-specific content, validated by the contract and sanitised by the service before it is stored. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'landing_elements_type_check',
      sql`${t.type} in ('heading', 'text', 'image', 'video', 'button', 'lead_form', 'countdown')`,
    ),
    check('landing_elements_position_check', sql`${t.position} >= 0`),
  ],
);

/**
 * Views and sign-ups per flow and day (UTC): one counter row per day, bumped with an upsert, so a
 * page view is one tiny write and the stats read a handful of rows.
 */
export const flowDailyStats = pgTable(
  'flow_daily_stats',
  {
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    signups: integer('signups').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.day] })],
);
