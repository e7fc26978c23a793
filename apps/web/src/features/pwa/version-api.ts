import { applicationSchema, workspacePaths } from '@wsm/contracts';
import { apiClient, unwrap } from '../../lib/api-client';

// The update prompt reads the web app's own version: `version.pwa` of an application (api-contract.md
// section 5, "Applications").

export const applicationByKeyPath = (key: string, workspaceId: string): string =>
  workspacePaths.applicationByKey(encodeURIComponent(workspaceId), encodeURIComponent(key));

/**
 * The web app's version as the server reports it, or null when it reports none. A background check:
 * failures do not redirect (the caller ignores them).
 */
export async function fetchPwaVersion(
  key: string,
  workspaceId: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const data = await unwrap(
    apiClient.get(applicationByKeyPath(key, workspaceId), { noRedirection: true, onError: () => {}, signal }),
  );
  const pwa = applicationSchema.parse(data).version.pwa?.trim();
  return pwa ? pwa : null;
}
