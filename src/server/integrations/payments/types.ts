/** What Atrium asks of a payment provider; the sandbox and Stripe both implement it. */

export type CheckoutInput = {
  paymentId: number;
  amountCents: number;
  /** Shown to the payer, e.g. "Pro (1 month)" or "Donation". */
  description: string;
  email: string;
  /** Where the payer goes back to after paying or declining (an absolute app URL). */
  returnUrl: string;
  /** Keep the payment method for later off-session charges (subscription renewals). */
  saveForFutureUse: boolean;
};

export type Checkout = { ref: string; url: string };

/** A verified provider event, reduced to what changes Atrium's state. */
export type ProviderEvent =
  | {
      id: string;
      type: string;
      outcome: 'paid';
      ref: string;
      customerRef: string | null;
      paymentMethodRef: string | null;
    }
  | { id: string; type: string; outcome: 'failed'; ref: string }
  | { id: string; type: string; outcome: 'ignored' };

export type ChargeInput = {
  paymentId: number;
  amountCents: number;
  description: string;
  customerRef: string | null;
  paymentMethodRef: string | null;
};

export type ChargeResult = { ref: string; paid: boolean };

export type RefundInput = {
  paymentId: number;
  amountCents: number;
  /** The payment's reference (a checkout, or a charge). */
  ref: string | null;
  /** What captured the money, when the event told it (Stripe: the PaymentIntent). */
  captureRef: string | null;
};

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<Checkout>;
  /** The event if the signature over the exact bytes is right, else null. */
  verifyEvent(raw: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent | null;
  /** Charges a saved payment method off-session (renewals); idempotent per payment id. */
  chargeSaved(input: ChargeInput): Promise<ChargeResult>;
  /** Gives a captured payment back in full; idempotent per payment id. Answers the provider's refund id. */
  refund(input: RefundInput): Promise<{ ref: string }>;
}

export class ProviderError extends Error {}
