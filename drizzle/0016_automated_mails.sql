CREATE TABLE "back_in_stock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "abandoned_mail_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "unpaid_reminder_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "unpaid_reminder_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "abandoned_cart_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "abandoned_cart_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "back_in_stock_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "back_in_stock_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_open_idx" ON "back_in_stock_requests" USING btree ("product_id","size","color",lower("email")) WHERE "back_in_stock_requests"."notified_at" is null;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_unpaid_reminder_minutes" CHECK ("store_settings"."unpaid_reminder_minutes" between 10 and 1440);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_abandoned_cart_hours" CHECK ("store_settings"."abandoned_cart_hours" between 1 and 168);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_back_in_stock_minutes" CHECK ("store_settings"."back_in_stock_minutes" between 0 and 1440);