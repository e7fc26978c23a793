import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiKeyPageSchema,
  apiKeyPaths,
  type CreateApiKeyRequest,
  createdApiKeySchema,
  type RevokeApiKeyRequest,
} from '@wsm/contracts';
import { apiClient, unwrap } from '../../lib/api-client';

// The API keys' calls (docs/api.md, "API keys"): a page of keys, create (the key answered once), revoke.

export const apiKeysPageSize = 10;

const keysKey = (workspaceId: string) => ['integrations', workspaceId, 'api-keys'] as const;

export const apiKeysApi = {
  list: async (workspaceId: string, page: number) =>
    apiKeyPageSchema.parse(
      await unwrap(
        apiClient.get(apiKeyPaths.keysOf(workspaceId), { params: { page, pageSize: apiKeysPageSize } }),
      ),
    ),
  create: async (body: CreateApiKeyRequest) =>
    createdApiKeySchema.parse(await unwrap(apiClient.post(apiKeyPaths.keys, body))),
  revoke: async (body: RevokeApiKeyRequest) => {
    await unwrap(apiClient.delete(apiKeyPaths.keys, { data: body }));
  },
};

export const useApiKeys = (workspaceId: string, page: number) =>
  useQuery({
    queryKey: [...keysKey(workspaceId), page],
    queryFn: () => apiKeysApi.list(workspaceId, page),
    placeholderData: keepPreviousData,
  });

/** A change to the keys; the list is read again afterwards. */
export function useApiKeyMutation<TVariables, TResult>(
  workspaceId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: keysKey(workspaceId) }),
  });
}
