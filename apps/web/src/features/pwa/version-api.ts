import { z } from 'zod';
import { apiClient, unwrap } from '../../lib/api-client';

// The application payload of api-contract.md section 5 ("Applications"), as far as the update prompt
// reads it: the web app's own version is `version.pwa`.

const nullableText = z.string().nullable().optional();

export const applicationVersionSchema = z.object({
  pwa: nullableText,
  ios: nullableText,
  android: nullableText,
  windows: nullableText,
  macos: nullableText,
});

export const applicationSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  title: nullableText,
  slogan: nullableText,
  description: nullableText,
  keywords: nullableText,
  version: applicationVersionSchema.nullable(),
  socialNetworks: z
    .object({ instagram: nullableText, telegram: nullableText, x: nullableText, rubika: nullableText })
    .nullable()
    .optional(),
  createdDate: z.string(),
});

export type Application = z.infer<typeof applicationSchema>;

export const applicationByKeyPath = (key: string, workspaceId: string): string =>
  `/v1/profiles/applications/application-key/${encodeURIComponent(key)}/workspace-id/${encodeURIComponent(workspaceId)}/`;

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
  const application = applicationSchema.parse(data);
  const pwa = application.version?.pwa?.trim();
  return pwa ? pwa : null;
}
