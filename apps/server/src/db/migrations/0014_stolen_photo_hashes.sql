CREATE TABLE "listing_photos" (
	"product_id" text NOT NULL,
	"image_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL,
	"uploaded_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_matches" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"image_id" text NOT NULL,
	"other_product_id" text NOT NULL,
	"other_image_id" text NOT NULL,
	"distance" integer NOT NULL,
	"mirrored" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "phash_mirror" bigint;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_matches" ADD CONSTRAINT "photo_matches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_matches" ADD CONSTRAINT "photo_matches_other_product_id_products_id_fk" FOREIGN KEY ("other_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_photos_pair_idx" ON "listing_photos" USING btree ("product_id","image_id");--> statement-breakpoint
CREATE INDEX "listing_photos_image_idx" ON "listing_photos" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "listing_photos_band0_idx" ON "listing_photos" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "listing_photos_band1_idx" ON "listing_photos" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "listing_photos_band2_idx" ON "listing_photos" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "listing_photos_band3_idx" ON "listing_photos" USING btree ("band3");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_matches_pair_idx" ON "photo_matches" USING btree ("product_id","image_id","other_product_id","other_image_id");--> statement-breakpoint
CREATE INDEX "photo_matches_other_product_idx" ON "photo_matches" USING btree ("other_product_id");