import type { FastifyRequest } from 'fastify';
import { sendJsonText, type HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { FieldErrors } from '../errors';
import { contentRange, parseSimpleRest } from '../http/simple-rest';
import { listContactDonations } from '../services/payments/contact-donations';
import { createDonation, createManualDonation, listMyDonations, readManualForm } from '../services/payments/donations';
import { receiveWebhook } from '../services/payments/events';
import { listPaymentMethods } from '../services/payments/methods';
import { sandboxCheckoutPage, submitSandboxCheckout } from '../services/payments/sandbox-page';
import {
  approvePayment,
  getStaffPayment,
  listStaffPayments,
  rejectPayment,
  STAFF_PAYMENTS_SORTABLE,
  STAFF_PAYMENT_FILTERS,
  type StaffPaymentFilter,
} from '../services/payments/staff';

/** The text fields of a multipart body (files are drained). */
async function multipartFields(req: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  await malformedIsBadInput(async () => {
    for await (const part of req.parts()) {
      if (part.type === 'file') part.file.resume();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  });
  return fields;
}

/** A broken multipart body (cut off, bad boundary) is the caller's bad input, not a server error. */
async function malformedIsBadInput<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    // Disk errors (they carry a syscall) stay server errors; the multipart reader's own are the body's fault.
    if (err instanceof FieldErrors || (err as { syscall?: string }).syscall) throw err;
    throw FieldErrors.of('non_field_errors', 'invalid_input');
  }
}

export const paymentsHandlers: HandlerTable = {
  listPaymentMethods: async (req) => listPaymentMethods(req.server.ctx, req.lang),
  createDonation: async (req) => {
    const body = req.isMultipart() ? await multipartFields(req) : (req.body as Record<string, unknown>);
    return createDonation(req.server.ctx, signedIn(req), body);
  },
  createManualDonation: async (req, reply) => {
    if (!req.isMultipart()) throw FieldErrors.of('check', 'check_required');
    const form = await malformedIsBadInput(() => readManualForm(req.server.ctx, req.parts()));
    const donation = await createManualDonation(req.server.ctx, signedIn(req), req.lang, form);
    reply.status(201);
    return donation;
  },
  listMyDonations: async (req, reply) =>
    sendJsonText<'listMyDonations'>(reply, await listMyDonations(req.server.ctx, signedIn(req), req.lang, req.query)),
  listContactDonations: async (req) =>
    listContactDonations(req.server.ctx, signedIn(req), req.lang, req.body.user_id, req.query),

  receivePaymentWebhook: async (req) => receiveWebhook(req.server.ctx, req.params.provider, req.rawBody, req.headers),
  getSandboxCheckout: async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return sandboxCheckoutPage(req.server.ctx, req.lang, req.params.ref);
  },
  submitSandboxCheckout: async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return submitSandboxCheckout(req.server.ctx, req.lang, req.params.ref, req.body.action);
  },

  listStaffPayments: async (req, reply) => {
    const w = parseSimpleRest<StaffPaymentFilter>(
      req.query,
      STAFF_PAYMENTS_SORTABLE,
      ['created_at', 'DESC'],
      STAFF_PAYMENT_FILTERS,
    );
    const { rows, total } = await listStaffPayments(req.server.ctx, signedIn(req), req.lang, w);
    contentRange(reply, 'staff/payments', w.offset, rows.length, total);
    return rows;
  },
  getStaffPayment: async (req) => getStaffPayment(req.server.ctx, signedIn(req), req.lang, req.params.id),
  approvePayment: async (req) => approvePayment(req.server.ctx, signedIn(req), req.lang, req.params.id),
  rejectPayment: async (req) => rejectPayment(req.server.ctx, signedIn(req), req.lang, req.params.id, req.body.reason),
};
