-- Live broadcasts (issue #40): who may watch, when, the link, an optional recording lesson; reminders sent once per person.
CREATE TABLE "broadcast_reminders" (
	"broadcast_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcast_reminders_pk" PRIMARY KEY("broadcast_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"url" text NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"package_id" integer,
	"recording_lesson_id" integer,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcasts_span_check" CHECK ("broadcasts"."ends_at" > "broadcasts"."starts_at"),
	CONSTRAINT "broadcasts_audience_check" CHECK ("broadcasts"."audience" in ('everyone', 'package', 'staff')),
	CONSTRAINT "broadcasts_package_check" CHECK (("broadcasts"."audience" = 'package') = ("broadcasts"."package_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "broadcast_reminders" ADD CONSTRAINT "broadcast_reminders_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "broadcast_reminders" ADD CONSTRAINT "broadcast_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_recording_lesson_id_lessons_id_fk" FOREIGN KEY ("recording_lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "broadcasts_starts_idx" ON "broadcasts" USING btree ("starts_at","id");
