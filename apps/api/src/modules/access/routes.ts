import {
  accessInformationParamsSchema,
  accessInformationSchema,
  createRoleRequestSchema,
  deleteRoleRequestSchema,
  permissionSchema,
  roleParamsSchema,
  roleSchema,
  rolesPageSchema,
  rolesQuerySchema,
  softwareSchema,
  updateRoleRequestSchema,
  workspaceIdParamsSchema,
} from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok, plainSerializer } from '../../http/envelope';
import { nothing, signedInRoutes } from '../identity/route-options';
import { permissionCatalogue, softwareCatalogue } from './catalogue';
import { memberChange, memberRead, requireMember } from './guard';
import * as access from './service';

const signedIn = signedInRoutes(['access']);

const base = '/v1/workspaces/members/access';

/** Roles, softwares, the permission catalogue and access information. */
export async function accessRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  r.get(
    `${base}/roles/workspace-id/:id`,
    {
      ...signedIn({
        summary: "A page of the workspace's roles, searched by name (tenant_roles_read)",
        params: workspaceIdParamsSchema,
        querystring: rolesQuerySchema,
        response: { 200: envelopeSchema(rolesPageSchema) },
      }),
      ...plainSerializer,
    },
    memberRead('tenant_roles_read', (_access, request) =>
      access.listRoles(db, request.params.id, request.query, request.locale),
    ),
  );

  r.get(
    `${base}/roles/role-id/:roleId/workspace-id/:id`,
    signedIn({
      summary: 'One role (tenant_roles_read)',
      params: roleParamsSchema,
      response: { 200: envelopeSchema(roleSchema) },
    }),
    memberRead('tenant_roles_read', (_access, request) =>
      access.getRole(db, request.params.id, request.params.roleId, request.locale),
    ),
  );

  r.post(
    `${base}/roles/`,
    signedIn({
      summary: 'Create a role (tenant_roles_create; 261 duplicate name; only permissions the caller holds)',
      body: createRoleRequestSchema,
      response: { 200: envelopeSchema(roleSchema) },
    }),
    memberChange('tenant_roles_create', (member, { body, locale }) =>
      access.createRole(db, member, body, locale),
    ),
  );

  r.put(
    `${base}/roles/`,
    signedIn({
      summary: 'Change a role (tenant_roles_update; a stale lastChangeDate answers 261 and changes nothing)',
      body: updateRoleRequestSchema,
      response: { 200: envelopeSchema(roleSchema) },
    }),
    memberChange('tenant_roles_update', (member, { body, locale }) =>
      access.updateRole(db, member, body, locale),
    ),
  );

  r.delete(
    `${base}/roles/`,
    signedIn({
      summary: 'Delete a role (tenant_roles_delete); its members stay, without a role',
      body: deleteRoleRequestSchema,
      response: { 200: nothing },
    }),
    async (request) => {
      const member = await requireMember(request, request.body.workspaceId, 'tenant_roles_delete');
      await access.deleteRole(db, member, request.body.roleId);
      return ok(request, null);
    },
  );

  r.get(
    `${base}/softwares/workspace-id/:id`,
    signedIn({
      summary: 'The softwares and their sections (any member)',
      params: workspaceIdParamsSchema,
      response: { 200: envelopeSchema(z.array(softwareSchema)) },
    }),
    memberRead(null, (_access, request) => softwareCatalogue(request.locale)),
  );

  r.get(
    `${base}/permissions/workspace-id/:id`,
    signedIn({
      summary: 'The permission catalogue (any member)',
      params: workspaceIdParamsSchema,
      response: { 200: envelopeSchema(z.array(permissionSchema)) },
    }),
    memberRead(null, (_access, request) => permissionCatalogue(request.locale)),
  );

  r.get(
    `${base}/information/user-id/:userId/workspace-id/:id`,
    signedIn({
      summary: "A member's level, role, applications and permissions (own, or tenant_members_read)",
      params: accessInformationParamsSchema,
      response: { 200: envelopeSchema(accessInformationSchema) },
    }),
    memberRead(null, (member, request) => access.accessInformation(db, member, request.params.userId)),
  );
}
