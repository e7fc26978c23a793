import { type SignInRequest, signInRequestSchema } from '@wsm/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/types';
import { found } from '../../http/app-error';
import { envelopeSchema, ok } from '../../http/envelope';
import { scaledRule, takeSlots } from '../../http/rate-limit';
import { applications } from '../applications/schema';
import { imageRef } from '../assets/images';
import { workspaces } from '../workspaces/schema';
import { applicationSignIn, oidcPayloads } from './schema';

/**
 * Unknown or expired sign-in requests asked from one client address. An interaction's id is 128 bits
 * of randomness, so this bounds useless work, not guessing; requests that are found never count.
 */
const unknownRequestIp = { name: 'sign-in-request-unknown:ip', max: 60, windowSeconds: 600 };

interface InteractionPayload {
  params?: { client_id?: unknown; prompt?: unknown };
  prompt?: { name?: unknown; reasons?: unknown };
}

/** Whether the application asked for a fresh login (prompt=login), as the provider recorded it. */
function asksForLogin(payload: InteractionPayload): boolean {
  const asked = typeof payload.params?.prompt === 'string' ? payload.params.prompt.split(' ') : [];
  const reasons = Array.isArray(payload.prompt?.reasons) ? payload.prompt.reasons : [];
  return asked.includes('login') || reasons.includes('login_prompt');
}

/**
 * What the login page shows of a pending sign-in (docs/sign-in-with-workspace.md): the application and
 * its workspace, read from the provider's stored interaction, its client's settings, the application and
 * the workspace. Anything missing, expired or switched off is one answer: not found.
 */
export async function signInRequestDetails(db: Db, uid: string): Promise<SignInRequest> {
  const [interaction] = await db
    .select({ payload: oidcPayloads.payload, expiresAt: oidcPayloads.expiresAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Interaction'), eq(oidcPayloads.id, uid)))
    .limit(1);
  if (!interaction || (interaction.expiresAt && interaction.expiresAt.getTime() <= Date.now()))
    return found<SignInRequest>(undefined);
  const payload = interaction.payload as InteractionPayload;
  const clientId = typeof payload.params?.client_id === 'string' ? payload.params.client_id : '';
  const [row] = await db
    .select({
      applicationId: applications.id,
      applicationName: applications.name,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      logoImageId: workspaces.logoImageId,
      enabled: applicationSignIn.enabled,
    })
    .from(applicationSignIn)
    .innerJoin(applications, eq(applications.id, applicationSignIn.applicationId))
    .innerJoin(workspaces, eq(workspaces.id, applicationSignIn.workspaceId))
    .where(eq(applicationSignIn.clientId, clientId))
    .limit(1);
  const client = found(row?.enabled ? row : undefined);
  return {
    application: { id: client.applicationId, name: client.applicationName },
    workspace: { id: client.workspaceId, name: client.workspaceName, logo: imageRef(client.logoImageId) },
    forceLogin: asksForLogin(payload),
  };
}

/** GET /v1/auth/sign-in-requests/{uid}/: public, as the login page is. */
export async function signInRequestRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/auth/sign-in-requests/:uid/',
    {
      schema: {
        tags: ['applications'],
        summary:
          'The application and workspace a pending sign-in signs into (public; unknown or expired → 404)',
        params: z.object({ uid: z.string().min(1).max(200) }),
        response: { 200: envelopeSchema(signInRequestSchema) },
      },
    },
    async (request) => {
      const rule = scaledRule(unknownRequestIp, deps.config.rateLimitMultiplier);
      const slots = await takeSlots(deps.limiter, [{ rule, subject: request.ip }]);
      if (slots.results.some((result) => !result.allowed)) {
        await slots.release();
        slots.refuse();
      }
      // Only the requests that are not found keep their slot.
      const details = await signInRequestDetails(deps.database.db, request.params.uid);
      await slots.release();
      return ok(request, details);
    },
  );
}
