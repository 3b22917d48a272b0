import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { books, packages, tstz, userPackages, users } from './core';

export const PAYMENT_KINDS = ['subscription', 'donation', 'book', 'product'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_STATES = ['pending', 'paid', 'canceled', 'failed', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PROVIDERS = ['sandbox', 'stripe', 'manual'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

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
    /** Subscription payments: the user package this payment activates. */
    userPackageId: integer('user_package_id').references(() => userPackages.id, { onDelete: 'set null' }),
    /** Manual donations: when the payer says they paid, and the stored proof file. */
    paidAtClaimed: tstz('paid_at_claimed'),
    proofFile: text('proof_file'),
    comment: text('comment').notNull().default(''),
    rejectReason: text('reject_reason'),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    paidAt: tstz('paid_at'),
    /** Set once when the receipt mail is handed to the mailer (the receipt job runs at most once per payment). */
    receiptSentAt: tstz('receipt_sent_at'),
    /** Online checkouts of an item ('book:7', 'package:3'): one open (pending) per member and item. */
    checkoutKey: text('checkout_key'),
    /** The provider's checkout page, answered again to a repeated purchase of the item. */
    checkoutUrl: text('checkout_url'),
    /** Set by the request that opens the provider's checkout; the others wait for its URL. */
    checkoutClaimedAt: tstz('checkout_claimed_at'),
    /** A refunded payment (state 'refunded'): the provider's refund, once made. */
    refundRef: text('refund_ref'),
    refundedAt: tstz('refunded_at'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt.desc()),
    index('payments_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.state} = 'paid'`),
    index('payments_state_idx').on(t.state, t.createdAt.desc()),
    index('payments_kind_idx').on(t.kind, t.createdAt.desc()),
    /** The staff list, newest first (the query orders `created_at desc nulls last, id desc nulls last`). */
    index('payments_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('payments_user_paid_idx')
      .on(t.userId, t.paidAt)
      .where(sql`${t.state} = 'paid'`),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    /** One payment per user package (a renewal makes a new user package). */
    uniqueIndex('payments_user_package_uq').on(t.userPackageId),
    uniqueIndex('payments_open_checkout_uq')
      .on(t.userId, t.checkoutKey)
      .where(sql`${t.state} = 'pending' and ${t.checkoutKey} is not null`),
    index('payments_refund_due_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} = 'refunded' and ${t.refundRef} is null`),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_kind_check', sql`${t.kind} in ('subscription', 'donation', 'book', 'product')`),
    check('payments_state_check', sql`${t.state} in ('pending', 'paid', 'canceled', 'failed', 'refunded')`),
  ],
);

/**
 * Every provider event that changed (or was judged by) Atrium, recorded in the same transaction as
 * its state change: the unique key makes a redelivered or concurrent duplicate a no-op.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').$type<ProviderName>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** applied | refunded | ignored */
    outcome: text('outcome').notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_events_uq').on(t.provider, t.eventId),
    index('provider_events_payment_idx').on(t.paymentId),
  ],
);

export const PAYMENT_METHOD_KINDS = ['online', 'manual'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** The ways to pay that members can pick; online ones go through the configured provider. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<PaymentMethodKind>().notNull(),
    instructions: text('instructions').notNull().default(''),
    logo: text('logo'),
    isActive: boolean('is_active').notNull().default(true),
    order: integer('order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payment_methods_code_uq').on(t.code),
    check('payment_methods_kind_check', sql`${t.kind} in ('online', 'manual')`),
  ],
);

/** The billing periods packages are sold for. */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: serial('id').primaryKey(),
    months: integer('months').notNull(),
  },
  (t) => [
    uniqueIndex('subscription_periods_months_uq').on(t.months),
    check('subscription_periods_months_check', sql`${t.months} between 1 and 120`),
  ],
);

/** A package's price and period (a package without terms is not on sale). */
export const packageTerms = pgTable(
  'package_terms',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    periodId: integer('period_id')
      .notNull()
      .references(() => subscriptionPeriods.id, { onDelete: 'restrict' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ name: 'package_terms_pk', columns: [t.packageId] }),
    index('package_terms_period_idx').on(t.periodId),
    check('package_terms_price_check', sql`${t.priceCents} > 0`),
  ],
);

/**
 * Billing of one user package: the period bought, auto-pay and the provider's saved payment method.
 * `renews_id` is the package this one renews; unique, so a renewal is made once however many
 * workers race for it.
 */
export const subscriptionBilling = pgTable(
  'subscription_billing',
  {
    userPackageId: integer('user_package_id')
      .primaryKey()
      .references(() => userPackages.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    priceCents: integer('price_cents').notNull(),
    autoPay: boolean('auto_pay').notNull().default(false),
    renewsId: integer('renews_id').references(() => userPackages.id, { onDelete: 'set null' }),
    provider: text('provider').$type<ProviderName>(),
    customerRef: text('customer_ref'),
    paymentMethodRef: text('payment_method_ref'),
  },
  (t) => [uniqueIndex('subscription_billing_renews_uq').on(t.renewsId)],
);

/**
 * Paid donations of everybody below a user in the referral tree, per UTC month: the team screens'
 * two-month totals for a whole structure without reading its payments. Kept by triggers on payments
 * (a donation paid, changed or removed) and on users (a subtree moved, a user removed); see
 * migration 0020.
 */
export const teamDonationTotals = pgTable(
  'team_donation_totals',
  {
    ancestorId: integer('ancestor_id').notNull(),
    month: date('month').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.month] })],
);

/** A brand product of the shop (issue #40): admins keep the catalogue, members buy one piece per order. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** URLs of the photos (uploads' /media/ paths), the first one the main photo. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    priceCents: integer('price_cents').notNull(),
    /** Made for each order: no stock is kept or counted. */
    madeToOrder: boolean('made_to_order').notNull().default(false),
    /** Pieces left; goes down by one when an order is paid (settle.ts). */
    stock: integer('stock').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('products_published_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    check('products_price_check', sql`${t.priceCents} > 0`),
    check('products_stock_check', sql`${t.stock} >= 0`),
  ],
);

export const PRODUCT_ORDER_STATUSES = ['pending', 'paid', 'sent', 'delivered', 'cancelled'] as const;
export type ProductOrderStatus = (typeof PRODUCT_ORDER_STATUSES)[number];

/** One member's order of one product piece, paid through its own payment (kind 'product'). */
export const productOrders = pgTable(
  'product_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    status: text('status').$type<ProductOrderStatus>().notNull().default('pending'),
    priceCents: integer('price_cents').notNull(),
    deliveryName: text('delivery_name').notNull(),
    deliveryPhone: text('delivery_phone').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    deliveryCountry: text('delivery_country').notNull(),
    deliveryCity: text('delivery_city').notNull(),
    deliveryPostalCode: text('delivery_postal_code').notNull(),
    deliveryComment: text('delivery_comment').notNull().default(''),
    paidAt: tstz('paid_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_orders_payment_uq').on(t.paymentId),
    index('product_orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('product_orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('product_orders_product_idx').on(t.productId),
    check('product_orders_status_check', sql`${t.status} in ('pending', 'paid', 'sent', 'delivered', 'cancelled')`),
  ],
);
