import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateWebhookRequest,
  type RedeliverRequest,
  type UpdateWebhookRequest,
  type WebhookDeliveryStatus,
  type WebhookRefRequest,
  webhookDeliveryDetailSchema,
  webhookDeliveryPageSchema,
  webhookEventTypeSchema,
  webhookPaths,
  webhookSchema,
  webhookSecretSchema,
  webhookTestAnswerSchema,
  webhookWithSecretSchema,
} from '@wsm/contracts';
import { z } from 'zod';
import { apiClient, unwrap } from '../../lib/api-client';

// The webhooks' calls (docs/webhooks.md): endpoints, their secrets, test events and the delivery log.

export const deliveriesPageSize = 10;

const hooksKey = (workspaceId: string) => ['integrations', workspaceId, 'webhooks'] as const;

export interface DeliveryFilter {
  page: number;
  webhookId?: string | undefined;
  status?: WebhookDeliveryStatus | undefined;
}

export const webhooksApi = {
  list: async (workspaceId: string) =>
    z.array(webhookSchema).parse(await unwrap(apiClient.get(webhookPaths.list(workspaceId)))),
  eventTypes: async () =>
    z.array(webhookEventTypeSchema).parse(await unwrap(apiClient.get(webhookPaths.eventTypes))),
  // A refused URL (400 with a reason on `url`) rejects without a toast: the form shows it at the field.
  create: async (body: CreateWebhookRequest) =>
    webhookWithSecretSchema.parse(await unwrap(apiClient.post(webhookPaths.endpoints, body))),
  update: async (body: UpdateWebhookRequest) =>
    webhookSchema.parse(await unwrap(apiClient.put(webhookPaths.endpoints, body))),
  remove: async (body: WebhookRefRequest) => {
    await unwrap(apiClient.delete(webhookPaths.endpoints, { data: body }));
  },
  rotate: async (body: WebhookRefRequest) =>
    webhookSecretSchema.parse(await unwrap(apiClient.post(webhookPaths.secret, body))),
  test: async (body: WebhookRefRequest) =>
    webhookTestAnswerSchema.parse(await unwrap(apiClient.post(webhookPaths.test, body))),
  deliveries: async (workspaceId: string, filter: DeliveryFilter) =>
    webhookDeliveryPageSchema.parse(
      await unwrap(
        apiClient.get(webhookPaths.deliveries(workspaceId), {
          params: {
            page: filter.page,
            pageSize: deliveriesPageSize,
            ...(filter.webhookId ? { webhookId: filter.webhookId } : {}),
            ...(filter.status ? { status: filter.status } : {}),
          },
        }),
      ),
    ),
  delivery: async (workspaceId: string, deliveryId: string) =>
    webhookDeliveryDetailSchema.parse(
      await unwrap(apiClient.get(webhookPaths.delivery(workspaceId, deliveryId))),
    ),
  redeliver: async (body: RedeliverRequest) => {
    await unwrap(apiClient.post(webhookPaths.redeliver, body));
  },
};

/** The endpoints, as one page for the data table (a workspace has at most a few dozen). */
export const useWebhooks = (workspaceId: string) =>
  useQuery({
    queryKey: [...hooksKey(workspaceId), 'list'],
    queryFn: () => webhooksApi.list(workspaceId),
    select: (items) => ({ items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) }),
  });

/** The events an endpoint can ask for, named in the page's language (the server names them). */
export const useEventTypes = (locale: string) =>
  useQuery({
    queryKey: ['integrations', 'webhook-event-types', locale],
    queryFn: webhooksApi.eventTypes,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDeliveries = (workspaceId: string, filter: DeliveryFilter) =>
  useQuery({
    queryKey: [...hooksKey(workspaceId), 'deliveries', filter],
    queryFn: () => webhooksApi.deliveries(workspaceId, filter),
    placeholderData: keepPreviousData,
    // While a shown delivery is still being tried, its outcome is read again now and then.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? 5_000 : false,
  });

export const useDelivery = (workspaceId: string, deliveryId: string | null) =>
  useQuery({
    queryKey: [...hooksKey(workspaceId), 'delivery', deliveryId],
    queryFn: () => webhooksApi.delivery(workspaceId, deliveryId ?? ''),
    enabled: deliveryId !== null,
  });

/** A change to the endpoints or deliveries; the lists are read again afterwards. */
export function useWebhookMutation<TVariables, TResult>(
  workspaceId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: hooksKey(workspaceId) }),
  });
}
