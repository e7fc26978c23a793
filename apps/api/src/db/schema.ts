// Every module's tables, gathered for Drizzle's relational queries and drizzle-kit.
// A module owns its tables in src/modules/<domain>/schema.ts and is listed here.

export * from '../messaging/schema';
export * from '../modules/access/schema';
export * from '../modules/api-keys/schema';
export * from '../modules/applications/schema';
export * from '../modules/assets/schema';
export * from '../modules/audit/schema';
export * from '../modules/backups/schema';
export * from '../modules/identity/schema';
export * from '../modules/members/schema';
export * from '../modules/notifications/schema';
export * from '../modules/oidc/schema';
export * from '../modules/profile/schema';
export * from '../modules/users/schema';
export * from '../modules/webhooks/schema';
export * from '../modules/workspaces/schema';
