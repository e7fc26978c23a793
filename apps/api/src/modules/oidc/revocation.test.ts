import { identityPaths, workspacePaths } from '@wsm/contracts';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberWith } from '../../../test/fixtures';
import { Browser, newProductSession, signIn, signInClient } from '../../../test/oidc-fixtures';
import { appForFile } from '../../../test/test-app';
import { emit } from '../../events/bus';
import { setUserStatus } from '../identity/accounts';
import { setMemberStatus } from '../members/service';

const api = appForFile();
beforeAll(() => {
  (api.deps.config as { publicUrl: string }).publicUrl = api.url;
});

/** A confidential client (it may introspect), a member, and that member's tokens from a product session. */
async function signedInMember() {
  const rp = await signInClient(api, { fields: { clientType: 'confidential' } });
  const member = await memberWith(api, rp.ws, ['tenant_profile_read']);
  const tokens = await signIn(rp.config, new Browser(api, member.user.tokens.accessToken));
  return { ...rp, member, tokens };
}

type Tokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

async function userinfoStatus(config: client.Configuration, accessToken: string): Promise<number> {
  const answer = await fetch(String(config.serverMetadata().userinfo_endpoint), {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return answer.status;
}

/** The grant works: userinfo answers and introspection says active. */
async function expectAlive(config: client.Configuration, tokens: Tokens) {
  expect(await userinfoStatus(config, tokens.access_token)).toBe(200);
  expect((await client.tokenIntrospection(config, tokens.refresh_token!)).active).toBe(true);
}

/** The grant is dead at once: refresh → invalid_grant, userinfo → 401, introspection → inactive. */
async function expectRevoked(config: client.Configuration, tokens: Tokens) {
  expect(await userinfoStatus(config, tokens.access_token)).toBe(401);
  expect((await client.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
  expect((await client.tokenIntrospection(config, tokens.refresh_token!)).active).toBe(false);
  await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
    error: 'invalid_grant',
  });
}

describe("revoking an application's grants at once", () => {
  it('when the member is removed from the workspace', async () => {
    const { ws, member, tokens, config, call } = await signedInMember();
    await expectAlive(config, tokens);
    const removed = await call('DELETE', workspacePaths.members, ws.owner.tokens.accessToken, {
      workspaceId: ws.id,
      memberId: member.memberId,
    });
    expect(removed.status).toBe(200);
    await expectRevoked(config, tokens);
  });

  it('when the member is suspended in the workspace', async () => {
    const { ws, member, tokens, config } = await signedInMember();
    await expectAlive(config, tokens);
    // What the directory's status change writes for a member (users/service.ts).
    await setMemberStatus(api.deps.database.db, ws.id, member.user.id, 'suspended');
    await expectRevoked(config, tokens);
  });

  it('when the account is suspended', async () => {
    const { member, tokens, config } = await signedInMember();
    await expectAlive(config, tokens);
    await setUserStatus(api.deps, member.user.id, 'suspended');
    await expectRevoked(config, tokens);
  });

  it("when the application's sign-in is switched off, and when the application is deleted", async () => {
    const { ws, appId, token, tokens, config, call, member } = await signedInMember();
    await expectAlive(config, tokens);
    const off = await call('PUT', '/v1/workspaces/profile/applications/sign-in/', token, {
      workspaceId: ws.id,
      applicationId: appId,
      enabled: false,
      clientType: 'confidential',
      redirectUris: ['http://127.0.0.1:9/callback'],
      postLogoutRedirectUris: [],
    });
    expect(off.status).toBe(200);
    // Switched off, the client itself is unknown: nothing it holds works.
    expect(await userinfoStatus(config, tokens.access_token)).toBe(401);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      status: 401,
      cause: [{ parameters: { error: 'invalid_client' } }],
    });
    // Switched on again, the grant stays dead.
    const on = await call('PUT', '/v1/workspaces/profile/applications/sign-in/', token, {
      workspaceId: ws.id,
      applicationId: appId,
      enabled: true,
      clientType: 'confidential',
      redirectUris: ['http://127.0.0.1:9/callback'],
      postLogoutRedirectUris: [],
    });
    expect(on.status).toBe(200);
    await expectRevoked(config, tokens);
    const again = await signIn(config, new Browser(api, member.user.tokens.accessToken));
    await expectAlive(config, again);
    const deleted = await call('DELETE', workspacePaths.applications, token, {
      workspaceId: ws.id,
      applicationId: appId,
    });
    expect(deleted.status).toBe(200);
    expect(await userinfoStatus(config, again.access_token)).toBe(401);
  });

  it('when the user ends that session, logs out of it, or ends the other sessions', async () => {
    const { member, tokens, config, call } = await signedInMember();
    const user = member.user;
    await expectAlive(config, tokens);
    // Ended from another session of the same person.
    const other = await newProductSession(api, user.id);
    const sessions = await call<{ items: { id: string; current: boolean }[] }>(
      'GET',
      identityPaths.sessions,
      other.token,
    );
    const first = sessions.body.data.items.find((s) => !s.current)!;
    expect((await call('DELETE', identityPaths.sessions, other.token, { sessionId: first.id })).status).toBe(
      200,
    );
    await expectRevoked(config, tokens);

    // A grant of the second session dies when that session logs out.
    const second = await signIn(config, new Browser(api, other.token));
    await expectAlive(config, second);
    expect((await call('DELETE', identityPaths.logout, other.token)).status).toBe(200);
    await expectRevoked(config, second);

    // A third session's grant dies when a fourth ends "the other sessions"; the fourth's own stays.
    const third = await newProductSession(api, user.id);
    const fourth = await newProductSession(api, user.id);
    const thirdTokens = await signIn(config, new Browser(api, third.token));
    const fourthTokens = await signIn(config, new Browser(api, fourth.token));
    expect((await call('DELETE', identityPaths.sessionsOthers, fourth.token)).status).toBe(200);
    await expectRevoked(config, thirdTokens);
    await expectAlive(config, fourthTokens);
  });

  it('when the password changes (the grants of the session it was changed in too)', async () => {
    const { member, tokens, config } = await signedInMember();
    await expectAlive(config, tokens);
    await emit('password.changed', { userId: member.user.id }, { db: api.deps.database.db });
    await expectRevoked(config, tokens);
  });
});
