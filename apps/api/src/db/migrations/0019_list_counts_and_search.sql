-- Custom migration (keep it when regenerating). Lists that stay flat at 100,000 members (issue 15 item 2):
-- 1. trigram indexes (pg_trgm, on PostgreSQL and on PGlite, which loads the extension in db/client.ts) for
--    the searches, which match anywhere in a name (ILIKE '%…%'); the expressions are the ones the queries use;
--    fastupdate off, so a search never scans a long list of pending entries after a bulk insert;
-- 2. workspace_list_counts kept by statement-level triggers in the same transaction as the rows, so a page's
--    total is read, not counted, and the last page can be read backwards from it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX users_first_name_trgm_idx ON users USING gin ((coalesce(first_name, '')) gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX users_last_name_trgm_idx ON users USING gin ((coalesce(last_name, '')) gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX users_username_trgm_idx ON users USING gin ((coalesce(username, '')) gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX users_full_name_trgm_idx ON users USING gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX workspace_users_first_name_trgm_idx ON workspace_users USING gin (first_name gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX workspace_users_last_name_trgm_idx ON workspace_users USING gin (last_name gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX workspace_invitations_username_trgm_idx ON workspace_invitations USING gin ((coalesce(invitee_username, '')) gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE FUNCTION wsm_count_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- workspace_members: all, and by role; one upsert per statement, rows in key order (no deadlock between two writers).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workspace_list_counts (workspace_id, list, key, rows)
    SELECT c.workspace_id, c.list, c.key, sum(c.d) FROM (
      SELECT workspace_id, 'members' AS list, '' AS key, 1 AS d FROM new_rows
      UNION ALL SELECT workspace_id, 'members-by-role' AS list, coalesce(role_id, '') AS key, 1 AS d FROM new_rows
    ) c
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = c.workspace_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, list, key) DO UPDATE SET rows = workspace_list_counts.rows + excluded.rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO workspace_list_counts (workspace_id, list, key, rows)
    SELECT c.workspace_id, c.list, c.key, sum(c.d) FROM (
      SELECT workspace_id, 'members' AS list, '' AS key, -1 AS d FROM old_rows
      UNION ALL SELECT workspace_id, 'members-by-role' AS list, coalesce(role_id, '') AS key, -1 AS d FROM old_rows
    ) c
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = c.workspace_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, list, key) DO UPDATE SET rows = workspace_list_counts.rows + excluded.rows;
  ELSE
    INSERT INTO workspace_list_counts (workspace_id, list, key, rows)
    SELECT c.workspace_id, c.list, c.key, sum(c.d) FROM (
      SELECT workspace_id, 'members' AS list, '' AS key, -1 AS d FROM old_rows
      UNION ALL SELECT workspace_id, 'members-by-role' AS list, coalesce(role_id, '') AS key, -1 AS d FROM old_rows
      UNION ALL SELECT workspace_id, 'members' AS list, '' AS key, 1 AS d FROM new_rows
      UNION ALL SELECT workspace_id, 'members-by-role' AS list, coalesce(role_id, '') AS key, 1 AS d FROM new_rows
    ) c
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = c.workspace_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, list, key) DO UPDATE SET rows = workspace_list_counts.rows + excluded.rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workspace_members_count_insert AFTER INSERT ON workspace_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_count_members();
--> statement-breakpoint
CREATE TRIGGER workspace_members_count_update AFTER UPDATE ON workspace_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_count_members();
--> statement-breakpoint
CREATE TRIGGER workspace_members_count_delete AFTER DELETE ON workspace_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_count_members();
--> statement-breakpoint
CREATE FUNCTION wsm_count_directory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- workspace_users: by status; one upsert per statement, rows in key order (no deadlock between two writers).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workspace_list_counts (workspace_id, list, key, rows)
    SELECT c.workspace_id, c.list, c.key, sum(c.d) FROM (
      SELECT workspace_id, 'users' AS list, status AS key, 1 AS d FROM new_rows
    ) c
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = c.workspace_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, list, key) DO UPDATE SET rows = workspace_list_counts.rows + excluded.rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO workspace_list_counts (workspace_id, list, key, rows)
    SELECT c.workspace_id, c.list, c.key, sum(c.d) FROM (
      SELECT workspace_id, 'users' AS list, status AS key, -1 AS d FROM old_rows
    ) c
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = c.workspace_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, list, key) DO UPDATE SET rows = workspace_list_counts.rows + excluded.rows;
  ELSE
    INSERT INTO workspace_list_counts (workspace_id, list, key, rows)
    SELECT c.workspace_id, c.list, c.key, sum(c.d) FROM (
      SELECT workspace_id, 'users' AS list, status AS key, -1 AS d FROM old_rows
      UNION ALL SELECT workspace_id, 'users' AS list, status AS key, 1 AS d FROM new_rows
    ) c
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = c.workspace_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, list, key) DO UPDATE SET rows = workspace_list_counts.rows + excluded.rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workspace_users_count_insert AFTER INSERT ON workspace_users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_count_directory();
--> statement-breakpoint
CREATE TRIGGER workspace_users_count_update AFTER UPDATE ON workspace_users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_count_directory();
--> statement-breakpoint
CREATE TRIGGER workspace_users_count_delete AFTER DELETE ON workspace_users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_count_directory();
--> statement-breakpoint
CREATE FUNCTION wsm_count_invitations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- workspace_invitations: all; one upsert per statement, rows in key order (no deadlock between two writers).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workspace_list_counts (workspace_id, list, key, rows)
    SELECT c.workspace_id, c.list, c.key, sum(c.d) FROM (
      SELECT workspace_id, 'invitations' AS list, '' AS key, 1 AS d FROM new_rows
    ) c
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = c.workspace_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, list, key) DO UPDATE SET rows = workspace_list_counts.rows + excluded.rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO workspace_list_counts (workspace_id, list, key, rows)
    SELECT c.workspace_id, c.list, c.key, sum(c.d) FROM (
      SELECT workspace_id, 'invitations' AS list, '' AS key, -1 AS d FROM old_rows
    ) c
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = c.workspace_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, list, key) DO UPDATE SET rows = workspace_list_counts.rows + excluded.rows;
  ELSE
    INSERT INTO workspace_list_counts (workspace_id, list, key, rows)
    SELECT c.workspace_id, c.list, c.key, sum(c.d) FROM (
      SELECT workspace_id, 'invitations' AS list, '' AS key, -1 AS d FROM old_rows
      UNION ALL SELECT workspace_id, 'invitations' AS list, '' AS key, 1 AS d FROM new_rows
    ) c
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = c.workspace_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, list, key) DO UPDATE SET rows = workspace_list_counts.rows + excluded.rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workspace_invitations_count_insert AFTER INSERT ON workspace_invitations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_count_invitations();
--> statement-breakpoint
CREATE TRIGGER workspace_invitations_count_update AFTER UPDATE ON workspace_invitations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_count_invitations();
--> statement-breakpoint
CREATE TRIGGER workspace_invitations_count_delete AFTER DELETE ON workspace_invitations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_count_invitations();
--> statement-breakpoint
CREATE FUNCTION wsm_forget_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM workspace_list_counts c USING old_rows o WHERE c.workspace_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workspaces_forget_list_counts AFTER DELETE ON workspaces
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_forget_list_counts();
--> statement-breakpoint
INSERT INTO workspace_list_counts (workspace_id, list, key, rows)
SELECT workspace_id, 'members', '', count(*) FROM workspace_members GROUP BY 1
UNION ALL SELECT workspace_id, 'members-by-role', coalesce(role_id, ''), count(*) FROM workspace_members GROUP BY 1, 3
UNION ALL SELECT workspace_id, 'users', status, count(*) FROM workspace_users GROUP BY 1, 3
UNION ALL SELECT workspace_id, 'invitations', '', count(*) FROM workspace_invitations GROUP BY 1;
