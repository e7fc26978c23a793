CREATE TABLE "workspace_list_counts" (
	"workspace_id" text NOT NULL,
	"list" text NOT NULL,
	"key" text NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "workspace_list_counts_workspace_id_list_key_pk" PRIMARY KEY("workspace_id","list","key")
);
--> statement-breakpoint
CREATE INDEX "workspace_roles_page_idx" ON "workspace_roles" USING btree ("workspace_id","created_date","id");--> statement-breakpoint
CREATE INDEX "workspace_invitations_page_idx" ON "workspace_invitations" USING btree ("workspace_id","created_date","id");--> statement-breakpoint
CREATE INDEX "workspace_invitations_pending_expiry_idx" ON "workspace_invitations" USING btree ("workspace_id","expires_date") WHERE "workspace_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "workspace_members_page_idx" ON "workspace_members" USING btree ("workspace_id","level" DESC NULLS LAST,"joined_date","id");--> statement-breakpoint
CREATE INDEX "workspace_users_page_idx" ON "workspace_users" USING btree ("workspace_id","created_date","id");--> statement-breakpoint
CREATE INDEX "workspace_users_status_page_idx" ON "workspace_users" USING btree ("workspace_id","status","created_date","id");