import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Envelope,
  type SaveSignInRequest,
  type SignInSettings,
  StatusCode,
  signInPaths,
  signInSecretSchema,
  signInSettingsSchema,
} from '@wsm/contracts';
import { ApiError, apiClient, unwrap } from '../../../../lib/api-client';

// An application's "sign in with the workspace" settings (docs/sign-in-with-workspace.md).

export const signInKeys = {
  settings: (workspaceId: string, applicationId: string) => ['sign-in', workspaceId, applicationId] as const,
};

/** The settings without a secret, or null while the application has never been set up to sign in. */
async function readSettings(workspaceId: string, applicationId: string): Promise<SignInSettings | null> {
  try {
    return signInSettingsSchema.parse(
      await unwrap(
        apiClient.get<Envelope<SignInSettings>>(signInPaths.get(workspaceId, applicationId), {
          onError: () => undefined,
        }),
      ),
    );
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === StatusCode.notFound) return null;
    throw error;
  }
}

export const useSignInSettings = (workspaceId: string, applicationId: string) =>
  useQuery({
    queryKey: signInKeys.settings(workspaceId, applicationId),
    queryFn: () => readSettings(workspaceId, applicationId),
  });

/** Saves the settings; a new confidential client's answer carries its secret, once. */
export function useSaveSignIn(workspaceId: string, applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Omit<SaveSignInRequest, 'workspaceId' | 'applicationId'>) =>
      signInSettingsSchema.parse(
        await unwrap(
          apiClient.put<Envelope<SignInSettings>>(signInPaths.save, { workspaceId, applicationId, ...body }),
        ),
      ),
    onSuccess: ({ clientSecret: _secret, ...settings }) =>
      client.setQueryData(signInKeys.settings(workspaceId, applicationId), settings),
  });
}

/** A new client secret, shown once; the old one stops at once. */
export function useRotateSignInSecret(workspaceId: string, applicationId: string) {
  return useMutation({
    mutationFn: async () =>
      signInSecretSchema.parse(
        await unwrap(apiClient.post(signInPaths.secret, { workspaceId, applicationId })),
      ).clientSecret,
  });
}
