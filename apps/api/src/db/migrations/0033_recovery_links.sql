ALTER TABLE "auth_challenges" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD COLUMN "link_expires_date" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_challenges_link_hash_key" ON "auth_challenges" USING btree ("link_hash") WHERE "auth_challenges"."link_hash" is not null;