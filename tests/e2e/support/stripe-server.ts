import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP server that answers the few Stripe API calls Atrium makes (Checkout Sessions,
 * PaymentIntents) in Stripe's own wire format, so the real `stripe` SDK code path runs in tests.
 * It also builds webhook events signed the way Stripe signs them.
 */
export type StripeSession = {
  id: string;
  amount: number;
  clientReferenceId: string;
  successUrl: string;
  setupFutureUsage: string | null;
  paymentIntent: string;
  customer: string;
};
export type StripeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: URLSearchParams;
};

export class LocalStripe {
  readonly sessions = new Map<string, StripeSession>();
  readonly requests: StripeRequest[] = [];
  /** Off-session charges of these customers are declined (card_declined). */
  readonly declining = new Set<string>();
  /** Refunds made (POST /v1/refunds), one per idempotency key. */
  readonly refunds: Array<{ id: string; paymentIntent: string; idempotencyKey: string | undefined }> = [];
  private server: http.Server | null = null;
  url = '';

  constructor(readonly webhookSecret = `whsec_${randomBytes(12).toString('hex')}`) {}

  async start(port = 0): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      if (this.server)
        this.server.close(() => {
          resolve();
        });
      else resolve();
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const path = (req.url ?? '').split('?')[0]!;
    this.requests.push({
      method: req.method ?? '',
      path,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      authorization: req.headers.authorization,
      form,
    });
    const send = (status: number, body: object) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      res.end(JSON.stringify(body));
    };
    if (!req.headers.authorization?.startsWith('Bearer sk_')) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const s: StripeSession = {
        id,
        amount: Number(form.get('line_items[0][price_data][unit_amount]')),
        clientReferenceId: form.get('client_reference_id') ?? '',
        successUrl: form.get('success_url') ?? '',
        setupFutureUsage: form.get('payment_intent_data[setup_future_usage]'),
        paymentIntent: `pi_${randomBytes(10).toString('hex')}`,
        customer: `cus_${randomBytes(8).toString('hex')}`,
      };
      this.sessions.set(id, s);
      send(200, {
        id,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'unpaid',
        status: 'open',
        amount_total: s.amount,
        currency: 'usd',
        url: `${this.url}/pay/${id}`,
        client_reference_id: s.clientReferenceId,
      });
      return;
    }
    const cs = /^\/v1\/checkout\/sessions\/(cs_test_\w+)$/.exec(path);
    if (req.method === 'GET' && cs) {
      const s = this.sessions.get(cs[1]!);
      if (!s) {
        send(404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${cs[1]}'` } });
        return;
      }
      send(200, {
        id: s.id,
        object: 'checkout.session',
        mode: 'payment',
        payment_intent: s.paymentIntent,
        customer: s.customer,
        client_reference_id: s.clientReferenceId,
      });
      return;
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      // The same idempotency key answers the same refund, as Stripe does.
      const key = req.headers['idempotency-key'] as string | undefined;
      const known = key ? this.refunds.find((r) => r.idempotencyKey === key) : undefined;
      const refund = known ?? {
        id: `re_${randomBytes(10).toString('hex')}`,
        paymentIntent: form.get('payment_intent') ?? '',
        idempotencyKey: key,
      };
      if (!known) this.refunds.push(refund);
      send(200, {
        id: refund.id,
        object: 'refund',
        status: 'succeeded',
        payment_intent: refund.paymentIntent,
        currency: 'usd',
      });
      return;
    }
    const pi = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path);
    if (req.method === 'GET' && pi) {
      send(200, { id: pi[1], object: 'payment_intent', status: 'succeeded', payment_method: 'pm_card_visa' });
      return;
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${randomBytes(10).toString('hex')}`;
      const customer = form.get('customer') ?? '';
      if (this.declining.has(customer)) {
        send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined.',
            payment_intent: { id, object: 'payment_intent', status: 'requires_payment_method' },
          },
        });
        return;
      }
      send(200, {
        id,
        object: 'payment_intent',
        status: 'succeeded',
        amount: Number(form.get('amount')),
        currency: 'usd',
        customer,
        payment_method: form.get('payment_method'),
      });
      return;
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
    });
  }

  /** A `checkout.session.completed` event for a session, as JSON text. */
  completedEvent(sessionId: string, eventId = `evt_${randomBytes(12).toString('hex')}`): string {
    const s = this.sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    return JSON.stringify(
      {
        id: eventId,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        type: 'checkout.session.completed',
        livemode: false,
        pending_webhooks: 1,
        data: {
          object: {
            id: s.id,
            object: 'checkout.session',
            mode: 'payment',
            status: 'complete',
            payment_status: 'paid',
            amount_total: s.amount,
            currency: 'usd',
            client_reference_id: s.clientReferenceId,
            customer: s.customer,
            payment_intent: s.paymentIntent,
          },
        },
      },
      null,
      2,
    );
  }

  /** The Stripe-Signature header for a payload, signed with this endpoint's secret (or another one). */
  sign(payload: string, secret = this.webhookSecret): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret });
  }
}
