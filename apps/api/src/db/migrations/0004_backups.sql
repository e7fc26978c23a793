CREATE TABLE "workspace_backups" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"source" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"format_version" integer NOT NULL,
	"counts" jsonb NOT NULL,
	"snapshot_date" timestamp with time zone NOT NULL,
	"archive" "bytea" NOT NULL,
	"created_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_backups_source_check" CHECK ("workspace_backups"."source" in ('created', 'imported', 'pre-restore')),
	CONSTRAINT "workspace_backups_size_check" CHECK ("workspace_backups"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "auth_challenges" DROP CONSTRAINT "auth_challenges_purpose_check";--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD COLUMN "scope" text;--> statement-breakpoint
ALTER TABLE "workspace_backups" ADD CONSTRAINT "workspace_backups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_backups" ADD CONSTRAINT "workspace_backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_backups_workspace_created_idx" ON "workspace_backups" USING btree ("workspace_id","created_date");--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD CONSTRAINT "auth_challenges_purpose_check" CHECK ("auth_challenges"."purpose" in ('signup', 'login', 'recovery', 'password-change', 'email-verify', 'phone-change', 'backup-create', 'backup-restore'));--> statement-breakpoint
-- Hand-written (drizzle-kit does not model storage): zips do not compress, and export reads slices of the archive, which PostgreSQL serves without reading the whole value only when it is stored uncompressed.
ALTER TABLE "workspace_backups" ALTER COLUMN "archive" SET STORAGE EXTERNAL;
