import {
  createWebhookRequestSchema,
  redeliverRequestSchema,
  updateWebhookRequestSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryQuerySchema,
  webhookEventTypeSchema,
  webhookRefRequestSchema,
  webhookSchema,
  webhookSecretSchema,
  webhookTestAnswerSchema,
  webhookWithSecretSchema,
  workspaceIdParamsSchema,
} from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok } from '../../http/envelope';
import { memberChange, memberRead } from '../access/guard';
import { nothing, signedInRoutes } from '../identity/route-options';
import * as hooks from './service';

const signedIn = signedInRoutes(['webhooks']);
const base = '/v1/workspaces/integrations/webhooks';
const manage = 'tenant_integrations_manage';

/** A workspace's signed webhooks and their delivery log (docs/webhooks.md). */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    `${base}/event-types/`,
    signedIn({
      summary: 'The events an endpoint can ask for: the audit action keys and webhook.test (signed in)',
      response: { 200: envelopeSchema(z.array(webhookEventTypeSchema)) },
    }),
    async (request) => ok(request, hooks.eventTypes(request.locale)),
  );

  r.get(
    `${base}/workspace-id/:id/`,
    signedIn({
      summary: "The workspace's webhook endpoints, without their secrets (tenant_integrations_manage)",
      params: workspaceIdParamsSchema,
      response: { 200: envelopeSchema(z.array(webhookSchema)) },
    }),
    memberRead(manage, (_access, request) => hooks.listWebhooks(deps.database.db, request.params.id)),
  );

  r.post(
    `${base}/`,
    signedIn({
      summary:
        'Add an endpoint; its secret (whsec_…) is answered this once. 400 on `url` when the address may not be called (tenant_integrations_manage)',
      body: createWebhookRequestSchema,
      response: { 200: envelopeSchema(webhookWithSecretSchema) },
    }),
    memberChange(manage, (access, { body, locale }) => hooks.createWebhook(deps, access, body, locale)),
  );

  r.put(
    `${base}/`,
    signedIn({
      summary: 'Change an endpoint: url, events, enabled, description (tenant_integrations_manage)',
      body: updateWebhookRequestSchema,
      response: { 200: envelopeSchema(webhookSchema) },
    }),
    memberChange(manage, (access, { body, locale }) => hooks.updateWebhook(deps, access, body, locale)),
  );

  r.delete(
    `${base}/`,
    signedIn({
      summary: 'Delete an endpoint and its delivery log (tenant_integrations_manage)',
      body: webhookRefRequestSchema,
      response: { 200: nothing },
    }),
    memberChange(manage, async (access, { body }) => {
      await hooks.deleteWebhook(deps, access, body.id);
      return null;
    }),
  );

  r.post(
    `${base}/secret/`,
    signedIn({
      summary:
        'A new secret, answered this once; the previous one also signs for 24 hours (tenant_integrations_manage)',
      body: webhookRefRequestSchema,
      response: { 200: envelopeSchema(webhookSecretSchema) },
    }),
    memberChange(manage, (access, { body }) => hooks.rotateSecret(deps, access, body.id)),
  );

  r.post(
    `${base}/test/`,
    signedIn({
      summary: 'Queue a webhook.test event to the endpoint (tenant_integrations_manage)',
      body: webhookRefRequestSchema,
      response: { 200: envelopeSchema(webhookTestAnswerSchema) },
    }),
    memberChange(manage, (access, { body }) => hooks.sendTest(deps, access, body.id)),
  );

  r.get(
    `${base}/deliveries/workspace-id/:id/`,
    signedIn({
      summary:
        'A page of deliveries, newest first, filtered by ?webhookId= and ?status= (tenant_integrations_manage)',
      params: workspaceIdParamsSchema,
      querystring: webhookDeliveryQuerySchema,
      response: { 200: envelopeSchema(webhookDeliveryPageSchema) },
    }),
    memberRead(manage, (_access, request) => hooks.listDeliveries(deps, request.params.id, request.query)),
  );

  r.get(
    `${base}/deliveries/delivery-id/:deliveryId/workspace-id/:id/`,
    signedIn({
      summary: 'One delivery with the body sent and the answer of each attempt (tenant_integrations_manage)',
      params: webhookDeliveryParamsSchema,
      response: { 200: envelopeSchema(webhookDeliveryDetailSchema) },
    }),
    memberRead(manage, (_access, request) =>
      hooks.getDelivery(deps, request.params.id, request.params.deliveryId),
    ),
  );

  r.post(
    `${base}/deliveries/redeliver/`,
    signedIn({
      summary:
        'Send a finished delivery again, same id and body, from the start of the schedule (tenant_integrations_manage)',
      body: redeliverRequestSchema,
      response: { 200: nothing },
    }),
    memberChange(manage, async (access, { body }) => {
      await hooks.redeliver(deps, access, body);
      return null;
    }),
  );
}
