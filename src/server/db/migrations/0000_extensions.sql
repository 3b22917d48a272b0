CREATE EXTENSION IF NOT EXISTS citext;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS ltree;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
