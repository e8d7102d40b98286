import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt, updatedAt } from './columns.ts';

export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  accountType: text('account_type', { enum: ['Standard', 'Express'] }).notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
});

/** One try to connect a payout account; its `state` travels through the provider and back. */
export const connectAttempts = pgTable(
  'connect_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull().unique(),
    accountType: text('account_type', { enum: ['Standard', 'Express'] }).notNull(),
    /** Express: the account created for onboarding, and the hash of the code its return URL carries. */
    providerAccountId: text('provider_account_id'),
    returnCodeHash: text('return_code_hash'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('connect_attempts_user_idx').on(t.userId, t.createdAt)],
);

/** The sandbox provider's own memory of the codes its consent page issued. */
export const sandboxConnectCodes = pgTable('sandbox_connect_codes', {
  codeHash: text('code_hash').primaryKey(),
  accountId: text('account_id').notNull(),
  accountType: text('account_type', { enum: ['Standard', 'Express'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * The sandbox dashboard's one-time links, as Stripe's Express login links: made for the partner's session by the
 * portal, good for a few minutes, and spent by the one action the page offers (disconnecting the portal).
 */
export const sandboxDashboardLinks = pgTable('sandbox_dashboard_links', {
  linkHash: text('link_hash').primaryKey(),
  accountId: text('account_id').notNull(),
  accountType: text('account_type', { enum: ['Standard', 'Express'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Transfers the sandbox provider made, as Stripe keeps them: one per idempotency key. */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    transferGroup: text('transfer_group').notNull(),
    accountId: text('account_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_transfers_account_idx').on(t.accountId, t.createdAt.desc().nullsFirst())],
);

// placement subscriptions

/** One purchase of a month of AR placement: Processing until the payment provider says how it ended. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    amountCents: integer('amount_cents').notNull(),
    payStatus: text('pay_status', { enum: ['Processing', 'Successed', 'Failed', 'Cancelled'] }).notNull(),
    /** The provider's checkout session; null for a free month. */
    checkoutSessionId: text('checkout_session_id').unique(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    check('subscriptions_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/** Webhook events already handled: a replayed event changes nothing twice. */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/** Checkout sessions of the sandbox provider, as Stripe keeps them. */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  clientReferenceId: text('client_reference_id').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** open → complete (paid or failed) or expired, as Stripe's `status`. */
  status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
  paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'failed'] }).notNull(),
  createdAt: createdAt(),
});
