import {
  createWorkspaceRequestSchema,
  customIssueMessages,
  idSchema,
  StatusCode,
  updateWorkspaceProfileRequestSchema,
  workspaceIdParamsSchema,
  workspaceImageResponseSchema,
  workspaceProfileSchema,
  workspaceSchema,
} from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { envelopeSchema, ok } from '../../http/envelope';
import { readUpload } from '../../http/multipart';
import { limitRoute } from '../../http/rate-limit';
import { memberChange, memberRead, requireMember } from '../access/guard';
import { maxImageBytes, storeImage } from '../assets/images';
import { uploadLimit } from '../assets/routes';
import { signedInRoutes } from '../identity/route-options';
import * as workspaces from './service';

const signedIn = signedInRoutes(['workspaces']);

/** Workspaces and their profiles. */
export async function workspaceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = deps.database.db;

  r.get(
    '/v1/workspaces/',
    signedIn({
      summary: "The caller's workspaces, with its level and role in each",
      response: { 200: envelopeSchema(z.array(workspaceSchema)) },
    }),
    async (request) => ok(request, await workspaces.listMyWorkspaces(db, request.user.id, request.locale)),
  );

  r.post(
    '/v1/workspaces/',
    signedIn({
      summary:
        'Create a workspace; the caller becomes its owner (261 when workspaceName is taken). Also creates the profile and the built-in application tenant-settings',
      body: createWorkspaceRequestSchema,
      response: { 200: envelopeSchema(workspaceSchema) },
    }),
    async (request) =>
      ok(request, await workspaces.createWorkspace(deps, request.user.id, request.body, request.locale)),
  );

  r.get(
    '/v1/workspaces/workspace-id/:id',
    signedIn({
      summary: 'One workspace (any active member; page-level 403 otherwise)',
      params: workspaceIdParamsSchema,
      response: { 200: envelopeSchema(workspaceSchema) },
    }),
    memberRead(null, (member, request) => workspaces.getWorkspace(db, member, request.locale)),
  );

  r.get(
    '/v1/workspaces/profile/workspace-id/:id/',
    signedIn({
      summary: "The workspace's profile (tenant_profile_read)",
      params: workspaceIdParamsSchema,
      response: { 200: envelopeSchema(workspaceProfileSchema) },
    }),
    memberRead('tenant_profile_read', (_access, request) => workspaces.getProfile(db, request.params.id)),
  );

  r.put(
    '/v1/workspaces/profile/',
    signedIn({
      summary:
        "Change the workspace's profile (tenant_profile_update); logoId from the logo upload, null removes it",
      body: updateWorkspaceProfileRequestSchema,
      response: { 200: envelopeSchema(workspaceProfileSchema) },
    }),
    memberChange('tenant_profile_update', (access, { body, locale }) =>
      workspaces.updateProfile(db, access, body, locale),
    ),
  );

  r.post(
    '/v1/assets/workspace-profile-image/',
    {
      ...signedIn({
        summary:
          'Upload a workspace logo (multipart: field workspaceId, then file: PNG, JPEG or WebP by content, at most 2 MiB; tenant_profile_update). Set it with PUT /v1/workspaces/profile/ { logoId }',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(workspaceImageResponseSchema) },
      }),
      preHandler: limitRoute(deps.limiter, uploadLimit, (request) => request.user.id),
    },
    async (request) => {
      const upload = await readUpload(request, maxImageBytes);
      const workspaceId = idSchema.safeParse(upload.fields.workspaceId);
      if (!workspaceId.success) {
        const message = customIssueMessages.required_workspace_id![request.locale];
        throw new AppError(StatusCode.validation, { data: { errors: [{ path: 'workspaceId', message }] } });
      }
      await requireMember(request, workspaceId.data, 'tenant_profile_update');
      return ok(
        request,
        await storeImage(db, {
          bytes: upload.bytes,
          kind: 'workspace-logo',
          ownerUserId: request.user.id,
          workspaceId: workspaceId.data,
        }),
      );
    },
  );
}
