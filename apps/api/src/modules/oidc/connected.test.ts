import {
  type AuditPage,
  auditPaths,
  type ConnectedApplication,
  connectedApplicationsPaths,
} from '@wsm/contracts';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { callIn, memberWith } from '../../../test/fixtures';
import { Browser, signIn, signInClient } from '../../../test/oidc-fixtures';
import { appForFile } from '../../../test/test-app';

const api = appForFile();
beforeAll(() => {
  (api.deps.config as { publicUrl: string }).publicUrl = api.url;
});
const call = callIn(api, 'en');

describe('connected applications', () => {
  it("lists the caller's grants (application, workspace, scopes, first and last sign-in) and disconnects one at once", async () => {
    const shop = await signInClient(api, { fields: { clientType: 'confidential' } });
    const member = await memberWith(api, shop.ws, null);
    const token = member.user.tokens.accessToken;
    const browser = new Browser(api, token);
    const first = await signIn(shop.config, browser, { scope: 'openid profile offline_access' });
    const second = await signIn(shop.config, browser, { scope: 'openid workspace offline_access' });
    const listed = await call<ConnectedApplication[]>('GET', connectedApplicationsPaths.list, token);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    const [grant] = listed.body.data;
    expect(grant).toMatchObject({
      application: { id: shop.appId, name: 'Shop' },
      workspace: { id: shop.ws.id },
    });
    expect(grant!.scopes).toEqual(
      expect.arrayContaining(['openid', 'profile', 'workspace', 'offline_access']),
    );
    expect(Date.parse(grant!.lastSignInDate)).toBeGreaterThanOrEqual(Date.parse(grant!.firstSignInDate));
    // Someone else sees nothing of it, and cannot disconnect it.
    const stranger = await memberWith(api, shop.ws, null);
    const theirs = await call<ConnectedApplication[]>(
      'GET',
      connectedApplicationsPaths.list,
      stranger.user.tokens.accessToken,
    );
    expect(theirs.body.data).toEqual([]);
    const refused = await call(
      'DELETE',
      connectedApplicationsPaths.disconnect,
      stranger.user.tokens.accessToken,
      {
        id: grant!.id,
      },
    );
    expect(refused.status).toBe(404);
    expect((await client.tokenIntrospection(shop.config, second.refresh_token!)).active).toBe(true);
    // Disconnected: every token of the grant is dead at once.
    const gone = await call('DELETE', connectedApplicationsPaths.disconnect, token, { id: grant!.id });
    expect(gone.status).toBe(200);
    for (const tokens of [first, second]) {
      expect((await client.tokenIntrospection(shop.config, tokens.refresh_token!)).active).toBe(false);
      await expect(client.refreshTokenGrant(shop.config, tokens.refresh_token!)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    }
    const userinfo = await fetch(String(shop.config.serverMetadata().userinfo_endpoint), {
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(userinfo.status).toBe(401);
    // The workspace's log names the member and the application, once.
    const audit = await call<AuditPage>(
      'GET',
      `${auditPaths.list(shop.ws.id)}?action=application.disconnected`,
      shop.token,
    );
    expect(audit.body.data.items).toEqual([
      expect.objectContaining({
        action: 'application.disconnected',
        actor: expect.objectContaining({ id: member.user.id }),
        subject: { type: 'application', id: shop.appId, label: 'Shop' },
      }),
    ]);
    expect(
      (await call<ConnectedApplication[]>('GET', connectedApplicationsPaths.list, token)).body.data,
    ).toEqual([]);
    expect(
      (await call('DELETE', connectedApplicationsPaths.disconnect, token, { id: grant!.id })).status,
    ).toBe(404);
  });

  it('leaves out grants that no longer work, and needs a signed-in caller', async () => {
    const shop = await signInClient(api);
    const member = await memberWith(api, shop.ws, null);
    const token = member.user.tokens.accessToken;
    await signIn(shop.config, new Browser(api, token), { scope: 'openid' });
    expect(
      (await call<ConnectedApplication[]>('GET', connectedApplicationsPaths.list, token)).body.data,
    ).toHaveLength(1);
    await call('DELETE', '/v1/workspaces/members/identity/', shop.token, {
      workspaceId: shop.ws.id,
      memberId: member.memberId,
    });
    expect(
      (await call<ConnectedApplication[]>('GET', connectedApplicationsPaths.list, token)).body.data,
    ).toEqual([]);
    expect((await call('GET', connectedApplicationsPaths.list)).status).toBe(401);
    expect((await call('DELETE', connectedApplicationsPaths.disconnect, undefined, { id: 'x' })).status).toBe(
      401,
    );
  });
});
