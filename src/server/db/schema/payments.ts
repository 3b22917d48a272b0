import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { books, packages, tstz, users } from './core';

export const PAYMENT_KINDS = ['subscription', 'donation', 'book'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_STATES = ['pending', 'paid', 'canceled', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Money that came in (or is expected): online through a provider, or manual with a proof. Amounts in USD cents. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PaymentKind>().notNull(),
    state: text('state').$type<PaymentState>().notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    /** The payment method's id as payments/get_payment_methods/ lists it. */
    method: text('method').notNull(),
    /** sandbox | stripe | manual */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'set null' }),
    bookId: integer('book_id').references(() => books.id, { onDelete: 'set null' }),
    /** Manual donations: when the payer says they paid, and the stored proof file. */
    paidAtClaimed: tstz('paid_at_claimed'),
    proofFile: text('proof_file'),
    rejectReason: text('reject_reason'),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    paidAt: tstz('paid_at'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt.desc()),
    index('payments_paid_idx').on(t.paidAt).where(sql`${t.state} = 'paid'`),
    index('payments_state_idx').on(t.state, t.createdAt.desc()),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_kind_check', sql`${t.kind} in ('subscription', 'donation', 'book')`),
    check('payments_state_check', sql`${t.state} in ('pending', 'paid', 'canceled', 'failed')`),
  ],
);
