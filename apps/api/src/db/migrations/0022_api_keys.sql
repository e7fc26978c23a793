CREATE TABLE "workspace_api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"created_by_user_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone,
	"last_used_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workspace_api_keys" ADD CONSTRAINT "workspace_api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_api_keys" ADD CONSTRAINT "workspace_api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_api_keys_key_hash_key" ON "workspace_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "workspace_api_keys_workspace_id_id_idx" ON "workspace_api_keys" USING btree ("workspace_id","id");--> statement-breakpoint
-- Custom (keep it when regenerating): tell every process's auth cache (src/lib/auth-cache.ts) to forget a
-- key that was revoked (deleted) or changed: `k:<key hash>`, as migration 0018 does for sessions.
CREATE FUNCTION wsm_notify_api_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Not for last_used_date, which moves every minute a key is used.
    PERFORM pg_notify('wsm_auth_cache', 'k:' || o.key_hash)
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.key_hash, o.permissions, o.expires_date, o.created_by_user_id, o.workspace_id)
      IS DISTINCT FROM (n.key_hash, n.permissions, n.expires_date, n.created_by_user_id, n.workspace_id);
  ELSE
    PERFORM pg_notify('wsm_auth_cache', 'k:' || o.key_hash) FROM old_rows o;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_api_keys_update AFTER UPDATE ON workspace_api_keys
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_api_keys();
--> statement-breakpoint
CREATE TRIGGER wsm_auth_cache_api_keys_delete AFTER DELETE ON workspace_api_keys
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wsm_notify_api_keys();
