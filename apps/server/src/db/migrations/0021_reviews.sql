CREATE TABLE "review_windows" (
	"request_id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"product_image" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closes_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"author_id" text,
	"subject_id" text NOT NULL,
	"role" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"product_image" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp (3) with time zone,
	"reply_text" text,
	"reply_at" timestamp (3) with time zone,
	CONSTRAINT "reviews_rating_check" CHECK (rating BETWEEN 1 AND 5),
	CONSTRAINT "reviews_status_check" CHECK (status IN ('pending', 'published')),
	CONSTRAINT "reviews_role_check" CHECK (role IN ('seller', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "user_ratings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seller_sum" integer DEFAULT 0 NOT NULL,
	"seller_count" integer DEFAULT 0 NOT NULL,
	"buyer_sum" integer DEFAULT 0 NOT NULL,
	"buyer_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_requests" ADD COLUMN "seller_answered_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_request_role_unique" ON "reviews" USING btree ("request_id","role");--> statement-breakpoint
CREATE INDEX "reviews_subject_published_idx" ON "reviews" USING btree ("subject_id","role","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "products_seller_newest_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);