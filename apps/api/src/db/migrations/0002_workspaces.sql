CREATE TABLE "workspace_role_permissions" (
	"workspace_id" text NOT NULL,
	"role_id" text NOT NULL,
	"permission_key" text NOT NULL,
	CONSTRAINT "workspace_role_permissions_role_id_permission_key_pk" PRIMARY KEY("role_id","permission_key")
);
--> statement-breakpoint
CREATE TABLE "workspace_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"super_access" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_change_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_roles_workspace_id_id_key" UNIQUE("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "workspace_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"slogan" text,
	"description" text,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"social_networks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"role_id" text,
	"invitee_user_id" text,
	"invitee_phone" text,
	"token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"answered_date" timestamp with time zone,
	CONSTRAINT "workspace_invitations_status_check" CHECK ("workspace_invitations"."status" in ('pending', 'accepted', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "workspace_invitations_invitee_check" CHECK ("workspace_invitations"."invitee_user_id" is not null or "workspace_invitations"."invitee_phone" is not null)
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"level" text DEFAULT 'member' NOT NULL,
	"role_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"joined_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_level_check" CHECK ("workspace_members"."level" in ('owner', 'member')),
	CONSTRAINT "workspace_members_status_check" CHECK ("workspace_members"."status" in ('active', 'pending', 'suspended')),
	CONSTRAINT "workspace_members_owner_has_no_role_check" CHECK ("workspace_members"."level" = 'member' or "workspace_members"."role_id" is null)
);
--> statement-breakpoint
CREATE TABLE "workspace_users" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text,
	"phone" text,
	"status" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"birth_date" date,
	"join_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_users_status_check" CHECK ("workspace_users"."status" in ('unregistered', 'unconfirmed', 'pending', 'confirmed', 'suspended')),
	CONSTRAINT "workspace_users_identity_check" CHECK ("workspace_users"."user_id" is not null or "workspace_users"."phone" is not null)
);
--> statement-breakpoint
CREATE TABLE "workspace_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text,
	"phone" text,
	"website" text,
	"fax" text,
	"social_networks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_name" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"logo_image_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_status_check" CHECK ("workspaces"."status" in ('active')),
	CONSTRAINT "workspaces_workspace_name_check" CHECK ("workspaces"."workspace_name" ~ '^[a-z0-9-]{3,40}$')
);
--> statement-breakpoint
ALTER TABLE "workspace_role_permissions" ADD CONSTRAINT "workspace_role_permissions_role_fk" FOREIGN KEY ("workspace_id","role_id") REFERENCES "public"."workspace_roles"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_roles" ADD CONSTRAINT "workspace_roles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_applications" ADD CONSTRAINT "workspace_applications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_role_fk" FOREIGN KEY ("workspace_id","role_id") REFERENCES "public"."workspace_roles"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_role_fk" FOREIGN KEY ("workspace_id","role_id") REFERENCES "public"."workspace_roles"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_users" ADD CONSTRAINT "workspace_users_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_users" ADD CONSTRAINT "workspace_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_profiles" ADD CONSTRAINT "workspace_profiles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_role_permissions_workspace_id_idx" ON "workspace_role_permissions" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_roles_name_key" ON "workspace_roles" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_roles_key_key" ON "workspace_roles" USING btree ("workspace_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_applications_key_key" ON "workspace_applications" USING btree ("workspace_id","key");--> statement-breakpoint
CREATE INDEX "workspace_applications_workspace_id_idx" ON "workspace_applications" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_key" ON "workspace_invitations" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_pending_user_key" ON "workspace_invitations" USING btree ("workspace_id","invitee_user_id") WHERE "workspace_invitations"."status" = 'pending' and "workspace_invitations"."invitee_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_pending_phone_key" ON "workspace_invitations" USING btree ("workspace_id","invitee_phone") WHERE "workspace_invitations"."status" = 'pending' and "workspace_invitations"."invitee_user_id" is null;--> statement-breakpoint
CREATE INDEX "workspace_invitations_invitee_idx" ON "workspace_invitations" USING btree ("invitee_user_id","status");--> statement-breakpoint
CREATE INDEX "workspace_invitations_phone_idx" ON "workspace_invitations" USING btree ("invitee_phone");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_workspace_user_key" ON "workspace_members" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_one_owner_key" ON "workspace_members" USING btree ("workspace_id") WHERE "workspace_members"."level" = 'owner';--> statement-breakpoint
CREATE INDEX "workspace_members_user_id_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workspace_members_role_idx" ON "workspace_members" USING btree ("workspace_id","role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_users_workspace_user_key" ON "workspace_users" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_users_workspace_phone_key" ON "workspace_users" USING btree ("workspace_id","phone") WHERE "workspace_users"."user_id" is null;--> statement-breakpoint
CREATE INDEX "workspace_users_workspace_status_idx" ON "workspace_users" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "workspace_users_user_id_idx" ON "workspace_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_profiles_workspace_id_key" ON "workspace_profiles" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_workspace_name_key" ON "workspaces" USING btree (lower("workspace_name"));