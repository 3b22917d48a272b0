import Stripe from 'stripe';
import type {
  ChargeInput,
  ChargeResult,
  Checkout,
  CheckoutInput,
  PaymentProvider,
  ProviderEvent,
  RefundInput,
} from './types';
import { ProviderError } from './types';

export type StripeOptions = { secretKey: string; webhookSecret: string; apiBase?: string };

/**
 * Stripe through its SDK: Checkout Sessions for payments (the card kept for renewals when asked),
 * off-session PaymentIntents for renewals, and webhooks verified with the endpoint's signing secret.
 * STRIPE_API_BASE points the SDK at another host (tests run a local server speaking Stripe's API).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly opts: StripeOptions) {
    const base = opts.apiBase ? new URL(opts.apiBase) : null;
    this.stripe = new Stripe(opts.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  async createCheckout(input: CheckoutInput): Promise<Checkout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: String(input.paymentId),
        customer_email: input.email,
        customer_creation: 'always',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: input.amountCents, product_data: { name: input.description } },
          },
        ],
        ...(input.saveForFutureUse && { payment_intent_data: { setup_future_usage: 'off_session' as const } }),
        metadata: { payment_id: String(input.paymentId) },
        success_url: input.returnUrl,
        cancel_url: input.returnUrl,
      },
      { idempotencyKey: `atrium-checkout-${input.paymentId}` },
    );
    if (!session.url) throw new ProviderError('Stripe returned a Checkout Session without a URL');
    return { ref: session.id, url: session.url };
  }

  verifyEvent(raw: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent | null {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string') return null;
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(raw, signature, this.opts.webhookSecret);
    } catch {
      return null;
    }
    const base = { id: event.id, type: event.type };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const s = event.data.object;
        if (s.payment_status !== 'paid') return { ...base, outcome: 'ignored' };
        const pi = typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);
        const customer = typeof s.customer === 'string' ? s.customer : (s.customer?.id ?? null);
        return { ...base, outcome: 'paid', ref: s.id, customerRef: customer, paymentMethodRef: pi };
      }
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        return { ...base, outcome: 'failed', ref: event.data.object.id };
      case 'payment_intent.succeeded':
        return { ...base, outcome: 'paid', ref: event.data.object.id, customerRef: null, paymentMethodRef: null };
      case 'payment_intent.payment_failed':
        return { ...base, outcome: 'failed', ref: event.data.object.id };
      default:
        return { ...base, outcome: 'ignored' };
    }
  }

  /** A renewal: the card saved at checkout (found through its PaymentIntent), charged off-session. */
  async chargeSaved(input: ChargeInput): Promise<ChargeResult> {
    if (!input.customerRef || !input.paymentMethodRef) return { ref: `none_${input.paymentId}`, paid: false };
    let method = input.paymentMethodRef;
    if (method.startsWith('pi_')) {
      const pi = await this.stripe.paymentIntents.retrieve(method);
      method = typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? '');
      if (!method) return { ref: `none_${input.paymentId}`, paid: false };
    }
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerRef,
          payment_method: method,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: { payment_id: String(input.paymentId) },
        },
        { idempotencyKey: `atrium-renewal-${input.paymentId}` },
      );
      return { ref: pi.id, paid: pi.status === 'succeeded' };
    } catch (err) {
      // A declined card is an answer, not an outage: the renewal fails and the package ends.
      if (err instanceof Stripe.errors.StripeCardError) {
        const ref =
          (err.raw as { payment_intent?: { id?: string } }).payment_intent?.id ?? `declined_${input.paymentId}`;
        return { ref, paid: false };
      }
      throw err;
    }
  }

  /** A full refund of what the payment captured (its PaymentIntent, found through the session if the event did not name it). */
  async refund(input: RefundInput): Promise<{ ref: string }> {
    let intent = input.captureRef?.startsWith('pi_')
      ? input.captureRef
      : input.ref?.startsWith('pi_')
        ? input.ref
        : null;
    if (!intent && input.ref?.startsWith('cs_')) {
      const session = await this.stripe.checkout.sessions.retrieve(input.ref);
      intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    }
    if (!intent) throw new ProviderError(`nothing to refund for payment ${input.paymentId}`);
    const refund = await this.stripe.refunds.create(
      { payment_intent: intent, metadata: { payment_id: String(input.paymentId) } },
      { idempotencyKey: `atrium-refund-${input.paymentId}` },
    );
    return { ref: refund.id };
  }
}
