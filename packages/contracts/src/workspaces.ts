import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './paging';
import { nationalCodeSchema, phoneSchema, usernameSchema } from './validators';

// Requests and answers of the workspace calls; the `data` of each envelope.

export { tenantSettingsKey, workspacePaths } from './workspace-paths';

// ---------- permissions and the built-in software

/** The permission catalogue (tenant_{area}_{action}). Owner and superAccess roles hold every one. */
export const permissionKeys = [
  'tenant_roles_read',
  'tenant_roles_create',
  'tenant_roles_update',
  'tenant_roles_delete',
  'tenant_users_role_read',
  'tenant_users_role_create',
  'tenant_users_role_update',
  'tenant_members_read',
  'tenant_members_update',
  'tenant_members_delete',
  'tenant_members_invitations_send',
  'tenant_members_invitations_withdraw',
  'tenant_profile_read',
  'tenant_profile_create',
  'tenant_profile_update',
  'tenant_audit_read',
  'tenant_integrations_manage',
] as const;
export type PermissionKey = (typeof permissionKeys)[number];

export const tenantSettingsSections = ['info', 'members', 'roles'] as const;
export type TenantSettingsSection = (typeof tenantSettingsSections)[number];

/** A catalogue entry (statuses, levels): `{ id, name, key }`, `name` in the request's language. */
export const namedKeySchema = z.object({ id: z.string(), name: z.string(), key: z.string() });
export type NamedKey = z.infer<typeof namedKeySchema>;

/** Workspace ids, role ids, ... are opaque strings; their length bounds what the server reads. */
export const idSchema = z.string().min(1).max(64);

const workspaceIdParams = z.object({ id: idSchema });

// ---------- workspaces

export const workspaceNamePattern = /^[a-z0-9-]{3,40}$/;
/** The unique slug of a workspace: 3–40 of [a-z0-9-]; compared in lower case. */
export const workspaceNameSchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .refine((value) => workspaceNamePattern.test(value), { message: 'invalid_workspace_name' });

const titleSchema = z.string().min(1).max(100);
const descriptionSchema = z.string().max(1000);

// Optional form fields that arrive as '' or null when left empty; null clears a stored value.
function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());
}

export const imageRefSchema = z.object({ id: z.string(), url: z.string() });

export const workspaceSchema = z.object({
  id: z.string(),
  workspaceName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: imageRefSchema.nullable(),
  status: namedKeySchema,
  createdDate: z.string(),
  level: z.enum(['owner', 'member']).describe("the caller's level in this workspace"),
  role: namedKeySchema.nullable().describe("the caller's role, null for the owner or a member without one"),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const createWorkspaceRequestSchema = z.object({
  workspaceName: workspaceNameSchema,
  name: titleSchema,
  description: clearable(descriptionSchema),
});
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequestSchema>;

export const socialNetworksSchema = z.object({
  instagram: z.string().nullable(),
  telegram: z.string().nullable(),
  x: z.string().nullable(),
  rubika: z.string().nullable(),
});
export type SocialNetworks = z.infer<typeof socialNetworksSchema>;

const socialHandleSchema = clearable(z.string().max(200));
export const socialNetworksInputSchema = z.object({
  instagram: socialHandleSchema,
  telegram: socialHandleSchema,
  x: socialHandleSchema,
  rubika: socialHandleSchema,
});

export const workspaceProfileSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  fax: z.string().nullable(),
  logo: imageRefSchema.nullable(),
  socialNetworks: socialNetworksSchema,
});
export type WorkspaceProfile = z.infer<typeof workspaceProfileSchema>;

/** Landline, mobile or fax numbers: digits with an optional leading +, spaces and dashes. */
const landlineSchema = z.string().regex(/^\+?[0-9][0-9 -]{3,19}$/, { message: 'invalid_phone_number' });

export const updateWorkspaceProfileRequestSchema = z.object({
  workspaceId: idSchema,
  name: titleSchema.optional(),
  description: clearable(descriptionSchema),
  email: clearable(z.email().max(254)),
  phone: clearable(landlineSchema),
  website: clearable(z.url({ protocol: /^https?$/ }).max(300)),
  fax: clearable(landlineSchema),
  socialNetworks: socialNetworksInputSchema.partial().optional(),
  logoId: clearable(idSchema).describe(
    'an imageId from POST /v1/assets/workspace-profile-image/; null removes the logo',
  ),
});
export type UpdateWorkspaceProfileRequest = z.infer<typeof updateWorkspaceProfileRequestSchema>;

export const workspaceImageResponseSchema = z.object({ imageId: z.string(), url: z.string() });

// ---------- access: softwares, permissions, roles

export const sectionSchema = z.object({ key: z.string(), name: z.string() });
export const softwareSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  sections: z.array(sectionSchema),
  imageId: z.string().nullable(),
});
export type Software = z.infer<typeof softwareSchema>;

export const permissionSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  pointers: z.array(z.string()).describe("'software/section', e.g. tenant-settings/roles"),
});
export type Permission = z.infer<typeof permissionSchema>;

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  superAccess: z.boolean(),
  totalMembers: z.number().int(),
  softwares: z.array(softwareSchema).describe('the softwares and sections its permissions point into'),
  permissions: z.array(permissionSchema),
  lastChangeDate: z.string().describe('send it back unchanged with PUT: a stale one answers 261'),
});
export type Role = z.infer<typeof roleSchema>;

export const roleSummarySchema = namedKeySchema;

const roleNameSchema = z.string().min(1).max(60);
const permissionIdsSchema = z.array(idSchema).max(100);

export const createRoleRequestSchema = z.object({
  workspaceId: idSchema,
  name: roleNameSchema,
  superAccess: z.boolean().default(false),
  permissionIds: permissionIdsSchema.default([]),
});
export type CreateRoleRequest = z.infer<typeof createRoleRequestSchema>;

export const updateRoleRequestSchema = z.object({
  workspaceId: idSchema,
  roleId: idSchema,
  name: roleNameSchema,
  superAccess: z.boolean(),
  permissionIds: permissionIdsSchema,
  lastChangeDate: z.iso.datetime({ offset: true }),
});
export type UpdateRoleRequest = z.infer<typeof updateRoleRequestSchema>;

export const deleteRoleRequestSchema = z.object({ workspaceId: idSchema, roleId: idSchema });

export const rolesQuerySchema = pageQuerySchema;
export const rolesPageSchema = pagedSchema(roleSchema);

export const accessInformationSchema = z.object({
  workspaceId: z.string(),
  memberId: z.string().describe('the membership this information is about (what a member sends to leave)'),
  roles: z.array(
    z.object({
      level: z.enum(['owner', 'member']),
      role: z
        .object({ id: z.string(), name: z.string(), key: z.string(), superAccess: z.boolean() })
        .nullable(),
      applications: z.array(z.string()).describe('keys of the applications the member may open'),
      permissions: z.array(z.string()).describe('permission keys; ["*"] for the owner and superAccess roles'),
    }),
  ),
});
export type AccessInformation = z.infer<typeof accessInformationSchema>;

// ---------- members and invitations

export const memberSchema = z.object({
  id: z.string(),
  level: z.enum(['owner', 'member']),
  role: roleSummarySchema.nullable(),
  user: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    username: z.string().nullable(),
  }),
  status: namedKeySchema.describe('active, pending or suspended (mirrors the workspace user status)'),
});
export type Member = z.infer<typeof memberSchema>;

export const membersPageSchema = pagedSchema(memberSchema);

export const updateMemberRequestSchema = z.object({
  workspaceId: idSchema,
  memberId: idSchema,
  roleId: idSchema.nullable().describe('null leaves the member without a role'),
});
export const deleteMemberRequestSchema = z.object({ workspaceId: idSchema, memberId: idSchema });

export const invitationStatuses = ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const invitationSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  name: z.string().describe("the workspace's display name"),
  logo: imageRefSchema.nullable(),
  role: roleSummarySchema.nullable(),
  token: z.string(),
  createdDate: z.string(),
  expiresDate: z.string(),
  status: namedKeySchema,
  invitee: z
    .object({
      userId: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      username: z.string().nullable(),
      phone: z.string().nullable().describe('masked'),
      nationalCode: z.string().nullable().describe('masked'),
      typed: z
        .object({ kind: z.enum(['phone', 'nationalCode', 'username']), value: z.string() })
        .nullable()
        .describe(
          'what the inviter typed, in full: only in answers to the member who sent the invitation (it tells them nothing new); null for anyone else',
        ),
    })
    .describe(
      'who was invited: until the invitation is accepted, only what the inviter typed (phone and national code masked), so the answer never tells whether an account exists; the account once accepted',
    ),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsPageSchema = pagedSchema(invitationSchema);

/** Exactly one of phone, nationalCode or username names the invitee. */
export const sendInvitationRequestSchema = z
  .object({
    workspaceId: idSchema,
    roleId: idSchema.nullable().optional(),
    phone: phoneSchema.optional(),
    nationalCode: nationalCodeSchema.optional(),
    username: usernameSchema.optional(),
  })
  .refine(
    (value) => [value.phone, value.nationalCode, value.username].filter((v) => v !== undefined).length === 1,
    { message: 'one_invitee', path: ['phone'] },
  );
export type SendInvitationRequest = z.infer<typeof sendInvitationRequestSchema>;

export const withdrawInvitationRequestSchema = z.object({ workspaceId: idSchema, invitationId: idSchema });
export const invitationsQuerySchema = pageQuerySchema.extend({ workspaceId: idSchema.optional() });
export const invitationResponseRequestSchema = z.object({ invitationId: idSchema, accept: z.boolean() });

// ---------- workspace users (the directory)

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
 * invitation flow only (invited without an account / invited with one); accepting makes a user confirmed.
 * Only pending and suspended users are kept out of the workspace.
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

// ---------- applications

const versionSchema = z.string().max(40).nullable();
export const applicationVersionSchema = z.object({
  pwa: versionSchema,
  ios: versionSchema,
  android: versionSchema,
  windows: versionSchema,
  macos: versionSchema,
});

export const applicationSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  slogan: z.string().nullable(),
  description: z.string().nullable(),
  keywords: z.array(z.string()),
  version: applicationVersionSchema,
  socialNetworks: socialNetworksSchema,
  createdDate: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationKeyPattern = /^[a-z][a-z0-9-]{1,39}$/;
export const applicationKeySchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .refine((value) => applicationKeyPattern.test(value), { message: 'invalid_application_key' });

const applicationFields = {
  name: titleSchema,
  title: clearable(z.string().max(100)),
  slogan: clearable(z.string().max(200)),
  description: clearable(descriptionSchema),
  keywords: z.array(z.string().min(1).max(50)).max(30).optional(),
  version: z
    .object({
      pwa: clearable(z.string().max(40)),
      ios: clearable(z.string().max(40)),
      android: clearable(z.string().max(40)),
      windows: clearable(z.string().max(40)),
      macos: clearable(z.string().max(40)),
    })
    .optional(),
  socialNetworks: socialNetworksInputSchema.partial().optional(),
};

export const createApplicationRequestSchema = z.object({
  workspaceId: idSchema,
  key: applicationKeySchema,
  ...applicationFields,
});
export type CreateApplicationRequest = z.infer<typeof createApplicationRequestSchema>;

export const updateApplicationRequestSchema = z.object({
  workspaceId: idSchema,
  applicationId: idSchema,
  key: applicationKeySchema.optional(),
  ...applicationFields,
  name: titleSchema.optional(),
});
export type UpdateApplicationRequest = z.infer<typeof updateApplicationRequestSchema>;

export const deleteApplicationRequestSchema = z.object({ workspaceId: idSchema, applicationId: idSchema });

// ---------- path parameters

export const workspaceIdParamsSchema = workspaceIdParams;
export const roleParamsSchema = z.object({ id: idSchema, roleId: idSchema });
export const memberParamsSchema = z.object({ id: idSchema, memberId: idSchema });
export const accessInformationParamsSchema = z.object({ id: idSchema, userId: idSchema });
export const invitationParamsSchema = z.object({ invitationId: idSchema });
export const workspaceUserParamsSchema = z.object({ id: idSchema, userId: idSchema });
export const applicationParamsSchema = z.object({ id: idSchema, appId: idSchema });
export const applicationKeyParamsSchema = z.object({ id: idSchema, key: z.string().min(1).max(40) });
