CREATE TABLE "listing_viewers" (
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"visitor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_views" (
	"product_id" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_viewers_day_product_visitor_idx" ON "listing_viewers" USING btree ("day","product_id","visitor");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_views_product_day_idx" ON "listing_views" USING btree ("product_id","day");