-- Issue 40: brand products. A product's purchase is a payment of its own kind ('product'), settled
-- by settle.ts like a book's; the order points at its payment (one each).
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('subscription', 'donation', 'book', 'product'));
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"made_to_order" boolean DEFAULT false NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" > 0),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0)
);
--> statement-breakpoint
CREATE INDEX "products_published_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."is_published";
--> statement-breakpoint
CREATE TABLE "product_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE restrict,
	"payment_id" integer NOT NULL REFERENCES "payments"("id") ON DELETE restrict,
	"status" text DEFAULT 'pending' NOT NULL,
	"price_cents" integer NOT NULL,
	"delivery_name" text NOT NULL,
	"delivery_phone" text NOT NULL,
	"delivery_address" text NOT NULL,
	"delivery_country" text NOT NULL,
	"delivery_city" text NOT NULL,
	"delivery_postal_code" text NOT NULL,
	"delivery_comment" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_orders_status_check" CHECK ("product_orders"."status" in ('pending', 'paid', 'sent', 'delivered', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_orders_payment_uq" ON "product_orders" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "product_orders_user_idx" ON "product_orders" USING btree ("user_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "product_orders_created_idx" ON "product_orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "product_orders_product_idx" ON "product_orders" USING btree ("product_id");
