CREATE TABLE "package_terms" (
	"package_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "package_terms_pk" PRIMARY KEY("package_id"),
	CONSTRAINT "package_terms_price_check" CHECK ("package_terms"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"logo" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_methods_kind_check" CHECK ("payment_methods"."kind" in ('online', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" integer,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_billing" (
	"user_package_id" integer PRIMARY KEY NOT NULL,
	"months" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"auto_pay" boolean DEFAULT false NOT NULL,
	"renews_id" integer,
	"provider" text,
	"customer_ref" text,
	"payment_method_ref" text
);
--> statement-breakpoint
CREATE TABLE "subscription_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"months" integer NOT NULL,
	CONSTRAINT "subscription_periods_months_check" CHECK ("subscription_periods"."months" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "user_package_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package_terms" ADD CONSTRAINT "package_terms_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_terms" ADD CONSTRAINT "package_terms_period_id_subscription_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."subscription_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_billing" ADD CONSTRAINT "subscription_billing_user_package_id_user_packages_id_fk" FOREIGN KEY ("user_package_id") REFERENCES "public"."user_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_billing" ADD CONSTRAINT "subscription_billing_renews_id_user_packages_id_fk" FOREIGN KEY ("renews_id") REFERENCES "public"."user_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_terms_period_idx" ON "package_terms" USING btree ("period_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_code_uq" ON "payment_methods" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_uq" ON "provider_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "provider_events_payment_idx" ON "provider_events" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_billing_renews_uq" ON "subscription_billing" USING btree ("renews_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_periods_months_uq" ON "subscription_periods" USING btree ("months");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_package_id_user_packages_id_fk" FOREIGN KEY ("user_package_id") REFERENCES "public"."user_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_kind_idx" ON "payments" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_user_paid_idx" ON "payments" USING btree ("user_id","paid_at") WHERE "payments"."state" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_user_package_uq" ON "payments" USING btree ("user_package_id");--> statement-breakpoint
-- The renewal job looks for active packages by their end; the access rule stays in lessons/access.ts.
CREATE INDEX "user_packages_active_end_idx" ON "user_packages" USING btree ("ends_at") WHERE "status" = 'active';--> statement-breakpoint
INSERT INTO "subscription_periods" ("months") VALUES (1), (3), (12) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "payment_methods" ("code", "name", "kind", "instructions", "order") VALUES
  ('card', 'Card', 'online', '', 1),
  ('bank_transfer', 'Bank transfer', 'manual', 'IBAN DE00 0000 0000 0000 0000 00, Atrium School. Reference: your email.', 2)
ON CONFLICT DO NOTHING;
