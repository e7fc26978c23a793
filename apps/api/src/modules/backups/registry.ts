import {
  applicationKeyPattern,
  createApplicationRequestSchema,
  createRoleRequestSchema,
  createWorkspaceRequestSchema,
  idSchema,
  invitationStatuses,
  nationalCodeSchema,
  permissionKeys,
  phoneSchema,
  updateWorkspaceProfileRequestSchema,
  usernameSchema,
  workspaceNamePattern,
  workspaceUserStatuses,
} from '@wsm/contracts';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { rolePermissions, roles } from '../access/schema';
import { apiKeys } from '../api-keys/schema';
import { applications } from '../applications/schema';
import { maxImageSide } from '../assets/images';
import { type imageKinds, images } from '../assets/schema';
import { auditLog } from '../audit/schema';
import {
  invitationLifetimeDays,
  invitations,
  memberLevels,
  memberStatuses,
  members,
} from '../members/schema';
import { applicationSignIn, oidcGrants } from '../oidc/schema';
import { directoryUsers } from '../users/schema';
import { webhookDeliveries, webhooks } from '../webhooks/schema';
import { workspaceListCounts, workspaceProfiles, workspaceStatuses, workspaces } from '../workspaces/schema';
import { workspaceBackups } from './schema';

// The one list of a workspace's tables: what a backup reads, what an archive must hold and what a
// restore replaces. A table with a workspace_id column that is in neither this list nor
// `excludedTables` fails registry.test.ts, and so does a column a table's row schema does not know:
// nothing of a workspace is left out of its backups silently.
//
// Rows travel as PostgreSQL writes them with to_jsonb (snake_case column names, timestamps with their
// microseconds, jsonb as JSON), and go back with jsonb_populate_recordset: no value passes through a
// JavaScript Date, so a restore writes back exactly what was read.

/** A row of a table as it is archived. */
export type ArchiveRow = Record<string, unknown>;

export interface TableEntry {
  /** The Drizzle table (its SQL name and columns are read from it). */
  table: PgTable;
  /** `workspaces` is selected by its id and updated in place; every other table by workspace_id, replaced. */
  scope: 'id' | 'workspace_id';
  /** Columns that order the rows in the archive (a stable, comparable dump). */
  orderBy: string[];
  /** Checks every value of a row with the API's own schemas (the workspace id is the target's). */
  row: (workspaceId: string) => z.ZodType;
  /** Values that must be unique among the archive's rows of this table (case-folded where the database does). */
  unique?: { field: string; key: (row: ArchiveRow) => string | null }[];
  /** Columns naming a row of another table of the archive (null allowed). */
  references?: { column: string; table: string; key?: string }[];
  /** Columns unique across every workspace: a value held by another workspace's row refuses the archive. */
  globalKeys?: { column: string; caseInsensitive?: boolean }[];
  /** A column kept as files of its own (images/<id>.<ext>), not in the JSON. */
  binary?: { column: string };
  /** Columns the database's triggers derive from others (a search text): not archived, rebuilt on insert. */
  derived?: string[];
}

// ---------- values, as the API accepts them

const timestamp = z.iso.datetime({ offset: true });
const date = z.iso.date();
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();
const workspaceIdIs = (workspaceId: string) => z.literal(workspaceId);
const text = (max: number) => z.string().max(max);

const socialNetworks = z.strictObject({
  instagram: text(200).nullable().optional(),
  telegram: text(200).nullable().optional(),
  x: text(200).nullable().optional(),
  rubika: text(200).nullable().optional(),
});
const version = z.strictObject({
  pwa: text(40).nullable().optional(),
  ios: text(40).nullable().optional(),
  android: text(40).nullable().optional(),
  windows: text(40).nullable().optional(),
  macos: text(40).nullable().optional(),
});
const profileField = updateWorkspaceProfileRequestSchema.shape;
const applicationField = createApplicationRequestSchema.shape;

/** How far ahead of this server's clock a timestamp written by another instance may be. */
const clockSkewMs = 60_000;

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : null);
const pair = (...values: unknown[]) =>
  values.some((v) => v === null || v === undefined) ? null : values.map(String).join('\u0000');

/** Every table of a workspace's data, in the order a restore writes them (parents first). */
export const workspaceTables: TableEntry[] = [
  {
    table: workspaces,
    scope: 'id',
    orderBy: ['id'],
    row: (workspaceId) =>
      z.object({
        id: workspaceIdIs(workspaceId),
        workspace_name: z.string().regex(workspaceNamePattern),
        name: createWorkspaceRequestSchema.shape.name,
        description: nullable(text(1000)),
        logo_image_id: nullable(idSchema),
        status: z.enum(workspaceStatuses),
        created_date: timestamp,
        updated_date: timestamp,
      }),
    references: [{ column: 'logo_image_id', table: 'images' }],
    globalKeys: [{ column: 'workspace_name', caseInsensitive: true }],
  },
  {
    table: workspaceProfiles,
    scope: 'workspace_id',
    orderBy: ['id'],
    row: (workspaceId) =>
      z.object({
        id: idSchema,
        workspace_id: workspaceIdIs(workspaceId),
        email: nullable(z.email().max(254)),
        phone: profileField.phone,
        website: profileField.website,
        fax: profileField.fax,
        social_networks: socialNetworks,
        updated_date: timestamp,
      }),
    unique: [
      { field: 'id', key: (row) => pair(row.id) },
      { field: 'workspace_id', key: (row) => pair(row.workspace_id) },
    ],
    globalKeys: [{ column: 'id' }],
  },
  {
    table: images,
    scope: 'workspace_id',
    orderBy: ['id'],
    row: (workspaceId) =>
      z.object({
        id: z.uuid(),
        // Only logos belong to a workspace; a person's own image never travels in its backups.
        kind: z.literal('workspace-logo' satisfies (typeof imageKinds)[number]),
        owner_user_id: idSchema,
        workspace_id: workspaceIdIs(workspaceId),
        content_type: z.enum(['image/webp', 'image/png', 'image/jpeg']),
        width: z.number().int().min(1).max(maxImageSide),
        height: z.number().int().min(1).max(maxImageSide),
        created_date: timestamp,
      }),
    unique: [{ field: 'id', key: (row) => pair(row.id) }],
    globalKeys: [{ column: 'id' }],
    binary: { column: 'bytes' },
  },
  {
    table: roles,
    scope: 'workspace_id',
    orderBy: ['id'],
    row: (workspaceId) =>
      z.object({
        id: idSchema,
        workspace_id: workspaceIdIs(workspaceId),
        name: createRoleRequestSchema.shape.name,
        key: z.string().min(1).max(100),
        super_access: z.boolean(),
        created_date: timestamp,
        last_change_date: timestamp,
      }),
    unique: [
      { field: 'id', key: (row) => pair(row.id) },
      { field: 'name', key: (row) => lower(row.name) },
      { field: 'key', key: (row) => pair(row.key) },
    ],
    globalKeys: [{ column: 'id' }],
  },
  {
    table: rolePermissions,
    scope: 'workspace_id',
    orderBy: ['role_id', 'permission_key'],
    row: (workspaceId) =>
      z.object({
        workspace_id: workspaceIdIs(workspaceId),
        role_id: idSchema,
        permission_key: z.enum(permissionKeys),
      }),
    unique: [{ field: 'permission_key', key: (row) => pair(row.role_id, row.permission_key) }],
    references: [{ column: 'role_id', table: 'workspace_roles' }],
  },
  {
    table: applications,
    scope: 'workspace_id',
    orderBy: ['id'],
    row: (workspaceId) =>
      z.object({
        id: idSchema,
        workspace_id: workspaceIdIs(workspaceId),
        key: z.string().regex(applicationKeyPattern),
        name: applicationField.name,
        title: nullable(text(100)),
        slogan: nullable(text(200)),
        description: nullable(text(1000)),
        keywords: z.array(z.string().min(1).max(50)).max(30),
        version,
        social_networks: socialNetworks,
        built_in: z.boolean(),
        created_date: timestamp,
        updated_date: timestamp,
      }),
    unique: [
      { field: 'id', key: (row) => pair(row.id) },
      { field: 'key', key: (row) => pair(row.key) },
    ],
    globalKeys: [{ column: 'id' }],
  },
  {
    table: directoryUsers,
    scope: 'workspace_id',
    orderBy: ['id'],
    derived: ['search_text'],
    row: (workspaceId) =>
      z
        .object({
          id: idSchema,
          workspace_id: workspaceIdIs(workspaceId),
          user_id: nullable(idSchema),
          phone: nullable(phoneSchema),
          status: z.enum(workspaceUserStatuses),
          first_name: nullable(z.string().min(1).max(50)),
          last_name: nullable(z.string().min(1).max(50)),
          birth_date: nullable(date),
          join_date: nullable(timestamp),
          created_date: timestamp,
          updated_date: timestamp,
        })
        .refine((row) => row.user_id !== null || row.phone !== null, { path: ['user_id'] })
        // Only an invitee without an account is unregistered (users/entries.ts): every other status
        // stands for an account, and an account's entry leaves unregistered when it is claimed.
        .refine((row) => (row.user_id === null) === (row.status === 'unregistered'), { path: ['status'] }),
    unique: [
      { field: 'id', key: (row) => pair(row.id) },
      { field: 'user_id', key: (row) => pair(row.user_id) },
      { field: 'phone', key: (row) => (row.user_id ? null : pair(row.phone)) },
    ],
    globalKeys: [{ column: 'id' }],
  },
  {
    table: members,
    scope: 'workspace_id',
    orderBy: ['id'],
    derived: ['search_text'],
    row: (workspaceId) =>
      z
        .object({
          id: idSchema,
          workspace_id: workspaceIdIs(workspaceId),
          user_id: idSchema,
          level: z.enum(memberLevels),
          role_id: nullable(idSchema),
          status: z.enum(memberStatuses),
          joined_date: timestamp,
        })
        .refine((row) => row.level === 'member' || row.role_id === null, { path: ['role_id'] }),
    unique: [
      { field: 'id', key: (row) => pair(row.id) },
      { field: 'user_id', key: (row) => pair(row.user_id) },
      { field: 'level', key: (row) => (row.level === 'owner' ? 'owner' : null) },
    ],
    references: [{ column: 'role_id', table: 'workspace_roles' }],
    globalKeys: [{ column: 'id' }],
  },
  {
    table: invitations,
    scope: 'workspace_id',
    orderBy: ['id'],
    row: (workspaceId) =>
      z
        .object({
          id: idSchema,
          workspace_id: workspaceIdIs(workspaceId),
          role_id: nullable(idSchema),
          invitee_user_id: nullable(idSchema),
          invitee_phone: nullable(phoneSchema),
          // Absent in backups made before invitations by national code or username waited for sign-up.
          invitee_national_code: nullable(nationalCodeSchema).default(null),
          invitee_username: nullable(usernameSchema).default(null),
          token: z.string().min(16).max(200),
          status: z.enum(invitationStatuses),
          invited_by: nullable(idSchema),
          created_date: timestamp,
          expires_date: timestamp,
          answered_date: nullable(timestamp),
        })
        .refine(
          (row) =>
            row.invitee_user_id !== null ||
            row.invitee_phone !== null ||
            row.invitee_national_code !== null ||
            row.invitee_username !== null,
          {
            path: ['invitee_user_id'],
          },
        )
        // Sent no later than now (with a little clock skew) and for at most 7 days, as the API sends them:
        // an archive cannot hand out an invitation that outlives the one the API would send.
        .refine((row) => Date.parse(row.created_date) <= Date.now() + clockSkewMs, {
          path: ['created_date'],
        })
        .refine(
          (row) => {
            const lifetime = Date.parse(row.expires_date) - Date.parse(row.created_date);
            return lifetime > 0 && lifetime <= invitationLifetimeDays * 86_400_000;
          },
          { path: ['expires_date'] },
        ),
    unique: [
      { field: 'id', key: (row) => pair(row.id) },
      { field: 'token', key: (row) => pair(row.token) },
      {
        field: 'invitee_national_code',
        key: (row) =>
          row.status === 'pending' && row.invitee_national_code ? pair(row.invitee_national_code) : null,
      },
      {
        field: 'invitee_username',
        key: (row) => (row.status === 'pending' && row.invitee_username ? pair(row.invitee_username) : null),
      },
      {
        field: 'invitee_user_id',
        key: (row) => (row.status === 'pending' && row.invitee_user_id ? pair(row.invitee_user_id) : null),
      },
      {
        field: 'invitee_phone',
        key: (row) => (row.status === 'pending' && !row.invitee_user_id ? pair(row.invitee_phone) : null),
      },
    ],
    references: [{ column: 'role_id', table: 'workspace_roles' }],
    globalKeys: [{ column: 'id' }, { column: 'token' }],
  },
];

/** Tables with a workspace_id that a backup leaves out, and why. */
export const excludedTables: Record<string, string> = {
  [getTableConfig(workspaceBackups).name]: 'the backups themselves: a backup never holds other backups',
  [getTableConfig(auditLog).name]: 'history of access changes: a restore must not rewrite who did what',
  [getTableConfig(workspaceListCounts).name]:
    'counts of the lists, derived: the triggers recount them as a restore writes the rows',
  [getTableConfig(applicationSignIn).name]:
    'sign-in client credentials: an archive must not carry secret hashes, nor a restore revive a rotated secret',
  [getTableConfig(apiKeys).name]:
    'API keys: an archive must not carry key hashes, nor a restore revive a revoked key',
  [getTableConfig(webhooks).name]:
    'integration endpoints with their sealed signing secrets: a restore must not revive a rotated secret',
  [getTableConfig(webhookDeliveries).name]: 'the delivery log: history of calls made, not workspace data',
  [getTableConfig(oidcGrants).name]:
    "members' sign-ins to applications: a restore must not bring back a grant that was revoked",
};

/** The SQL name of a registry table. */
export function tableName(entry: TableEntry): string {
  return getTableConfig(entry.table).name;
}

/** The SQL column names of a registry table, in table order. */
export function columnNames(entry: TableEntry): string[] {
  return getTableConfig(entry.table).columns.map((column) => column.name);
}

/** The archive file of a table's rows. */
export function dataFile(entry: TableEntry): string {
  return `data/${tableName(entry)}.json`;
}

/** The registry entry of a SQL table name. */
export function entryOf(name: string): TableEntry | undefined {
  return workspaceTables.find((entry) => tableName(entry) === name);
}
