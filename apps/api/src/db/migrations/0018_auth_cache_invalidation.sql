-- Custom migration (keep it when regenerating): the database tells every API process, on commit, what
-- changed that its in-memory auth cache (src/lib/auth-cache.ts) may hold. `s:<id>` a session was revoked,
-- shortened or deleted; `w:<id>` something of a workspace's memberships, roles, role permissions or the
-- workspace itself changed. Statement-level triggers with transition tables: one message per session or
-- workspace touched, however many rows a statement writes (a restore, a bulk insert).
CREATE FUNCTION wsm_notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('wsm_auth_cache', 's:' || o.id)
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.revoked_date IS DISTINCT FROM n.revoked_date
       OR o.expires_date IS DISTINCT FROM n.expires_date
       OR o.user_id IS DISTINCT FROM n.user_id;
  ELSE
    -- Only sessions that could be cached as alive; housekeeping deletes long-dead ones in bulk.
    PERFORM pg_notify('wsm_auth_cache', 's:' || o.id) FROM old_rows o WHERE o.revoked_date IS NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_sessions_update AFTER UPDATE ON user_sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_sessions_delete AFTER DELETE ON user_sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_sessions();
--> statement-breakpoint
CREATE FUNCTION wsm_notify_workspace_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('wsm_auth_cache', 'w:' || w.workspace_id) FROM (SELECT DISTINCT workspace_id FROM new_rows) w;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('wsm_auth_cache', 'w:' || w.workspace_id) FROM (SELECT DISTINCT workspace_id FROM old_rows) w;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_members_insert AFTER INSERT ON workspace_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_workspace_rows();
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_members_update AFTER UPDATE ON workspace_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_workspace_rows();
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_members_delete AFTER DELETE ON workspace_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_workspace_rows();
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_roles_update AFTER UPDATE ON workspace_roles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_workspace_rows();
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_roles_delete AFTER DELETE ON workspace_roles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_workspace_rows();
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_role_permissions_insert AFTER INSERT ON workspace_role_permissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_workspace_rows();
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_role_permissions_update AFTER UPDATE ON workspace_role_permissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_workspace_rows();
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_role_permissions_delete AFTER DELETE ON workspace_role_permissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_workspace_rows();
--> statement-breakpoint
CREATE FUNCTION wsm_notify_workspaces() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('wsm_auth_cache', 'w:' || o.id)
    FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.status IS DISTINCT FROM n.status;
  ELSE
    PERFORM pg_notify('wsm_auth_cache', 'w:' || o.id) FROM old_rows o;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_workspaces_update AFTER UPDATE ON workspaces
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_workspaces();
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_workspaces_delete AFTER DELETE ON workspaces
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_workspaces();
