CREATE TABLE "mail_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"mail" jsonb NOT NULL,
	"last_error" text NOT NULL,
	"attempts" integer NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retried_at" timestamp with time zone,
	"retry_job_id" text,
	CONSTRAINT "mail_failures_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE INDEX "mail_failures_open_idx" ON "mail_failures" USING btree ("failed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "mail_failures"."retried_at" is null;