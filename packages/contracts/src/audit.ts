import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './paging';
import { idSchema } from './workspace-fields';

// The workspace audit log: who changed what in a workspace, and when.

export const auditPaths = {
  list: (id: string) => `/v1/workspaces/audit/workspace-id/${id}/`,
  export: (id: string) => `/v1/workspaces/audit/export/workspace-id/${id}/`,
} as const;

/** The stable action keys the audit records; clients translate them. */
export const auditActions = [
  'role.created',
  'role.updated',
  'role.deleted',
  'member.added',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invitation.sent',
  'invitation.withdrawn',
  'invitation.accepted',
  'invitation.declined',
  'user.status_changed',
  'profile.updated',
  'application.created',
  'application.updated',
  'application.deleted',
  'application.disconnected',
  'backup.created',
  'backup.imported',
  'backup.deleted',
  'backup.restored',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What an entry is about. */
export const auditSubjectTypes = [
  'role',
  'member',
  'invitation',
  'user',
  'workspace',
  'application',
  'backup',
  'api_key',
  'webhook',
] as const;
export type AuditSubjectType = (typeof auditSubjectTypes)[number];

/** A calendar day (taken as UTC) or an instant with its offset. */
const auditDateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const auditQuerySchema = pageQuerySchema.omit({ search: true }).extend({
  actor: idSchema.optional().describe('the user id of who acted'),
  action: z.enum(auditActions).optional(),
  from: auditDateSchema.optional().describe('entries at or after this instant (a day: its start, UTC)'),
  to: auditDateSchema.optional().describe('entries at or before this instant (a day: its whole, UTC)'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
/** The filters of a list, without its paging (what the CSV export takes). */
export const auditFilterSchema = auditQuerySchema.omit({ page: true, pageSize: true });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(auditActions),
  actor: z
    .object({
      id: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      username: z.string().nullable(),
    })
    .nullable()
    .describe('null once the account that acted is deleted'),
  apiKey: z
    .object({ id: z.string(), name: z.string() })
    .optional()
    .describe("the API key the change was made with; `actor` is then the key's creator"),
  subject: z.object({
    type: z.enum(auditSubjectTypes),
    id: z.string(),
    label: z.string().describe('a name people recognise (role name, member name, masked phone, ...)'),
  }),
  details: z
    .record(z.string(), z.unknown())
    .describe('what changed: { before, after } where they exist, else the values of the change'),
  createdDate: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pagedSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
