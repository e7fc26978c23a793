import { type Application, customIssueMessages } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { callIn, createWorkspace, memberWith, ownerWithWorkspace, quickUser } from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';

const api = appForFile();

const base = '/v1/workspaces/profile/applications';
const call = callIn(api, 'fa');

const setup = () => ownerWithWorkspace(api);
/** Adds an application to the workspace as the holder of `token`; answers the call's answer. */
const addApplication = (token: string, workspaceId: string, fields: Record<string, unknown>) =>
  call<Application>('POST', `${base}/`, token, { workspaceId, ...fields });

describe('applications', () => {
  it('has the built-in tenant-settings application, named in the reader’s language', async () => {
    const { ws, token } = await setup();
    const fa = await call<Application[]>('GET', `${base}/workspace-id/${ws.id}/`, token);
    expect(fa.body.data).toHaveLength(1);
    expect(fa.body.data[0]).toMatchObject({
      key: 'tenant-settings',
      name: 'تنظیمات فضای کاری',
      keywords: [],
      version: { pwa: null, ios: null, android: null, windows: null, macos: null },
      socialNetworks: { instagram: null, telegram: null, x: null, rubika: null },
    });
    const en = await call<Application[]>('GET', `${base}/workspace-id/${ws.id}/`, token, undefined, 'en');
    expect(en.body.data[0]!.name).toBe('Workspace settings');
  });

  it('creates, reads by id and by key, updates (version for the update prompt) and deletes', async () => {
    const { ws, token } = await setup();
    const created = await addApplication(token, ws.id, {
      key: 'Shop',
      name: 'فروشگاه',
      title: 'Shop',
      slogan: 'Buy',
      keywords: ['a', 'b'],
      version: { pwa: '1.0.0' },
      socialNetworks: { instagram: 'shop' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      key: 'shop',
      name: 'فروشگاه',
      keywords: ['a', 'b'],
      version: { pwa: '1.0.0', ios: null },
      socialNetworks: { instagram: 'shop', telegram: null },
    });
    const id = created.body.data.id;
    const byId = await call<Application>('GET', `${base}/application-id/${id}/workspace-id/${ws.id}/`, token);
    expect(byId.body.data).toEqual(created.body.data);
    const updated = await call<Application>('PUT', `${base}/`, token, {
      workspaceId: ws.id,
      applicationId: id,
      version: { pwa: '1.1.0', android: '2' },
      title: '',
    });
    expect(updated.body.data).toMatchObject({
      version: { pwa: '1.1.0', android: '2' },
      title: null,
      name: 'فروشگاه',
    });
    const byKey = await call<Application>(
      'GET',
      `/v1/profiles/applications/application-key/shop/workspace-id/${ws.id}/`,
      token,
    );
    expect(byKey.body.data.version.pwa).toBe('1.1.0');
    expect((await call('DELETE', `${base}/`, token, { workspaceId: ws.id, applicationId: id })).status).toBe(
      200,
    );
    expect((await call('GET', `${base}/application-id/${id}/workspace-id/${ws.id}/`, token)).status).toBe(
      404,
    );
    expect(
      (await call('GET', `/v1/profiles/applications/application-key/shop/workspace-id/${ws.id}/`, token))
        .status,
    ).toBe(404);
  });

  it('answers 261 for a key taken in the workspace (the same key is fine in another)', async () => {
    const { owner, ws, token } = await setup();
    const body = { workspaceId: ws.id, key: 'crm', name: 'CRM' };
    expect((await call('POST', `${base}/`, token, body)).status).toBe(200);
    expect((await call('POST', `${base}/`, token, body)).body.statusCode).toBe(261);
    const builtIn = await call('POST', `${base}/`, token, { ...body, key: 'tenant-settings' });
    expect(builtIn.body.statusCode).toBe(261);
    const other = await createWorkspace(api, owner);
    expect((await call('POST', `${base}/`, token, { ...body, workspaceId: other.id })).status).toBe(200);
  });

  it('validates the key in both languages', async () => {
    const { ws, token } = await setup();
    const bad = await call<{ errors: unknown[] }>('POST', `${base}/`, token, {
      workspaceId: ws.id,
      key: '1 bad',
      name: 'x',
    });
    expect(bad.body.data.errors).toEqual([
      { path: 'key', message: String(customIssueMessages.invalid_application_key?.fa) },
    ]);
    const en = await call<{ errors: unknown[] }>(
      'POST',
      `${base}/`,
      token,
      { workspaceId: ws.id, key: '1 bad', name: 'x' },
      'en',
    );
    expect(en.body.data.errors).toEqual([
      { path: 'key', message: 'The application key must be 2–40 of a-z, 0-9 and -, starting with a letter' },
    ]);
  });

  it('keeps the built-in application: its key cannot change and it cannot be deleted', async () => {
    const { ws, token } = await setup();
    const [builtIn] = (await call<Application[]>('GET', `${base}/workspace-id/${ws.id}/`, token)).body.data;
    const rename = await call('PUT', `${base}/`, token, {
      workspaceId: ws.id,
      applicationId: builtIn!.id,
      key: 'other',
    });
    expect(rename.body.statusCode).toBe(403);
    const version = await call<Application>('PUT', `${base}/`, token, {
      workspaceId: ws.id,
      applicationId: builtIn!.id,
      version: { pwa: '2.0.0' },
    });
    expect(version.body.data.version.pwa).toBe('2.0.0');
    const remove = await call('DELETE', `${base}/`, token, {
      workspaceId: ws.id,
      applicationId: builtIn!.id,
    });
    expect(remove.body.statusCode).toBe(403);
  });

  it('any member reads; creating needs tenant_profile_create, changing and deleting tenant_profile_update', async () => {
    const { ws, token } = await setup();
    const app = await addApplication(token, ws.id, { key: 'app', name: 'App' });
    const none = await memberWith(api, ws, null);
    const creator = await memberWith(api, ws, ['tenant_profile_create']);
    const t = none.user.tokens.accessToken;
    expect((await call('GET', `${base}/workspace-id/${ws.id}/`, t)).status).toBe(200);
    expect(
      (await call('GET', `/v1/profiles/applications/application-key/app/workspace-id/${ws.id}/`, t)).status,
    ).toBe(200);
    expect((await addApplication(t, ws.id, { key: 'x1', name: 'x' })).body.statusCode).toBe(403);
    const ct = creator.user.tokens.accessToken;
    expect((await addApplication(ct, ws.id, { key: 'x2', name: 'x' })).status).toBe(200);
    const put = await call('PUT', `${base}/`, ct, {
      workspaceId: ws.id,
      applicationId: app.body.data.id,
      name: 'y',
    });
    expect(put.body.statusCode).toBe(403);
    const del = await call('DELETE', `${base}/`, ct, { workspaceId: ws.id, applicationId: app.body.data.id });
    expect(del.body.statusCode).toBe(403);
    const stranger = await quickUser(api);
    expect((await call('GET', `${base}/workspace-id/${ws.id}/`, stranger.tokens.accessToken)).status).toBe(
      403,
    );
  });
});
