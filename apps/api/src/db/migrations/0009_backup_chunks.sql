CREATE TABLE "workspace_backup_chunks" (
	"backup_id" text NOT NULL,
	"position" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "workspace_backup_chunks_backup_id_position_pk" PRIMARY KEY("backup_id","position")
);
--> statement-breakpoint
ALTER TABLE "workspace_backup_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "workspace_backup_chunks" ADD CONSTRAINT "workspace_backup_chunks_backup_id_workspace_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."workspace_backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Archives stored whole before move into 1 MiB pieces, in order.
INSERT INTO "workspace_backup_chunks" ("backup_id", "position", "bytes")
  SELECT b."id", g.n, substring(b."archive" from g.n * 1048576 + 1 for 1048576)
  FROM "workspace_backups" b, generate_series(0, (length(b."archive") - 1) / 1048576) AS g(n);--> statement-breakpoint
ALTER TABLE "workspace_backups" DROP COLUMN "archive";
