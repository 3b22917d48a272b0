import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    index('tasks_owner_idx').on(t.ownerId, t.status, t.startAt),
    index('tasks_linked_idx').on(t.linkedUserId, t.status),
    index('tasks_completed_idx').on(t.completedAt).where(sql`${t.status} = 'completed'`),
    // Statistics per employee and period: index-only scans over one owner's completed tasks.
    index('tasks_owner_completed_idx')
      .on(t.ownerId, t.completedAt, t.type, t.startAt, t.endAt, t.linkedUserId)
      .where(sql`${t.status} = 'completed'`),
    check('tasks_type_check', sql`${t.type} in ('meet', 'call', 'message')`),
    check('tasks_status_check', sql`${t.status} in ('planned', 'completed', 'canceled')`),
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
    uniqueIndex('lead_offers_open_uq').on(t.leadId).where(sql`${t.status} = 'open'`),
    index('lead_offers_consultant_idx').on(t.consultantId, t.offeredAt),
    index('lead_offers_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
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
    /** lead_offered | ticket_created */
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: tstz('read_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
