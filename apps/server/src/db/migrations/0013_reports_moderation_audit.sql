CREATE TABLE "audit_events" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_stats" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_stats_day_metric_pk" PRIMARY KEY("day","metric")
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" text PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"action" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"moderator_id" text,
	"first_reported_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"reporter_id" text,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"details" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	CONSTRAINT "reports_status_check" CHECK (status IN ('open', 'resolved'))
);
--> statement-breakpoint
DROP INDEX "products_sitemap_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_newest_idx" ON "audit_events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_decisions_order_idx" ON "moderation_decisions" USING btree ("first_reported_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_unique" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE status = 'open' and reporter_id is not null;--> statement-breakpoint
CREATE INDEX "reports_open_target_idx" ON "reports" USING btree ("target_type","target_id","created_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_decision_idx" ON "reports" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "products_sitemap_idx" ON "products" USING btree ("id") WHERE status <> 'sold' and moderation = 'visible';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_moderation_check" CHECK (moderation IN ('visible', 'hidden', 'removed'));