CREATE TABLE "favourite_mailings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"mailed_seq" bigint DEFAULT 0 NOT NULL,
	"pending_seq" bigint,
	"last_mailed_at" timestamp (3) with time zone,
	"due_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "favourite_notices" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favourite_notices_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"old_cents" bigint NOT NULL,
	"new_cents" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"told_price_cents" bigint NOT NULL,
	"told_at" timestamp (3) with time zone,
	"deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_hits" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_search_hits_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"saved_search_id" text NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"filters" jsonb NOT NULL,
	"filters_key" text NOT NULL,
	"label" text NOT NULL,
	"alert" text NOT NULL,
	"q" text,
	"query" "tsquery" GENERATED ALWAYS AS (websearch_to_tsquery('english', coalesce(q, ''))) STORED,
	"category" text,
	"min_cents" bigint,
	"max_cents" bigint,
	"match_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"alerted_seq" bigint DEFAULT 0 NOT NULL,
	"pending_seq" bigint,
	"last_mailed_at" timestamp (3) with time zone,
	"alert_due_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "favourite_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "favourite_mailings" ADD CONSTRAINT "favourite_mailings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_notices" ADD CONSTRAINT "favourite_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourite_notices_user_idx" ON "favourite_notices" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_product_idx" ON "favourites" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "favourites_user_newest_idx" ON "favourites" USING btree ("user_id","created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favourites_product_idx" ON "favourites" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_hits_pair_idx" ON "saved_search_hits" USING btree ("saved_search_id","product_id");--> statement-breakpoint
CREATE INDEX "saved_search_hits_search_seq_idx" ON "saved_search_hits" USING btree ("saved_search_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_filters_idx" ON "saved_searches" USING btree ("user_id","filters_key");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_match_key_idx" ON "saved_searches" USING btree ("match_key");