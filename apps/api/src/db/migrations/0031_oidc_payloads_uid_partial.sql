DROP INDEX "oidc_payloads_uid_idx";--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid") WHERE "oidc_payloads"."uid" is not null;