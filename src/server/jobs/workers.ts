import type { JobWorker } from './index';
import { IMPORT_INVITATIONS_QUEUE, sendImportInvitations } from '../services/imports/invitations';
import { IMPORT_QUEUE, resumeImports, runImport } from '../services/imports/run';
import { ROUTE_LEAD_QUEUE } from '../services/leads/intake';
import { LEAD_SWEEP_QUEUE, routeLead, sweepOffers } from '../services/leads/routing';
import { RECEIPT_QUEUE, REFUND_QUEUE } from '../services/payments/settle';
import { EXPIRE_QUEUE, expireCheckouts } from '../services/payments/checkout';
import { refundPayment } from '../services/payments/refunds';
import { sendReceipt } from '../services/payments/receipts';
import { RENEWAL_QUEUE, runRenewals } from '../services/subscription/renewal';
import { BROADCAST_REMINDERS_QUEUE, sendBroadcastReminders } from '../services/broadcasts/reminders';

/**
 * Every queue the server works, one line per area. Keep each worker's logic in its area's service;
 * a worker must be safe to run twice for the same job (pg-boss retries after a crash).
 */
export const JOB_WORKERS: readonly JobWorker[] = [
  // staff: automatic lead routing (offer a new lead), and the minute sweep of expired offers.
  {
    queue: ROUTE_LEAD_QUEUE,
    batchSize: 4,
    expireInSeconds: 60,
    handle: async (ctx, data: { leadId: number }) => {
      await routeLead(ctx, data.leadId);
    },
  },
  { queue: LEAD_SWEEP_QUEUE, cron: '* * * * *', pollSeconds: 5, handle: async (ctx) => sweepOffers(ctx) },
  // payments: a receipt mail per paid payment; subscription renewals (auto-pay) and expiry every minute.
  // Two receipts per poll; a full batch polls again at once (jobs/index.ts), so a burst of payments drains.
  {
    queue: RECEIPT_QUEUE,
    batchSize: 2,
    expireInSeconds: 60,
    handle: async (ctx, data: { paymentId: number }) => sendReceipt(ctx, data),
  },
  // A payment captured for a book already bought goes back to the payer (settle.ts decides, this calls the provider).
  {
    queue: REFUND_QUEUE,
    expireInSeconds: 120,
    handle: async (ctx, data: { paymentId: number }) => refundPayment(ctx, data),
  },
  // Card checkouts left unpaid past PAYMENT_CHECKOUT_TTL_MINUTES turn canceled (checkout.ts).
  {
    queue: EXPIRE_QUEUE,
    cron: '* * * * *',
    pollSeconds: 5,
    expireInSeconds: 120,
    handle: async (ctx) => {
      await expireCheckouts(ctx);
    },
  },
  {
    queue: RENEWAL_QUEUE,
    cron: '* * * * *',
    pollSeconds: 5,
    handle: async (ctx) => {
      await runRenewals(ctx);
    },
  },
  // imports: one job per started import; a restarted server resumes running imports with the rows not yet committed,
  // and the minute sweep picks up imports whose runner died in another process.
  {
    queue: IMPORT_QUEUE,
    concurrency: 2,
    cron: '* * * * *',
    onStart: resumeImports,
    handle: async (ctx, data: { importId?: number }) =>
      data.importId ? runImport(ctx, data.importId) : resumeImports(ctx),
  },
  // The invitations of imports that asked for them: a few each minute, and a run as an import ends.
  {
    queue: IMPORT_INVITATIONS_QUEUE,
    cron: '* * * * *',
    pollSeconds: 5,
    expireInSeconds: 120,
    handle: async (ctx) => sendImportInvitations(ctx),
  },
  // broadcasts: each minute, the bell (and Telegram) reminds everyone allowed of a broadcast about to start, once per person.
  {
    queue: BROADCAST_REMINDERS_QUEUE,
    cron: '* * * * *',
    pollSeconds: 5,
    expireInSeconds: 120,
    handle: async (ctx) => {
      await sendBroadcastReminders(ctx);
    },
  },
];
