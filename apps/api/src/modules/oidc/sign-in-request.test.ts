import { type SignInRequest, type SignInSettings, signInPaths, signInRequestPaths } from '@wsm/contracts';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { callIn, ownerWithWorkspace } from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';

const api = appForFile();
const call = callIn(api, 'en');

beforeAll(() => {
  (api.deps.config as { publicUrl: string }).publicUrl = api.url;
});

const redirectUri = 'http://127.0.0.1:9/callback';

/** A workspace with an application that signs in; answers what a test needs to start flows for it. */
async function signingInApplication() {
  const { ws, token } = await ownerWithWorkspace(api);
  const app = await call<{ id: string }>('POST', '/v1/workspaces/profile/applications/', token, {
    workspaceId: ws.id,
    key: 'shop',
    name: 'Shop',
  });
  const body = {
    workspaceId: ws.id,
    applicationId: app.body.data.id,
    enabled: true,
    clientType: 'public',
    redirectUris: [redirectUri],
    postLogoutRedirectUris: [],
  };
  const made = await call<SignInSettings>('PUT', signInPaths.save, token, body);
  const config = await client.discovery(
    new URL(`${api.url}/oidc`),
    made.body.data.clientId,
    undefined,
    client.None(),
    { execute: [client.allowInsecureRequests] },
  );
  const disable = () => call('PUT', signInPaths.save, token, { ...body, enabled: false });
  return { ws, appId: app.body.data.id, config, disable };
}

/** Starts a sign-in as a browser without a product session; answers the interaction's uid. */
async function startSignIn(
  config: client.Configuration,
  extra: Record<string, string> = {},
): Promise<string> {
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid workspace',
    code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
    state: client.randomState(),
    ...extra,
  });
  let next = await fetch(url, { redirect: 'manual' });
  let cookies = next.headers.getSetCookie().map((line) => line.split(';')[0]);
  for (let hops = 0; hops < 5; hops++) {
    const location = next.headers.get('location') ?? '';
    const returnTo = new URL(location, api.url).searchParams.get('returnTo');
    if (returnTo) return /^\/oidc\/interaction\/([\w-]+)\/$/.exec(returnTo)![1]!;
    next = await fetch(new URL(location, api.url), {
      redirect: 'manual',
      headers: { cookie: cookies.join('; ') },
    });
    cookies = [...cookies, ...next.headers.getSetCookie().map((line) => line.split(';')[0])];
  }
  throw new Error('no login redirect');
}

describe('the details of a pending sign-in', () => {
  it('names the application and its workspace, and nothing else, to a browser without a login', async () => {
    const { ws, appId, config } = await signingInApplication();
    const uid = await startSignIn(config);
    const answer = await fetch(`${api.url}${signInRequestPaths.details(uid)}`);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { statusCode: number; data: SignInRequest };
    expect(body.statusCode).toBe(200);
    expect(body.data).toEqual({
      application: { id: appId, name: 'Shop' },
      workspace: { id: ws.id, name: 'Test workspace', logo: null },
      forceLogin: false,
    });
  });

  it('says when the application asked for a fresh login (prompt=login)', async () => {
    const { config } = await signingInApplication();
    const uid = await startSignIn(config, { prompt: 'login' });
    const answer = await call<SignInRequest>('GET', signInRequestPaths.details(uid));
    expect(answer.body.data.forceLogin).toBe(true);
  });

  it('answers not found for an unknown id and for an application whose sign-in was switched off', async () => {
    const unknown = await call('GET', signInRequestPaths.details('no-such-interaction'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.statusCode).toBe(404);
    expect(JSON.stringify(unknown.body.data ?? null)).not.toContain('Shop');
    const { config, disable } = await signingInApplication();
    const uid = await startSignIn(config);
    await disable();
    const off = await call('GET', signInRequestPaths.details(uid));
    expect(off.status).toBe(404);
  });
});
