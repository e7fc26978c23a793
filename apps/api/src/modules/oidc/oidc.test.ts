import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/test-app';

const api = appForFile();

// The issuer is the public address; here, the test server's own.
beforeAll(() => {
  (api.deps.config as { publicUrl: string }).publicUrl = api.url;
});

describe('the OpenID Connect provider', () => {
  it('publishes its discovery document: code flow with S256 only, the workspace scope, ES256 keys', async () => {
    const issuer = `${api.url}/oidc`;
    const config = await client.discovery(new URL(issuer), 'nobody', undefined, undefined, {
      execute: [client.allowInsecureRequests],
    });
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(issuer);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'phone', 'offline_access', 'workspace']),
    );
    expect(meta.claims_supported).toEqual(expect.arrayContaining(['workspace_id', 'roles', 'permissions']));
    expect(meta.id_token_signing_alg_values_supported).toEqual(['ES256']);
    for (const endpoint of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
      'end_session_endpoint',
      'revocation_endpoint',
      'introspection_endpoint',
    ] as const)
      expect(String(meta[endpoint])).toMatch(new RegExp(`^${issuer}/`));
    const jwks = (await (await fetch(String(meta.jwks_uri))).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
  });

  it('refuses an unknown client without redirecting anywhere', async () => {
    const answer = await fetch(
      `${api.url}/oidc/auth?client_id=nobody&response_type=code&scope=openid&redirect_uri=https://evil.example/cb&code_challenge=abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq&code_challenge_method=S256`,
      { redirect: 'manual' },
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
  });
});
