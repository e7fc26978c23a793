import { z } from 'zod';
import { auditActions } from './audit';
import { pagedSchema, pageQuerySchema } from './paging';
import { idSchema } from './workspace-fields';

// Signed webhooks of a workspace (docs/webhooks.md): endpoints, their secrets, and the delivery log.

const base = '/v1/workspaces/integrations/webhooks';

export const webhookPaths = {
  eventTypes: `${base}/event-types/`,
  list: (id: string) => `${base}/workspace-id/${id}/`,
  endpoints: `${base}/`,
  secret: `${base}/secret/`,
  test: `${base}/test/`,
  deliveries: (id: string) => `${base}/deliveries/workspace-id/${id}/`,
  delivery: (id: string, deliveryId: string) =>
    `${base}/deliveries/delivery-id/${deliveryId}/workspace-id/${id}/`,
  redeliver: `${base}/deliveries/redeliver/`,
} as const;

/** The event a receiver can ask for: every audit action, and the test event. */
export const webhookEventTypes = [...auditActions, 'webhook.test'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** How many endpoints a workspace may have. */
export const maxWebhooksPerWorkspace = 20;

export const webhookEventTypeSchema = z.object({ key: z.enum(webhookEventTypes), name: z.string() });
export type WebhookEventTypeItem = z.infer<typeof webhookEventTypeSchema>;

const eventsSchema = z
  .union([z.array(z.literal('*')).length(1), z.array(z.enum(webhookEventTypes)).min(1).max(100)])
  .describe("the event keys to send, or ['*'] for all");

const urlSchema = z.url({ protocol: /^https?$/ }).max(2000);

const descriptionSchema = z.string().trim().max(200);

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  description: z.string().nullable(),
  createdDate: z.string(),
  /** Set when the endpoint was turned off after failing everything for days. */
  disabledReason: z.enum(['failing']).nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookWithSecretSchema = webhookSchema.extend({
  secret: z.string().describe('whsec_…; shown this once'),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const createWebhookRequestSchema = z.object({
  workspaceId: idSchema,
  url: urlSchema,
  events: eventsSchema,
  description: descriptionSchema.optional(),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

export const updateWebhookRequestSchema = z.object({
  workspaceId: idSchema,
  id: idSchema,
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  enabled: z.boolean().optional(),
  description: descriptionSchema.nullable().optional(),
});
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequestSchema>;

export const webhookRefRequestSchema = z.object({ workspaceId: idSchema, id: idSchema });
export type WebhookRefRequest = z.infer<typeof webhookRefRequestSchema>;

export const webhookSecretSchema = z.object({ secret: z.string() });
export const webhookTestAnswerSchema = z.object({ deliveryId: z.string() });

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookDeliveryQuerySchema = pageQuerySchema.omit({ search: true }).extend({
  webhookId: idSchema.optional(),
  status: z.enum(webhookDeliveryStatuses).optional(),
});
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuerySchema>;

export const webhookDeliverySchema = z.object({
  id: z.string().describe('also the webhook-id header, the same on every retry'),
  webhookId: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  nextAttemptDate: z.string().nullable(),
  createdDate: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = pagedSchema(webhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookAttemptSchema = z.object({
  date: z.string(),
  statusCode: z.number().int().nullable(),
  responseBody: z.string().nullable().describe('the first bytes of the answer'),
  error: z.string().nullable().describe('why no answer came (timeout, refused address, ...)'),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  payload: z.string().describe('the body sent, byte for byte'),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const webhookDeliveryParamsSchema = z.object({ id: idSchema, deliveryId: idSchema });

export const redeliverRequestSchema = z.object({ workspaceId: idSchema, deliveryId: idSchema });
export type RedeliverRequest = z.infer<typeof redeliverRequestSchema>;
