import { signInPaths } from '@wsm/contracts';
import { decodeProtectedHeader } from 'jose';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  Browser,
  redirectUri,
  retarget,
  settings,
  signInClient,
} from '../../../test/oidc-fixtures';
import { appForFile } from '../../../test/test-app';

const api = appForFile();
beforeAll(() => {
  (api.deps.config as { publicUrl: string }).publicUrl = api.url;
});

/** openid-client for a client that expects `alg` and checks the ID token's signature against the JWKS. */
async function strictRelyingParty(clientId: string, alg: string) {
  const to = retarget(api.url, api.url);
  const customFetch: client.CustomFetch = (url, init) => fetch(to(url), init as RequestInit);
  const config = await client.discovery(
    new URL(`${api.url}/oidc`),
    clientId,
    { id_token_signed_response_alg: alg },
    client.None(),
    { execute: [client.allowInsecureRequests], [client.customFetch]: customFetch },
  );
  client.enableNonRepudiationChecks(config);
  return config;
}

async function idTokenOf(config: client.Configuration, accessToken: string) {
  const { url, verifier, state, nonce } = await authorize(config, { scope: 'openid' });
  const back = await new Browser(api, accessToken).follow(url.href);
  const tokens = await client.authorizationCodeGrant(config, new URL(back.location!), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  return tokens.id_token!;
}

describe('the ID token algorithm', () => {
  it('offers ES256 and RS256, each with a published key', async () => {
    const meta = (await (await fetch(`${api.url}/oidc/.well-known/openid-configuration`)).json()) as {
      id_token_signing_alg_values_supported: string[];
    };
    expect(meta.id_token_signing_alg_values_supported).toEqual(['ES256', 'RS256']);
    const jwks = (await (await fetch(`${api.url}/oidc/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kty: 'EC', alg: 'ES256', use: 'sig' }),
        expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' }),
      ]),
    );
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
  });

  it('signs with ES256 by default and RS256 for a client that asks it, checked against the JWKS', async () => {
    const { clientId, owner, ws, appId, token, call } = await signInClient(api);
    const es = await idTokenOf(await strictRelyingParty(clientId, 'ES256'), owner.tokens.accessToken);
    expect(decodeProtectedHeader(es).alg).toBe('ES256');

    const saved = await call<{ idTokenSignedResponseAlg: string }>(
      'PUT',
      signInPaths.save,
      token,
      settings(ws.id, appId, {
        clientType: 'public',
        redirectUris: [redirectUri],
        idTokenSignedResponseAlg: 'RS256',
      }),
    );
    expect(saved.body.data.idTokenSignedResponseAlg).toBe('RS256');
    const rs = await idTokenOf(await strictRelyingParty(clientId, 'RS256'), owner.tokens.accessToken);
    expect(decodeProtectedHeader(rs).alg).toBe('RS256');

    // A later save that leaves the field out (the web dialog) keeps the choice.
    const again = await call<{ idTokenSignedResponseAlg: string }>(
      'PUT',
      signInPaths.save,
      token,
      settings(ws.id, appId, { clientType: 'public', redirectUris: [redirectUri] }),
    );
    expect(again.body.data.idTokenSignedResponseAlg).toBe('RS256');
  });

  it('refuses an algorithm it does not offer', async () => {
    const { ws, appId, token, call } = await signInClient(api);
    const answer = await call('PUT', signInPaths.save, token, {
      ...settings(ws.id, appId, { clientType: 'public', redirectUris: [redirectUri] }),
      idTokenSignedResponseAlg: 'HS256',
    });
    expect(answer.status).toBe(400);
  });
});
