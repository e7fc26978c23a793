CREATE TABLE "auth_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text,
	"phone" text,
	"national_code" text,
	"channel" text DEFAULT 'sms' NOT NULL,
	"destination" text,
	"code_hash" text,
	"code_expires_date" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_sent_date" timestamp with time zone,
	"sends" integer DEFAULT 0 NOT NULL,
	"verified_date" timestamp with time zone,
	"consumed_date" timestamp with time zone,
	"expires_date" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_challenges_purpose_check" CHECK ("auth_challenges"."purpose" in ('signup', 'login', 'recovery')),
	CONSTRAINT "auth_challenges_channel_check" CHECK ("auth_challenges"."channel" in ('sms', 'email')),
	CONSTRAINT "auth_challenges_attempts_check" CHECK ("auth_challenges"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_session_rotated_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"rotated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"ip_address" text NOT NULL,
	"agent" text NOT NULL,
	"platform" text NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"revoked_date" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "user_sessions_revoked_reason_check" CHECK ("user_sessions"."revoked_reason" is null or "user_sessions"."revoked_reason" in ('logout', 'revoked', 'refresh-replay', 'password-reset', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"national_code" text,
	"username" text,
	"password_hash" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"preferred_two_fa_method" text DEFAULT 'sms' NOT NULL,
	"language" text DEFAULT 'persian' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'suspended', 'unverified')),
	CONSTRAINT "users_two_fa_method_check" CHECK ("users"."preferred_two_fa_method" in ('sms', 'email')),
	CONSTRAINT "users_language_check" CHECK ("users"."language" in ('persian', 'english')),
	CONSTRAINT "users_phone_format_check" CHECK ("users"."phone" ~ '^09[0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD CONSTRAINT "auth_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_session_rotated_tokens" ADD CONSTRAINT "user_session_rotated_tokens_session_id_user_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."user_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_challenges_token_hash_key" ON "auth_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_challenges_expires_date_idx" ON "auth_challenges" USING btree ("expires_date");--> statement-breakpoint
CREATE INDEX "user_session_rotated_tokens_session_id_idx" ON "user_session_rotated_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_sessions_refresh_token_hash_key" ON "user_sessions" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "user_sessions_user_id_idx" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_national_code_key" ON "users" USING btree ("national_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));