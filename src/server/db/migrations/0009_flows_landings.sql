CREATE TABLE "flow_daily_stats" (
	"flow_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flow_daily_stats_flow_id_day_pk" PRIMARY KEY("flow_id","day")
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"landing_name" text NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flows_landing_name_check" CHECK ("flows"."landing_name" ~ '^[a-z0-9][a-z0-9_-]{2,63}$')
);
--> statement-breakpoint
CREATE TABLE "landing_elements" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_id" integer NOT NULL,
	"type" text NOT NULL,
	"position" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_elements_type_check" CHECK ("landing_elements"."type" in ('heading', 'text', 'image', 'video', 'button', 'lead_form', 'countdown')),
	CONSTRAINT "landing_elements_position_check" CHECK ("landing_elements"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "flow_daily_stats" ADD CONSTRAINT "flow_daily_stats_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_elements" ADD CONSTRAINT "landing_elements_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flows_landing_name_uq" ON "flows" USING btree ("landing_name");--> statement-breakpoint
CREATE INDEX "flows_owner_idx" ON "flows" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Positions are dense per landing; deferred so one UPDATE can renumber a page (reorder, insert, delete).
ALTER TABLE "landing_elements" ADD CONSTRAINT "landing_elements_flow_position_uq" UNIQUE ("flow_id", "position") DEFERRABLE INITIALLY DEFERRED;
