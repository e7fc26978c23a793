CREATE TABLE "user_passkey_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"bound_to" text NOT NULL,
	"user_id" text NOT NULL,
	"challenge" text NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_passkey_challenges_purpose_check" CHECK ("user_passkey_challenges"."purpose" in ('registration', 'authentication'))
);
--> statement-breakpoint
CREATE TABLE "user_passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" "bytea" NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_date" timestamp with time zone,
	CONSTRAINT "user_passkeys_counter_check" CHECK ("user_passkeys"."counter" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user_passkey_challenges" ADD CONSTRAINT "user_passkey_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_passkeys" ADD CONSTRAINT "user_passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_passkey_challenges_binding_key" ON "user_passkey_challenges" USING btree ("purpose","bound_to");--> statement-breakpoint
CREATE INDEX "user_passkey_challenges_expires_date_idx" ON "user_passkey_challenges" USING btree ("expires_date");--> statement-breakpoint
CREATE UNIQUE INDEX "user_passkeys_credential_id_key" ON "user_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "user_passkeys_user_id_idx" ON "user_passkeys" USING btree ("user_id");