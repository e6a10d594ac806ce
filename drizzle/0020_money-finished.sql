CREATE TABLE "admin_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "admin_invitations_email_lowercase" CHECK ("admin_invitations"."email" = lower("admin_invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "form_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"client_key" text NOT NULL,
	"mailbox" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_redemptions" DROP CONSTRAINT "promo_redemptions_state_valid";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_valid";--> statement-breakpoint
DROP INDEX "back_in_stock_open_idx";--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
-- Hand-written: requests made before confirmation existed keep working (as confirmed), compared by mailbox
-- (lowercased, plus-tag removed); of two open requests for one mailbox and variant the older stays.
UPDATE "back_in_stock_requests" SET "mailbox" = lower(regexp_replace("email", '\+[^@]*@', '@')), "confirmed_at" = "created_at";--> statement-breakpoint
DELETE FROM "back_in_stock_requests" r USING "back_in_stock_requests" o
  WHERE r."notified_at" IS NULL AND o."notified_at" IS NULL AND o."id" < r."id" AND o."product_id" = r."product_id"
  AND o."size" = r."size" AND o."color" = r."color" AND o."mailbox" = r."mailbox";--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ALTER COLUMN "mailbox" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "amount" bigint;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "reversed_amount" bigint;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "evidence_id" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "evidence" jsonb;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "uploaded_file" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "awaiting_channel" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fees" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "customer_note" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "check_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "customer_details" jsonb;--> statement-breakpoint
CREATE INDEX "admin_invitations_email_idx" ON "admin_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "form_attempts_client_idx" ON "form_attempts" USING btree ("form","client_key","created_at");--> statement-breakpoint
CREATE INDEX "form_attempts_mailbox_idx" ON "form_attempts" USING btree ("form","mailbox","created_at");--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_open_idx" ON "back_in_stock_requests" USING btree ("product_id","size","color","mailbox") WHERE "back_in_stock_requests"."notified_at" is null;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_confirm_token_hash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_accepted_with_user" CHECK ("admins"."accepted_at" is null or "admins"."user_id" is not null);--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_answer_valid" CHECK ("disputes"."answer" is null or "disputes"."answer" in ('accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_state_valid" CHECK ("promo_redemptions"."state" in ('reserved', 'used', 'released', 'over-limit'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_valid" CHECK ("refunds"."status" in ('requesting', 'no-answer', 'pending', 'processing', 'needs-attention', 'processed', 'failed'));