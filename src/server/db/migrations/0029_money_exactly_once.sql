-- Money exactly once (issue 24). An online checkout for an item (a book, a package) carries its
-- item key; at most one of a member's checkouts per item is open (pending) at a time, so concurrent
-- purchases answer with the same checkout (services/payments/checkout.ts). Earlier pending payments
-- keep a null key: they stay payable, and a late capture is kept or refunded (payments/settle.ts).
ALTER TABLE "payments" ADD COLUMN "checkout_key" text;--> statement-breakpoint
-- The provider's page of the checkout, answered again to a repeated purchase.
ALTER TABLE "payments" ADD COLUMN "checkout_url" text;--> statement-breakpoint
-- The request that opens the provider's checkout claims it; others wait for its URL.
ALTER TABLE "payments" ADD COLUMN "checkout_claimed_at" timestamp with time zone;--> statement-breakpoint
-- A captured payment for what the member already had: state 'refunded', the provider's refund id once done.
ALTER TABLE "payments" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_checkout_uq" ON "payments" USING btree ("user_id","checkout_key") WHERE "payments"."state" = 'pending' and "payments"."checkout_key" is not null;--> statement-breakpoint
-- The refund job's sweep finds refunds not yet made at the provider.
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."state" = 'refunded' and "payments"."refund_ref" is null;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_state_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('pending', 'paid', 'canceled', 'failed', 'refunded'));
