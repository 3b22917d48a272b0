CREATE TABLE "lead_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"consultant_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "lead_offers_status_check" CHECK ("lead_offers"."status" in ('open', 'accepted', 'expired', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "lead_routing" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"pass" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "status_from" text;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "status_to" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "messages_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_offers" ADD CONSTRAINT "lead_offers_lead_id_users_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_offers" ADD CONSTRAINT "lead_offers_consultant_id_users_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_routing" ADD CONSTRAINT "lead_routing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_offers_open_uq" ON "lead_offers" USING btree ("lead_id") WHERE "lead_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "lead_offers_consultant_idx" ON "lead_offers" USING btree ("consultant_id","offered_at");--> statement-breakpoint
CREATE INDEX "lead_offers_expiry_idx" ON "lead_offers" USING btree ("expires_at") WHERE "lead_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_owner_completed_idx" ON "tasks" USING btree ("owner_id","completed_at","type","start_at","end_at","linked_user_id") WHERE "tasks"."status" = 'completed';