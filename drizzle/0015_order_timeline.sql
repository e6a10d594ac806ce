CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_kind_valid" CHECK ("order_events"."kind" in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "order_events_tracking_when_shipped" CHECK ("order_events"."kind" = 'shipped' or ("order_events"."carrier" is null and "order_events"."tracking_number" is null and "order_events"."tracking_url" is null)),
	CONSTRAINT "order_events_tracking_url_https" CHECK ("order_events"."tracking_url" is null or "order_events"."tracking_url" like 'https://%')
);
--> statement-breakpoint
CREATE TABLE "order_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_mails_kind_valid" CHECK ("order_mails"."kind" in ('paid', 'shipped', 'delivered', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_mails" ADD CONSTRAINT "order_mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_mails_order_kind_idx" ON "order_mails" USING btree ("order_id","kind");