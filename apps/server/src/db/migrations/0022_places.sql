CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"region" text,
	"country" text NOT NULL,
	"country_code" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"population" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "near_lat" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "near_lng" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "radius_km" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "place_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "place_country_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "place_lat" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "place_lng" double precision;--> statement-breakpoint
CREATE INDEX "places_key_idx" ON "places" USING btree ("key" text_pattern_ops,"population" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "places_lat_lng_idx" ON "places" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "products_place_idx" ON "products" USING btree ("place_id","id");