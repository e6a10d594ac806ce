ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_valid";--> statement-breakpoint
DROP INDEX "back_in_stock_open_idx";--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD COLUMN "reason" text DEFAULT 'restock' NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "drops_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "pay_on_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'paystack' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collection_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refusal_forgiven" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "drops_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "drop_cap" integer;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pod_max_total" integer DEFAULT 15000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pod_not_first_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "collections_drops_at_idx" ON "collections" USING btree ("drops_at") WHERE "collections"."drops_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_refused_idx" ON "orders" USING btree ("user_id") WHERE "orders"."payment_status" = 'refused';--> statement-breakpoint
CREATE INDEX "products_drops_at_idx" ON "products" USING btree ("drops_at") WHERE "products"."drops_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_open_idx" ON "back_in_stock_requests" USING btree ("product_id","reason","size","color","mailbox") WHERE "back_in_stock_requests"."notified_at" is null;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_reason_valid" CHECK ("back_in_stock_requests"."reason" in ('restock', 'drop'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK ("orders"."payment_method" in ('paystack', 'pay_on_delivery'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_collected_by_valid" CHECK ("orders"."collected_by" is null or "orders"."collected_by" in ('cash', 'pos', 'transfer'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_valid" CHECK ("orders"."payment_status" in ('pending', 'awaiting', 'paid', 'failed', 'abandoned', 'reversed', 'refunded', 'due', 'refused'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_drop_cap_positive" CHECK ("products"."drop_cap" is null or "products"."drop_cap" > 0);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_pod_max_total_positive" CHECK ("store_settings"."pod_max_total" > 0);