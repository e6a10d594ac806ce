ALTER TABLE "products" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "logo" jsonb;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "delivery_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "last_backup_at" timestamp with time zone;