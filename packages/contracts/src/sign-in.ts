import { z } from 'zod';
import { idSchema, imageRefSchema } from './workspace-fields';

// "Sign in with the workspace": an application's OpenID Connect client settings.

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * A redirect URI an application may register (matched exactly): https; http only on a loopback host
 * with any port (native apps, RFC 8252); or a private-use scheme with a dot, e.g. com.example.app:/cb.
 * No wildcards, no fragments, no credentials in the address.
 */
export function isAllowedRedirectUri(value: string): boolean {
  if (value.length > 2000 || /[*#\s\\]/.test(value)) return false;
  const parts = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.+)$/.exec(value);
  if (!parts) return false;
  const scheme = parts[1]!.toLowerCase();
  const rest = parts[2]!;
  if (scheme === 'https' || scheme === 'http') {
    // The authority (no user information) and then a path, a query or nothing.
    const authority = /^\/\/([^/?@]+)(?:[/?].*)?$/.exec(rest)?.[1];
    if (!authority) return false;
    const host = /^(\[[0-9a-fA-F:.]+\]|[a-zA-Z0-9.-]+)(?::\d{1,5})?$/.exec(authority)?.[1]?.toLowerCase();
    if (!host) return false;
    return scheme === 'https' || loopbackHosts.has(host);
  }
  // A private-use scheme names a domain the app owns, reversed (RFC 8252 section 7.1).
  return scheme.includes('.') && /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/.test(scheme);
}

const redirectUriSchema = z.string().refine(isAllowedRedirectUri, { message: 'invalid_redirect_uri' });
const redirectUrisSchema = z.array(redirectUriSchema).max(20);

export const clientTypes = ['public', 'confidential'] as const;

/** How the application's ID tokens are signed: ES256 unless it asks RS256 (both keys are in the JWKS). */
export const idTokenSigningAlgs = ['ES256', 'RS256'] as const;

export const saveSignInRequestSchema = z.object({
  workspaceId: idSchema,
  applicationId: idSchema,
  enabled: z.boolean(),
  clientType: z.enum(clientTypes),
  redirectUris: redirectUrisSchema.min(1),
  postLogoutRedirectUris: redirectUrisSchema,
  /** Left out: kept as it was (ES256 for a new client). */
  idTokenSignedResponseAlg: z.enum(idTokenSigningAlgs).optional(),
});
export type SaveSignInRequest = z.infer<typeof saveSignInRequestSchema>;

export const signInSettingsSchema = z.object({
  clientId: z.string(),
  clientType: z.enum(clientTypes),
  enabled: z.boolean(),
  redirectUris: z.array(z.string()),
  postLogoutRedirectUris: z.array(z.string()),
  /** Only for a client that chose RS256: the answer of an ES256 client (the default) stays as before. */
  idTokenSignedResponseAlg: z.enum(idTokenSigningAlgs).optional(),
  /** Only when a confidential client is first made (or turned confidential): shown once. */
  clientSecret: z.string().optional(),
});
export type SignInSettings = z.infer<typeof signInSettingsSchema>;

export const rotateSignInSecretRequestSchema = z.object({ workspaceId: idSchema, applicationId: idSchema });
export const signInSecretSchema = z.object({ clientSecret: z.string() });
export const signInParamsSchema = z.object({ id: idSchema, appId: idSchema });

/**
 * A pending sign-in of an application (an OpenID Connect interaction): what the login page shows
 * while it signs a member into an application of a workspace. Public; unknown or expired → 404.
 */

export const signInRequestSchema = z.object({
  application: z.object({ id: z.string(), name: z.string() }),
  workspace: z.object({ id: z.string(), name: z.string(), logo: imageRefSchema.nullable() }),
  /** prompt=login: the login form is shown even to a browser that has a product session. */
  forceLogin: z.boolean(),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** The member's side: the applications they signed into with the workspace, and disconnecting one. */

export const connectedApplicationSchema = z.object({
  /** The grant's id. */
  id: z.string(),
  application: z.object({ id: z.string(), name: z.string() }),
  workspace: z.object({ id: z.string(), name: z.string() }),
  scopes: z.array(z.string()),
  firstSignInDate: z.string(),
  lastSignInDate: z.string(),
});
export type ConnectedApplication = z.infer<typeof connectedApplicationSchema>;
export const connectedApplicationsSchema = z.array(connectedApplicationSchema);
export const disconnectApplicationRequestSchema = z.object({ id: z.string().min(1).max(200) });
