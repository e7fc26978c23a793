import { appVersionPaths, appVersionSchema } from '@wsm/contracts';
import { apiClient, unwrap } from '../../lib/api-client';

// The update prompt reads the web app's own version from the server that serves it
// (`GET /v1/app/version/`): no login and no workspace needed.

/**
 * The web app's version as the server reports it, or null when it reports none. A background check:
 * failures do not redirect (the caller ignores them).
 */
export async function fetchAppVersion(signal?: AbortSignal): Promise<string | null> {
  const data = await unwrap(
    apiClient.get(appVersionPaths.version, { noRedirection: true, onError: () => {}, signal }),
  );
  const version = appVersionSchema.parse(data).version.trim();
  return version ? version : null;
}
