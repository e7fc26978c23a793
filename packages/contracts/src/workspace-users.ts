import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './paging';
import { clearable, idSchema, imageRefSchema, namedKeySchema } from './workspace-fields';

// The workspace's user directory: requests and answers, the `data` of each envelope.

export const workspaceUserStatuses = [
  'unregistered',
  'unconfirmed',
  'pending',
  'confirmed',
  'suspended',
] as const;
export type WorkspaceUserStatus = (typeof workspaceUserStatuses)[number];

/**
 * The transitions PUT .../users/identity/status/ may make. unregistered and unconfirmed are set by the
 * invitation flow only (stored as invited without an account / with one, but both shown as unconfirmed,
 * so the directory never tells which); accepting makes a user confirmed. Only pending and suspended
 * users are kept out of the workspace.
 */
export const workspaceUserTransitions: Record<WorkspaceUserStatus, readonly WorkspaceUserStatus[]> = {
  unregistered: [],
  unconfirmed: [],
  pending: ['confirmed', 'suspended'],
  confirmed: ['pending', 'suspended'],
  suspended: ['pending', 'confirmed'],
};

export const workspaceUserSchema = z.object({
  id: z.string().describe('the directory entry id (userId of the other user calls)'),
  workspaceId: z.string(),
  status: namedKeySchema,
  username: z.string().nullable(),
  email: z.object({ value: z.string().nullable(), verified: z.boolean() }),
  phone: z.string().nullable().describe('masked'),
  joinDate: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  image: imageRefSchema.nullable(),
  nationalId: z.string().nullable().describe('masked'),
  birthDate: z.string().nullable(),
});
export type WorkspaceUser = z.infer<typeof workspaceUserSchema>;

export const workspaceUsersPageSchema = pagedSchema(workspaceUserSchema);
export const workspaceUsersQuerySchema = pageQuerySchema.extend({
  status: z.enum(workspaceUserStatuses).optional(),
});

const personNameSchema = z.string().min(1).max(50);
export const updateWorkspaceUserRequestSchema = z.object({
  workspaceId: idSchema,
  userId: idSchema,
  firstName: clearable(personNameSchema),
  lastName: clearable(personNameSchema),
  birthDate: clearable(z.iso.date()),
});
export const deleteWorkspaceUserRequestSchema = z.object({ workspaceId: idSchema, userId: idSchema });
export const workspaceUserStatusRequestSchema = z.object({
  workspaceId: idSchema,
  userId: idSchema,
  statusKey: z.enum(workspaceUserStatuses),
});

export const workspaceUserParamsSchema = z.object({ id: idSchema, userId: idSchema });
