import {
  connectedApplicationsPaths,
  connectedApplicationsSchema,
  disconnectApplicationRequestSchema,
  StatusCode,
} from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { envelopeSchema, ok } from '../../http/envelope';
import { recordAudit } from '../audit/record';
import { signedInRoutes } from '../identity/route-options';
import { connectedApplications, findUserGrant, revokeGrants } from './grants';

const signedIn = signedInRoutes(['security']);

/**
 * The member's connected applications (docs/sign-in-with-workspace.md, "Connected applications"):
 * the caller's own grants only, by their own access token.
 */
export async function connectedApplicationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  r.get(
    connectedApplicationsPaths.list,
    signedIn({
      summary:
        'The applications the caller signed into with a workspace: application, workspace, scopes, first and last sign-in (live grants only, most recent first)',
      response: { 200: envelopeSchema(connectedApplicationsSchema) },
    }),
    async (request) => ok(request, await connectedApplications(db, request.user.id)),
  );

  r.delete(
    connectedApplicationsPaths.disconnect,
    signedIn({
      summary:
        "Disconnects an application: revokes that grant of the caller's at once (its refresh token → invalid_grant, userinfo → 401, introspection → inactive); 404 when the caller has no grant of that id",
      body: disconnectApplicationRequestSchema,
      response: { 200: envelopeSchema(z.null()) },
    }),
    async (request) => {
      const grant = await findUserGrant(db, request.user.id, request.body.id);
      if (!grant) throw new AppError(StatusCode.notFound);
      // Audited in the workspace's log with the revocation, in one transaction (audit/record.ts).
      await db.transaction(async (tx) => {
        if ((await revokeGrants(tx, [grant.grantId])) === 0) throw new AppError(StatusCode.notFound);
        await recordAudit(tx, {
          workspaceId: grant.workspaceId,
          actorUserId: request.user.id,
          action: 'application.disconnected',
          subject: { applicationId: grant.applicationId, name: grant.name, grantId: grant.grantId },
        });
      });
      return ok(request, null);
    },
  );
}
