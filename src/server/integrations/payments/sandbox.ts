import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  ChargeInput,
  ChargeResult,
  Checkout,
  CheckoutInput,
  PaymentProvider,
  ProviderEvent,
  RefundInput,
} from './types';

const SANDBOX_SIGNATURE_HEADER = 'x-atrium-sandbox-signature';
/** Signed events older than this are refused (replays). */
const TOLERANCE_SECONDS = 300;

type SandboxEventBody = {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  created: number;
  data: { ref: string; customer: string | null };
};

/**
 * The built-in provider: a hosted checkout page served by Atrium itself (the payer confirms or
 * declines), and events signed like a real provider's (HMAC-SHA256 over `<timestamp>.<raw body>`),
 * received through the same webhook endpoint as Stripe's.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  constructor(
    private readonly publicUrl: string,
    private readonly secret: string,
  ) {}

  createCheckout(_input: CheckoutInput): Promise<Checkout> {
    const ref = `sbx_${randomBytes(18).toString('base64url')}`;
    return Promise.resolve({ ref, url: `${this.publicUrl}/api/payments/sandbox/checkout/${ref}/` });
  }

  /** The event the checkout page sends when the payer decides, with its signature header. */
  signedEvent(ref: string, paid: boolean, now = Date.now()): { body: string; signature: string } {
    const event: SandboxEventBody = {
      id: `evt_sbx_${randomBytes(12).toString('base64url')}`,
      type: paid ? 'payment.succeeded' : 'payment.failed',
      created: Math.floor(now / 1000),
      data: { ref, customer: paid ? `cus_sbx_${ref.slice(4, 16)}` : null },
    };
    const body = JSON.stringify(event);
    return { body, signature: this.sign(body, event.created) };
  }

  sign(body: string, timestamp: number): string {
    return `t=${timestamp},v1=${createHmac('sha256', this.secret).update(`${timestamp}.${body}`).digest('hex')}`;
  }

  verifyEvent(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now = Date.now(),
  ): ProviderEvent | null {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof header !== 'string') return null;
    const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
    const ts = Number(parts.t);
    if (!Number.isInteger(ts) || Math.abs(now / 1000 - ts) > TOLERANCE_SECONDS || !parts.v1) return null;
    const want = Buffer.from(createHmac('sha256', this.secret).update(`${ts}.`).update(raw).digest('hex'));
    const got = Buffer.from(parts.v1);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    // Signed, so written by the sandbox (SandboxEventBody); still read as unknown JSON.
    let event: { id?: unknown; type?: unknown; data?: { ref?: unknown; customer?: unknown } | null } | null;
    try {
      event = JSON.parse(raw.toString('utf8')) as typeof event;
    } catch {
      return null;
    }
    if (typeof event?.id !== 'string' || typeof event.data?.ref !== 'string') return null;
    if (event.type === 'payment.succeeded') {
      const customer = event.data.customer;
      return {
        id: event.id,
        type: event.type,
        outcome: 'paid',
        ref: event.data.ref,
        customerRef: typeof customer === 'string' ? customer : null,
        paymentMethodRef: null,
      };
    }
    if (event.type === 'payment.failed')
      return { id: event.id, type: event.type, outcome: 'failed', ref: event.data.ref };
    return { id: event.id, type: String(event.type), outcome: 'ignored' };
  }

  /** The sandbox's saved card always pays; the same payment gives the same charge reference. */
  chargeSaved(input: ChargeInput): Promise<ChargeResult> {
    return Promise.resolve({ ref: `sbx_chg_${input.paymentId}`, paid: true });
  }

  /** Nothing was really taken: the sandbox's refund only names itself. */
  refund(input: RefundInput): Promise<{ ref: string }> {
    return Promise.resolve({ ref: `sbx_rf_${input.paymentId}` });
  }
}
