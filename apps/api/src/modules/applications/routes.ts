import {
  applicationKeyParamsSchema,
  applicationParamsSchema,
  applicationSchema,
  createApplicationRequestSchema,
  deleteApplicationRequestSchema,
  updateApplicationRequestSchema,
  workspaceIdParamsSchema,
} from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok, plainSerializer } from '../../http/envelope';
import { memberChange, memberRead, requireMember } from '../access/guard';
import { nothing, signedInRoutes } from '../identity/route-options';
import * as apps from './service';

const signedIn = signedInRoutes(['applications']);
const base = '/v1/workspaces/profile/applications';

/** The workspace's applications. */
export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  r.get(
    `${base}/workspace-id/:id/`,
    {
      ...signedIn({
        summary: "The workspace's applications (any member)",
        params: workspaceIdParamsSchema,
        response: { 200: envelopeSchema(z.array(applicationSchema)) },
      }),
      ...plainSerializer,
    },
    memberRead(null, (_access, request) => apps.listApplications(db, request.params.id, request.locale)),
  );

  r.get(
    `${base}/application-id/:appId/workspace-id/:id/`,
    signedIn({
      summary: 'One application (any member)',
      params: applicationParamsSchema,
      response: { 200: envelopeSchema(applicationSchema) },
    }),
    memberRead(null, (_access, request) =>
      apps.getApplication(db, request.params.id, request.params.appId, request.locale),
    ),
  );

  r.get(
    '/v1/profiles/applications/application-key/:key/workspace-id/:id/',
    signedIn({
      summary: 'One application by key; the web app reads version.pwa for its update prompt (any member)',
      params: applicationKeyParamsSchema,
      response: { 200: envelopeSchema(applicationSchema) },
    }),
    memberRead(null, (_access, request) =>
      apps.getApplicationByKey(db, request.params.id, request.params.key, request.locale),
    ),
  );

  r.post(
    `${base}/`,
    signedIn({
      summary: 'Add an application (tenant_profile_create; 261 when the key is taken)',
      body: createApplicationRequestSchema,
      response: { 200: envelopeSchema(applicationSchema) },
    }),
    memberChange('tenant_profile_create', (access, { body, locale }) =>
      apps.createApplication(db, access, body, locale),
    ),
  );

  r.put(
    `${base}/`,
    signedIn({
      summary: 'Change an application (tenant_profile_update; the built-in one keeps its key)',
      body: updateApplicationRequestSchema,
      response: { 200: envelopeSchema(applicationSchema) },
    }),
    memberChange('tenant_profile_update', (access, { body, locale }) =>
      apps.updateApplication(db, access, body, locale),
    ),
  );

  r.delete(
    `${base}/`,
    signedIn({
      summary: 'Delete an application (tenant_profile_update; the built-in one cannot be deleted)',
      body: deleteApplicationRequestSchema,
      response: { 200: nothing },
    }),
    async (request) => {
      const access = await requireMember(request, request.body.workspaceId, 'tenant_profile_update');
      await apps.deleteApplication(db, access, request.body.applicationId);
      return ok(request, null);
    },
  );
}
