-- The lower-cased text a search of the directory or of the members list tests, kept on the entry and on
-- the membership by triggers, so a broad search walks the page index with one LIKE a row and no lookup
-- of the account (docs/performance.md, "Every list"). The fields are joined by chr(1), so a term matches
-- within one field only (the repositories test a term holding chr(1) field by field as well). The
-- columns are not in schema.ts: no read or archive carries them, and a restore's rows get them here.
ALTER TABLE workspace_users ADD COLUMN search_text text;
--> statement-breakpoint
ALTER TABLE workspace_members ADD COLUMN search_text text;
--> statement-breakpoint
-- A directory entry: its own names over the account's, and the account's names and username only once
-- the person is a member (users/repository.ts masks an invitee's account the same way).
CREATE FUNCTION wsm_directory_search_text(own_first text, own_last text, first_name text, last_name text, username text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(coalesce(own_first, first_name, '')) || chr(1) || lower(coalesce(own_last, last_name, ''))
    || chr(1) || lower(coalesce(username, ''))
$$;
--> statement-breakpoint
-- A membership: the account's full name (which holds each name) and username (members/person-search.ts).
CREATE FUNCTION wsm_member_search_text(first_name text, last_name text, username text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) || chr(1) || lower(coalesce(username, ''))
$$;
--> statement-breakpoint
CREATE FUNCTION wsm_keep_directory_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_first text;
  account_last text;
  account_username text;
BEGIN
  IF NEW.status NOT IN ('unregistered', 'unconfirmed') THEN
    SELECT u.first_name, u.last_name, u.username INTO account_first, account_last, account_username
      FROM users u WHERE u.id = NEW.user_id;
  END IF;
  NEW.search_text := wsm_directory_search_text(NEW.first_name, NEW.last_name, account_first, account_last, account_username);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION wsm_keep_member_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := (SELECT wsm_member_search_text(u.first_name, u.last_name, u.username) FROM users u WHERE u.id = NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- An account's names are shown in every workspace it belongs to.
CREATE FUNCTION wsm_spread_account_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE workspace_users SET search_text = wsm_directory_search_text(first_name, last_name, NEW.first_name, NEW.last_name, NEW.username)
    WHERE user_id = NEW.id AND status NOT IN ('unregistered', 'unconfirmed');
  UPDATE workspace_members SET search_text = wsm_member_search_text(NEW.first_name, NEW.last_name, NEW.username)
    WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE workspace_users d SET search_text = wsm_directory_search_text(d.first_name, d.last_name, u.first_name, u.last_name, u.username)
  FROM users u WHERE u.id = d.user_id AND d.status NOT IN ('unregistered', 'unconfirmed');
--> statement-breakpoint
UPDATE workspace_users SET search_text = wsm_directory_search_text(first_name, last_name, NULL, NULL, NULL)
  WHERE status IN ('unregistered', 'unconfirmed');
--> statement-breakpoint
UPDATE workspace_members m SET search_text = wsm_member_search_text(u.first_name, u.last_name, u.username)
  FROM users u WHERE u.id = m.user_id;
--> statement-breakpoint
CREATE TRIGGER workspace_users_search_text BEFORE INSERT OR UPDATE OF first_name, last_name, status, user_id
  ON workspace_users FOR EACH ROW EXECUTE FUNCTION wsm_keep_directory_search_text();
--> statement-breakpoint
CREATE TRIGGER workspace_members_search_text BEFORE INSERT OR UPDATE OF user_id
  ON workspace_members FOR EACH ROW EXECUTE FUNCTION wsm_keep_member_search_text();
--> statement-breakpoint
CREATE TRIGGER users_search_text AFTER UPDATE OF first_name, last_name, username ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION wsm_spread_account_search_text();
--> statement-breakpoint
-- A narrow search finds its few rows by trigram; a broad one walks the page index (the planner sees the
-- term).
CREATE INDEX workspace_users_search_text_trgm_idx ON workspace_users USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX workspace_members_search_text_trgm_idx ON workspace_members USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- The page orders with the kept text (and, for members, what a page shows of the membership) in the
-- index: a search walks them without reading the table, and a 100-person workspace is walked whole
-- (0.1 ms) where the planner otherwise intersected it with the trigram index's 10,000 broad matches
-- across every workspace (5–11 ms).
CREATE INDEX workspace_users_search_page_idx ON workspace_users (workspace_id, created_date, id) INCLUDE (search_text);
--> statement-breakpoint
CREATE INDEX workspace_members_search_page_idx ON workspace_members (workspace_id, level DESC, joined_date, id)
  INCLUDE (search_text, user_id, role_id, status);
