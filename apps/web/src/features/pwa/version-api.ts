import { type AppVersion, appVersionPaths } from '@wsm/contracts';
import { apiClient, unwrap } from '../../lib/api-client';

// The update prompt reads the web app's own version from the server that serves it
// (`GET /v1/app/version/`): no login and no workspace needed. Every screen makes this check, the
// public ones too, so its answer is checked here rather than with zod or the signed-in frame's checks,
// which would download either with it.

function isAppVersion(data: unknown): data is AppVersion {
  if (typeof data !== 'object' || data === null) return false;
  const { version, builtAt } = data as Record<string, unknown>;
  return typeof version === 'string' && version.length > 0 && typeof builtAt === 'string';
}

/**
 * The web app's version as the server reports it, or null when it reports none. A background check:
 * failures do not redirect (the caller ignores them).
 */
export async function fetchAppVersion(signal?: AbortSignal): Promise<string | null> {
  const data = await unwrap(
    apiClient.get(appVersionPaths.version, { noRedirection: true, onError: () => {}, signal }),
  );
  if (!isAppVersion(data)) throw new Error('The version answer does not fit its contract');
  const version = data.version.trim();
  return version ? version : null;
}
