CREATE TABLE "oidc_grants" (
	"grant_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"application_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"client_id" text NOT NULL,
	"session_id" text NOT NULL,
	"first_sign_in_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oidc_grants" ADD CONSTRAINT "oidc_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_grants" ADD CONSTRAINT "oidc_grants_application_id_workspace_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."workspace_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_grants" ADD CONSTRAINT "oidc_grants_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_grants_user_id_idx" ON "oidc_grants" USING btree ("user_id");