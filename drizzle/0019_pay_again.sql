CREATE TABLE "replaced_payment_references" (
	"reference" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_pending_payment_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Orders placed before this took their stock when they were placed.
UPDATE "orders" SET "reserved_at" = "created_at";--> statement-breakpoint
ALTER TABLE "replaced_payment_references" ADD CONSTRAINT "replaced_payment_references_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replaced_payment_references_order_idx" ON "replaced_payment_references" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_pending_payment_idx" ON "orders" USING btree ("reserved_at") WHERE "orders"."payment_status" = 'pending';