-- Custom migration (keep it when regenerating): tell every process's auth cache (src/lib/auth-cache.ts) to
-- forget an OpenID Connect client whose sign-in settings changed or went (with its application or
-- workspace too, by the cascade): `c:<client id>`, as migration 0018 does for sessions. Only existing,
-- enabled clients are kept, so a new row needs no message.
CREATE FUNCTION wsm_notify_sign_in_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wsm_auth_cache', 'c:' || c.client_id) FROM (SELECT DISTINCT client_id FROM old_rows) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_sign_in_update AFTER UPDATE ON application_sign_in
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_sign_in_clients();
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_sign_in_delete AFTER DELETE ON application_sign_in
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_sign_in_clients();
