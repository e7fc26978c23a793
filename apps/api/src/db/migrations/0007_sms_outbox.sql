CREATE TABLE "sms_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_date" timestamp with time zone NOT NULL,
	"last_error" text,
	"failed_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_attempts_check" CHECK ("sms_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_date") WHERE "sms_outbox"."failed_date" is null;