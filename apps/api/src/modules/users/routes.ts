import {
  deleteWorkspaceUserRequestSchema,
  namedKeySchema,
  updateWorkspaceUserRequestSchema,
  workspaceIdParamsSchema,
  workspaceUserParamsSchema,
  workspaceUserSchema,
  workspaceUserStatusRequestSchema,
  workspaceUsersPageSchema,
  workspaceUsersQuerySchema,
} from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok, plainSerializer } from '../../http/envelope';
import { memberChange, memberRead, requireMember } from '../access/guard';
import { nothing, signedInRoutes } from '../identity/route-options';
import * as directory from './service';

const signedIn = signedInRoutes(['workspace users']);
const base = '/v1/workspaces/users/identity';

/** The workspace's user directory. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  r.get(
    `${base}/workspace-id/:id/`,
    {
      ...signedIn({
        summary:
          'A page of the directory, filtered by ?status= and searched by name or username (tenant_users_role_read)',
        params: workspaceIdParamsSchema,
        querystring: workspaceUsersQuerySchema,
        response: { 200: envelopeSchema(workspaceUsersPageSchema) },
      }),
      ...plainSerializer,
    },
    memberRead('tenant_users_role_read', (_access, request) =>
      directory.listUsers(db, request.params.id, request.query, request.locale),
    ),
  );

  r.get(
    `${base}/id/:userId/workspace-id/:id/`,
    signedIn({
      summary: 'One directory entry (tenant_users_role_read)',
      params: workspaceUserParamsSchema,
      response: { 200: envelopeSchema(workspaceUserSchema) },
    }),
    memberRead('tenant_users_role_read', (_access, request) =>
      directory.getUser(db, request.params.id, request.params.userId, request.locale),
    ),
  );

  r.put(
    `${base}/`,
    signedIn({
      summary: "Set the workspace's record of a person's names and birth date (tenant_users_role_update)",
      body: updateWorkspaceUserRequestSchema,
      response: { 200: envelopeSchema(workspaceUserSchema) },
    }),
    memberChange('tenant_users_role_update', (_member, { body, locale }) =>
      directory.updateUser(db, body.workspaceId, body, locale),
    ),
  );

  r.delete(
    `${base}/`,
    signedIn({
      summary:
        'Delete a directory entry: a member is removed (tenant_members_delete), an invitee’s invitations withdrawn (tenant_members_invitations_withdraw)',
      body: deleteWorkspaceUserRequestSchema,
      response: { 200: nothing },
    }),
    async (request) => {
      const member = await requireMember(request, request.body.workspaceId);
      await directory.deleteUser(db, member, request.body.userId, request.log);
      return ok(request, null);
    },
  );

  r.get(
    `${base}/status/workspace-id/:id/`,
    signedIn({
      summary: 'The directory statuses (tenant_users_role_read)',
      params: workspaceIdParamsSchema,
      response: { 200: envelopeSchema(z.array(namedKeySchema)) },
    }),
    memberRead('tenant_users_role_read', (_access, request) => directory.statusCatalogue(request.locale)),
  );

  r.put(
    `${base}/status/`,
    signedIn({
      summary:
        'Change a status along the transition table: pending↔confirmed↔suspended↔pending; unregistered and unconfirmed follow invitations only (400 otherwise, 261 when unchanged; tenant_users_role_update)',
      body: workspaceUserStatusRequestSchema,
      response: { 200: envelopeSchema(workspaceUserSchema) },
    }),
    memberChange('tenant_users_role_update', (member, { body, locale, log }) =>
      directory.changeStatus(db, member, body, locale, log),
    ),
  );
}
