CREATE TABLE "delivery_zones" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"states" text[] NOT NULL,
	"towns" text[] DEFAULT '{}'::text[] NOT NULL,
	"fee" integer NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_fee_non_negative" CHECK ("delivery_zones"."fee" >= 0),
	CONSTRAINT "delivery_zones_days" CHECK ("delivery_zones"."min_days" between 1 and "delivery_zones"."max_days"),
	CONSTRAINT "delivery_zones_has_states" CHECK (cardinality("delivery_zones"."states") > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_days_min" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_days_max" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_hours" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "delivery_days_min" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "delivery_days_max" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "free_delivery_over" integer;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pickup_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pickup_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pickup_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pickup_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pickup_days_min" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pickup_days_max" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_method_valid" CHECK ("orders"."delivery_method" in ('delivery', 'pickup'));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_delivery_days" CHECK ("store_settings"."delivery_days_min" between 1 and "store_settings"."delivery_days_max");--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_free_delivery_positive" CHECK ("store_settings"."free_delivery_over" is null or "store_settings"."free_delivery_over" > 0);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_pickup_fee_non_negative" CHECK ("store_settings"."pickup_fee" >= 0);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_pickup_days" CHECK ("store_settings"."pickup_days_min" between 1 and "store_settings"."pickup_days_max");