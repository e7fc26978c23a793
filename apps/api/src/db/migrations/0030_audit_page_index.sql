DROP INDEX "access_audit_workspace_created_idx";--> statement-breakpoint
CREATE INDEX "access_audit_page_idx" ON "access_audit" USING btree ("workspace_id","created_date","id");