import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { roles } from '../access/schema';
import { users } from '../identity/schema';
import { workspaces } from '../workspaces/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const memberLevels = ['owner', 'member'] as const;
export type MemberLevel = (typeof memberLevels)[number];
/** Mirrors the member's workspace user status: confirmed → active; pending and suspended keep it out. */
export const memberStatuses = ['active', 'pending', 'suspended'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** Invitations expire 7 days after they are sent. */
export const invitationLifetimeDays = 7;

/** Who belongs to which workspace, at which level and with which role. One owner per workspace. */
export const members = pgTable(
  'workspace_members',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level', { enum: memberLevels }).notNull().default('member'),
    roleId: text('role_id'),
    status: text('status', { enum: memberStatuses }).notNull().default('active'),
    joinedDate: timestamptz('joined_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspace_members_workspace_user_key').on(t.workspaceId, t.userId),
    uniqueIndex('workspace_members_one_owner_key').on(t.workspaceId).where(sql`${t.level} = 'owner'`),
    index('workspace_members_user_id_idx').on(t.userId),
    index('workspace_members_role_idx').on(t.workspaceId, t.roleId),
    // Backups read a workspace's rows in id order, a page at a time (backups/repository.ts).
    index('workspace_members_workspace_id_id_idx').on(t.workspaceId, t.id),
    // The page order (owner first: 'owner' > 'member', then by joining); read backwards for late pages.
    index('workspace_members_page_idx').on(t.workspaceId, t.level.desc(), t.joinedDate, t.id),
    foreignKey({
      columns: [t.workspaceId, t.roleId],
      foreignColumns: [roles.workspaceId, roles.id],
      name: 'workspace_members_role_fk',
    }),
    check('workspace_members_level_check', sql`${t.level} in ('owner', 'member')`),
    check('workspace_members_status_check', sql`${t.status} in ('active', 'pending', 'suspended')`),
    check('workspace_members_owner_has_no_role_check', sql`${t.level} = 'member' or ${t.roleId} is null`),
  ],
);

export const invitationStatusValues = ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] as const;

/**
 * Invitations. The invitee is an account (inviteeUserId) or, for a phone, national code or username no
 * account holds yet, that value alone; the account that later gets it (sign-up, or setting a username or
 * national code) is given the invitation. The value the inviter typed is kept either way (the phone,
 * national code or lower-case username), and the workspace is shown only that until the invitee accepts,
 * so it never learns who is registered. At most one pending invitation per invitee per workspace.
 */
export const invitations = pgTable(
  'workspace_invitations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    roleId: text('role_id'),
    inviteeUserId: text('invitee_user_id').references(() => users.id, { onDelete: 'cascade' }),
    inviteePhone: text('invitee_phone'),
    inviteeNationalCode: text('invitee_national_code'),
    inviteeUsername: text('invitee_username'),
    token: text('token').notNull(),
    status: text('status', { enum: invitationStatusValues }).notNull().default('pending'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    expiresDate: timestamptz('expires_date').notNull(),
    answeredDate: timestamptz('answered_date'),
  },
  (t) => [
    uniqueIndex('workspace_invitations_token_key').on(t.token),
    uniqueIndex('workspace_invitations_pending_user_key')
      .on(t.workspaceId, t.inviteeUserId)
      .where(sql`${t.status} = 'pending' and ${t.inviteeUserId} is not null`),
    // Duplicates are judged on what the inviter typed, never on the account behind it (docs/security.md).
    uniqueIndex('workspace_invitations_pending_phone_key')
      .on(t.workspaceId, t.inviteePhone)
      .where(sql`${t.status} = 'pending' and ${t.inviteePhone} is not null`),
    uniqueIndex('workspace_invitations_pending_national_code_key')
      .on(t.workspaceId, t.inviteeNationalCode)
      .where(sql`${t.status} = 'pending' and ${t.inviteeNationalCode} is not null`),
    uniqueIndex('workspace_invitations_pending_username_key')
      .on(t.workspaceId, t.inviteeUsername)
      .where(sql`${t.status} = 'pending' and ${t.inviteeUsername} is not null`),
    index('workspace_invitations_national_code_idx').on(t.inviteeNationalCode),
    index('workspace_invitations_username_idx').on(t.inviteeUsername),
    index('workspace_invitations_invitee_idx').on(t.inviteeUserId, t.status),
    index('workspace_invitations_phone_idx').on(t.inviteePhone),
    index('workspace_invitations_workspace_idx').on(t.workspaceId, t.status),
    // Backups read a workspace's rows in id order, a page at a time (backups/repository.ts).
    index('workspace_invitations_workspace_id_id_idx').on(t.workspaceId, t.id),
    // The page order (newest first), read from either end.
    index('workspace_invitations_page_idx').on(t.workspaceId, t.createdDate, t.id),
    // Lists sweep expired invitations first: finding none must not read every pending one.
    index('workspace_invitations_pending_expiry_idx')
      .on(t.workspaceId, t.expiresDate)
      .where(sql`${t.status} = 'pending'`),
    foreignKey({
      columns: [t.workspaceId, t.roleId],
      foreignColumns: [roles.workspaceId, roles.id],
      name: 'workspace_invitations_role_fk',
    }),
    check(
      'workspace_invitations_status_check',
      sql`${t.status} in ('pending', 'accepted', 'declined', 'withdrawn', 'expired')`,
    ),
    check(
      'workspace_invitations_invitee_check',
      sql`${t.inviteeUserId} is not null or ${t.inviteePhone} is not null or ${t.inviteeNationalCode} is not null or ${t.inviteeUsername} is not null`,
    ),
  ],
);

export type MemberRow = typeof members.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
