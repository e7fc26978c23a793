import type { Client, KoaContextWithOIDC, ResourceServer } from 'oidc-provider';

// Resource indicators (RFC 8707): an application may name its own API as the audience of its access
// token and gets a JWT access token (RFC 9068) for it. Its "own" API is an address on the origin of one
// of its registered https (or loopback http) redirect URIs: registering those already proves the
// application's origin, so nothing else needs registering, and no application gets a token for another
// application's origin (docs/sign-in-with-workspace.md, "Access tokens for an application's API").

/** The scopes an API's access token may carry (the openid scopes stay with the ID token and userinfo). */
export const resourceScopes = ['profile', 'email', 'phone', 'workspace'] as const;

/** Access tokens for an application's API live as long as the provider's own (10 minutes). */
export const resourceTokenTtl = 600;

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** The origins an application may name resources on: those of its https and loopback redirect URIs. */
function originsOf(redirectUris: readonly string[]): Set<string> {
  const origins = new Set<string>();
  for (const uri of redirectUris) {
    try {
      const url = new URL(uri);
      if (url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname)))
        origins.add(url.origin);
    } catch {
      // Private-use schemes have no origin.
    }
  }
  return origins;
}

/** Whether `resource` is an absolute URI, without a fragment, on one of the application's origins. */
export function isOwnResource(resource: string, redirectUris: readonly string[]): boolean {
  try {
    const url = new URL(resource);
    return !url.hash && !resource.includes('#') && originsOf(redirectUris).has(url.origin);
  } catch {
    return false;
  }
}

/** The provider's resourceIndicators feature (`invalidTarget` builds its invalid_target error). */
export function resourceIndicators(invalidTarget: (message: string) => Error) {
  return {
    enabled: true,
    // Without a resource, the access token is the provider's own (opaque, for userinfo).
    defaultResource: () => undefined as unknown as string,
    // A resource named at the authorization is the token's audience without naming it again.
    useGrantedResource: () => true,
    getResourceServerInfo: async (
      _ctx: KoaContextWithOIDC,
      resource: string,
      client: Client,
    ): Promise<ResourceServer> => {
      if (!isOwnResource(resource, client.redirectUris ?? []))
        throw invalidTarget('the resource is not on an origin of the application');
      return {
        scope: resourceScopes.join(' '),
        audience: resource,
        accessTokenTTL: resourceTokenTtl,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'ES256' } },
      };
    },
  };
}
