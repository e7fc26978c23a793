import {
  apiKeyPageSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  pageQuerySchema,
  revokeApiKeyRequestSchema,
  StatusCode,
  workspaceIdParamsSchema,
} from '@wsm/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { envelopeSchema } from '../../http/envelope';
import { enforceLimit } from '../../http/rate-limit';
import { memberChange, memberRead } from '../access/guard';
import { nothing, signedInRoutes } from '../identity/route-options';
import { apiKeyRule } from './limits';
import * as service from './service';

const signedIn = signedInRoutes(['integrations']);
const base = '/v1/workspaces/integrations/api-keys';

/** A workspace's API keys (docs/api.md, "API keys"). */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = deps.database.db;

  r.post(
    `${base}/`,
    signedIn({
      summary:
        'Make an API key (tenant_integrations_manage; 403 for a permission the caller lacks, or when called with a key). `key` is answered this once',
      body: createApiKeyRequestSchema,
      response: { 200: envelopeSchema(createdApiKeySchema) },
    }),
    memberChange('tenant_integrations_manage', async (access, request) => {
      // A key never makes keys: a leaked one could otherwise outlive its own revocation.
      if (request.apiKey) throw new AppError(StatusCode.forbidden);
      await enforceLimit(deps.limiter, apiKeyRule(deps.config, 'create'), access.userId);
      return service.createKey(db, access, request.body);
    }),
  );

  r.get(
    `${base}/workspace-id/:id/`,
    signedIn({
      summary: "The workspace's API keys, newest first, without the keys (tenant_integrations_manage)",
      params: workspaceIdParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: envelopeSchema(apiKeyPageSchema) },
    }),
    memberRead('tenant_integrations_manage', (access, request) =>
      service.listKeys(db, access.workspaceId, request.query),
    ),
  );

  r.delete(
    `${base}/`,
    signedIn({
      summary:
        'Revoke an API key: refused from the next request, on every process (tenant_integrations_manage)',
      body: revokeApiKeyRequestSchema,
      response: { 200: nothing },
    }),
    memberChange('tenant_integrations_manage', async (access, request) => {
      await service.revokeKey(db, access, request.body);
      return null;
    }),
  );
}

function hasField(schema: unknown, field: string): boolean {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && field in shape;
}

/**
 * The OpenAPI document names the API key as a second way in on the routes that take one: the signed-in
 * routes under /v1/workspaces/ that name a workspace (path, body or query).
 */
export function declareApiKeySecurity(route: RouteOptions): void {
  const schema = route.schema as { security?: Record<string, string[]>[] } | undefined;
  if (!schema?.security?.some((s) => 'bearer' in s)) return;
  if (!route.url.startsWith('/v1/workspaces/')) return;
  const named =
    /workspace-id\/:id/.test(route.url) ||
    hasField(route.schema?.body, 'workspaceId') ||
    hasField(route.schema?.querystring, 'workspaceId');
  if (named) schema.security = [...schema.security, { apiKey: [] }];
}
