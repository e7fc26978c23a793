DROP INDEX "workspace_applications_workspace_id_idx";--> statement-breakpoint
CREATE INDEX "workspace_applications_workspace_id_id_idx" ON "workspace_applications" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_id_id_idx" ON "workspace_invitations" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "workspace_members_workspace_id_id_idx" ON "workspace_members" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "workspace_users_workspace_id_id_idx" ON "workspace_users" USING btree ("workspace_id","id");