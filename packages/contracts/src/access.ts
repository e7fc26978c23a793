import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './paging';
import { idSchema, namedKeySchema } from './workspace-fields';

// Softwares, the permission catalogue, roles and access information: the `data` of each envelope.

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

export const roleParamsSchema = z.object({ id: idSchema, roleId: idSchema });
export const accessInformationParamsSchema = z.object({ id: idSchema, userId: idSchema });
