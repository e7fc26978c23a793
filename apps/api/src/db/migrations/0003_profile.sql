CREATE TABLE "announcements" (
	"id" text PRIMARY KEY NOT NULL,
	"title_fa" text NOT NULL,
	"title_en" text NOT NULL,
	"body_fa" text,
	"body_en" text,
	"link" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_title_check" CHECK (length("announcements"."title_fa") > 0 and length("announcements"."title_en") > 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"read_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"gender" text,
	"birth_date" date,
	"language" text,
	"image_id" text,
	"mode" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_profiles_gender_check" CHECK ("user_profiles"."gender" is null or "user_profiles"."gender" in ('male', 'female')),
	CONSTRAINT "user_profiles_language_check" CHECK ("user_profiles"."language" is null or "user_profiles"."language" in ('persian', 'english', 'arabic')),
	CONSTRAINT "user_profiles_mode_check" CHECK ("user_profiles"."mode" is null or "user_profiles"."mode" in ('light', 'dark'))
);
--> statement-breakpoint
ALTER TABLE "auth_challenges" DROP CONSTRAINT "auth_challenges_purpose_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_date");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_date" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_profiles_user_id_key" ON "user_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_challenges_user_purpose_idx" ON "auth_challenges" USING btree ("user_id","purpose");--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD CONSTRAINT "auth_challenges_purpose_check" CHECK ("auth_challenges"."purpose" in ('signup', 'login', 'recovery', 'password-change', 'email-verify', 'phone-change'));