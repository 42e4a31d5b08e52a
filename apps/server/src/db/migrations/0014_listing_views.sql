CREATE TABLE "listing_viewers" (
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "listing_viewers_day_product_id_visitor_pk" PRIMARY KEY("day","product_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "listing_views" (
	"product_id" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "listing_views_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;