CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"by" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"answered_at" timestamp (3) with time zone,
	CONSTRAINT "offers_status_check" CHECK (status IN ('open', 'accepted', 'declined', 'countered', 'expired', 'closed')),
	CONSTRAINT "offers_by_check" CHECK (by IN ('buyer', 'seller')),
	CONSTRAINT "offers_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "buyer_requests" ADD COLUMN "agreed_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "accept_offers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_floor_cents" bigint;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_request_id_buyer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."buyer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_request_idx" ON "offers" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open" ON "offers" USING btree ("request_id") WHERE status = 'open';