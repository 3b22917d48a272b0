import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  doublePrecision,
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

export const TASK_TYPES = ['meet', 'call', 'message'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_STATUSES = ['planned', 'completed', 'canceled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A consultant's task (meet, call, message), optionally about one user. */
export const tasks = pgTable(
  'tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedUserId: integer('linked_user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<TaskType>().notNull(),
    status: text('status').$type<TaskStatus>().notNull().default('planned'),
    startAt: tstz('start_at').notNull(),
    endAt: tstz('end_at'),
    description: text('description').notNull().default(''),
    result: text('result'),
    completedAt: tstz('completed_at'),
    canceledAt: tstz('canceled_at'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The task list's tabs, in their order (start_at, id), and its tab counts (index-only).
    index('tasks_owner_idx').on(t.ownerId, t.status, t.startAt, t.id),
    // A user's tasks; statistics: a new registration's completed tasks in a period (index-only).
    index('tasks_linked_idx').on(t.linkedUserId, t.status, t.completedAt, t.ownerId),
    // Statistics: the partial days at a period's ends, for everybody and per owner (index-only). The
    // owner's index also serves the completed tab newest first (backwards: completed_at desc nulls last, id desc).
    index('tasks_completed_idx')
      .on(t.completedAt, t.ownerId, t.type, t.startAt, t.endAt, t.linkedUserId)
      .where(sql`${t.status} = 'completed'`),
    index('tasks_owner_completed_idx')
      .on(t.ownerId, t.completedAt.asc().nullsFirst(), t.id, t.type, t.startAt, t.endAt, t.linkedUserId)
      .where(sql`${t.status} = 'completed'`),
    check('tasks_type_check', sql`${t.type} in ('meet', 'call', 'message')`),
    check('tasks_status_check', sql`${t.status} in ('planned', 'completed', 'canceled')`),
  ],
);

/** A roll-up bucket: one hour, day or calendar month in UTC (`bucket` is its first instant). */
export const STATS_GRAINS = ['hour', 'day', 'month'] as const;
export type StatsGrain = (typeof STATS_GRAINS)[number];

/**
 * Statistics roll-ups of the staff dashboard, per employee and UTC hour, day and month. Database
 * triggers on tasks, payments and users keep them exact whoever writes those (migrations 0017 and
 * 0019 have the rules); never write them from code. employee_id 0 is the whole organisation; rows are
 * kept for existing users only. services/statistics sums a few buckets per period and reads only what
 * is left (under an hour at each end, in time zones with a half-hour offset) from the base tables.
 */
export const staffStatsDays = pgTable(
  'staff_stats_days',
  {
    employeeId: integer('employee_id').notNull(),
    grain: text('grain').$type<StatsGrain>().notNull(),
    bucket: tstz('bucket').notNull(),
    /** Completed tasks the employee owns, by completed_at. */
    completedTasks: integer('completed_tasks').notNull().default(0),
    /** Their meet and call time (end_at - start_at), in microseconds. */
    timeSpentUs: bigint('time_spent_us', { mode: 'number' }).notNull().default(0),
    /** Users the employee is responsible for: registrations by date_joined, paid donations and subscriptions by paid_at. */
    registrations: integer('registrations').notNull().default(0),
    donationsCents: bigint('donations_cents', { mode: 'number' }).notNull().default(0),
    subscriptions: integer('subscriptions').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'staff_stats_days_pk', columns: [t.employeeId, t.grain, t.bucket] }),
    // Every employee's figures of a period (the staff table): index-only scans of a few buckets.
    index('staff_stats_days_period_idx').on(
      t.grain,
      t.bucket,
      t.employeeId,
      t.completedTasks,
      t.timeSpentUs,
      t.registrations,
      t.donationsCents,
      t.subscriptions,
    ),
    check('staff_stats_days_grain_check', sql`${t.grain} in ('hour', 'day', 'month')`),
  ],
);

/** The registrations and payments of staff_stats_days by the user's country. */
export const staffStatsCountryDays = pgTable(
  'staff_stats_country_days',
  {
    employeeId: integer('employee_id').notNull(),
    grain: text('grain').$type<StatsGrain>().notNull(),
    bucket: tstz('bucket').notNull(),
    country: text('country').notNull(),
    registrations: integer('registrations').notNull().default(0),
    donationsCents: bigint('donations_cents', { mode: 'number' }).notNull().default(0),
    subscriptions: integer('subscriptions').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'staff_stats_country_days_pk', columns: [t.employeeId, t.grain, t.bucket, t.country] }),
    check('staff_stats_country_days_grain_check', sql`${t.grain} in ('hour', 'day', 'month')`),
  ],
);

/**
 * Completed tasks linked to a user, by the UTC day the user joined and the UTC day the task was
 * completed ("tasks of new registrations": both inside the period). For an employee: their own tasks
 * about users they are responsible for; for 0: all.
 */
export const staffStatsFresh = pgTable(
  'staff_stats_fresh',
  {
    employeeId: integer('employee_id').notNull(),
    joinedDay: date('joined_day', { mode: 'string' }).notNull(),
    completedDay: date('completed_day', { mode: 'string' }).notNull(),
    tasks: integer('tasks').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'staff_stats_fresh_pk', columns: [t.employeeId, t.joinedDay, t.completedDay] }),
    index('staff_stats_fresh_period_idx').on(t.joinedDay, t.completedDay, t.employeeId, t.tasks),
  ],
);

export const TICKET_STATUSES = ['new', 'in_progress', 'completed', 'canceled', 'paid', 'rejected'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A member's request; a consultant takes it and works it to an end state. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consultantId: integer('consultant_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('new'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    takenAt: tstz('taken_at'),
    rejectionReason: text('rejection_reason'),
    closedAt: tstz('closed_at'),
    messagesCount: integer('messages_count').notNull().default(0),
    lastMessageAt: tstz('last_message_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.createdAt.desc()),
    index('tickets_consultant_idx').on(t.consultantId, t.status, t.updatedAt.desc()),
    index('tickets_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** message | comment | status_change | telegram */
    kind: text('kind').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    statusFrom: text('status_from'),
    statusTo: text('status_to'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

export const LEAD_OFFER_STATUSES = ['open', 'accepted', 'expired', 'closed'] as const;
export type LeadOfferStatus = (typeof LEAD_OFFER_STATUSES)[number];

/**
 * Automatic routing: a waiting lead offered to one consultant until expires_at. open → accepted (they
 * took it), expired (back to the pool, offered to the next one) or closed (someone else took it).
 */
export const leadOffers = pgTable(
  'lead_offers',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consultantId: integer('consultant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<LeadOfferStatus>().notNull().default('open'),
    offeredAt: tstz('offered_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    decidedAt: tstz('decided_at'),
  },
  (t) => [
    // At most one open offer per lead: a second router loses on this index.
    uniqueIndex('lead_offers_open_uq')
      .on(t.leadId)
      .where(sql`${t.status} = 'open'`),
    index('lead_offers_consultant_idx').on(t.consultantId, t.offeredAt),
    index('lead_offers_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    check('lead_offers_status_check', sql`${t.status} in ('open', 'accepted', 'expired', 'closed')`),
  ],
);

/**
 * Stride scheduling for the weighted round robin: each consultant's pass grows by 1/rating per offer;
 * the eligible consultant with the lowest pass gets the next lead.
 */
export const leadRouting = pgTable('lead_routing', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pass: doublePrecision('pass').notNull().default(0),
});

/** In-app notifications (new lead offered, ticket opened…); the badge counts the unread ones. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** lead_offered | ticket_created | the member kinds of services/notifications (ticket_answered…) */
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: tstz('read_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** The notification kinds a user switched off (bell and mail); no row: every kind is on (migration 0037). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  disabled: text('disabled')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
