import { customIssueMessages, type Workspace, type WorkspaceProfile } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import {
  callIn,
  createWorkspace,
  memberWith,
  pngOf,
  quickUser,
  randomWorkspaceName,
  uploadLogo,
} from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';

const api = appForFile();

const call = callIn(api, 'fa');

describe('creating and listing workspaces', () => {
  it('creates a workspace whose creator is the owner, with the built-in application', async () => {
    const owner = await quickUser(api);
    const workspaceName = randomWorkspaceName();
    const created = await call<Workspace>('POST', '/v1/workspaces/', owner.tokens.accessToken, {
      workspaceName: workspaceName.toUpperCase(),
      name: 'شرکت نمونه',
      description: 'توضیح',
    });
    expect(created.status).toBe(200);
    expect(created.body.statusMessage).toBe('عملیات با موفقیت انجام شد');
    expect(created.body.data).toMatchObject({
      workspaceName,
      name: 'شرکت نمونه',
      description: 'توضیح',
      logo: null,
      status: { id: 'active', key: 'active', name: 'فعال' },
      level: 'owner',
      role: null,
    });
    expect(new Date(created.body.data.createdDate).toISOString()).toBe(created.body.data.createdDate);

    const list = await call<Workspace[]>('GET', '/v1/workspaces/', owner.tokens.accessToken, undefined, 'en');
    expect(list.body.statusMessage).toBe('Done');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      id: created.body.data.id,
      level: 'owner',
      status: { name: 'Active' },
    });

    const apps = await call<{ key: string }[]>(
      'GET',
      `/v1/workspaces/profile/applications/workspace-id/${created.body.data.id}/`,
      owner.tokens.accessToken,
    );
    expect(apps.body.data.map((a) => a.key)).toEqual(['tenant-settings']);
  });

  it('answers 261 for a taken workspaceName, in any case', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const again = await call('POST', '/v1/workspaces/', owner.tokens.accessToken, {
      workspaceName: ws.workspaceName.toUpperCase(),
      name: 'x',
    });
    expect(again.status).toBe(400);
    expect(again.body.statusCode).toBe(261);
  });

  it('validates workspaceName and name, with messages in both languages', async () => {
    const owner = await quickUser(api);
    const bad = await call<{ errors: { path: string; message: string }[] }>(
      'POST',
      '/v1/workspaces/',
      owner.tokens.accessToken,
      { workspaceName: 'a b', name: '' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([
      { path: 'workspaceName', message: String(customIssueMessages.invalid_workspace_name?.fa) },
      { path: 'name', message: 'باید حداقل ۱ نویسه باشد' },
    ]);
    const en = await call<{ errors: { path: string; message: string }[] }>(
      'POST',
      '/v1/workspaces/',
      owner.tokens.accessToken,
      { name: 'x' },
      'en',
    );
    expect(en.body.data.errors).toEqual([{ path: 'workspaceName', message: 'Required' }]);
  });

  it('requires login (401), even with an invalid body', async () => {
    expect((await call('GET', '/v1/workspaces/')).status).toBe(401);
    expect((await call('POST', '/v1/workspaces/', undefined, {})).status).toBe(401);
  });

  it('lists only the workspaces the caller belongs to; a member sees its level and role', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const stranger = await quickUser(api);
    expect(
      (await call<Workspace[]>('GET', '/v1/workspaces/', stranger.tokens.accessToken)).body.data,
    ).toEqual([]);
    const { user, roleId } = await memberWith(api, ws, ['tenant_profile_read']);
    const mine = await call<Workspace[]>('GET', '/v1/workspaces/', user.tokens.accessToken);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ id: ws.id, level: 'member', role: { id: roleId } });
  });

  it('shows one workspace to its members only (page-level 403 for others and for unknown ids)', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const ok = await call<Workspace>('GET', `/v1/workspaces/workspace-id/${ws.id}`, owner.tokens.accessToken);
    expect(ok.body.data.id).toBe(ws.id);
    const stranger = await quickUser(api);
    const denied = await call('GET', `/v1/workspaces/workspace-id/${ws.id}`, stranger.tokens.accessToken);
    expect(denied.status).toBe(403);
    expect(denied.body.statusCode).toBe(403);
    const unknown = await call('GET', '/v1/workspaces/workspace-id/no-such-id', owner.tokens.accessToken);
    expect(unknown.status).toBe(403);
  });
});

describe('the workspace profile', () => {
  it('reads and updates the profile with tenant_profile_read / tenant_profile_update', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner, { name: 'Acme' });
    const read = await call<WorkspaceProfile>(
      'GET',
      `/v1/workspaces/profile/workspace-id/${ws.id}/`,
      owner.tokens.accessToken,
    );
    expect(read.body.data).toMatchObject({
      workspaceId: ws.id,
      name: 'Acme',
      email: null,
      logo: null,
      socialNetworks: { instagram: null, telegram: null, x: null, rubika: null },
    });
    const updated = await call<WorkspaceProfile>('PUT', '/v1/workspaces/profile/', owner.tokens.accessToken, {
      workspaceId: ws.id,
      name: 'Acme Co',
      email: 'Info@Acme.example',
      phone: '۰۲۱-۸۸۰۰۱۱۲۲',
      website: 'https://acme.example',
      socialNetworks: { telegram: 'acme' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Acme Co',
      email: 'info@acme.example',
      phone: '021-88001122',
      website: 'https://acme.example',
      socialNetworks: { telegram: 'acme', instagram: null },
    });
    const cleared = await call<WorkspaceProfile>('PUT', '/v1/workspaces/profile/', owner.tokens.accessToken, {
      workspaceId: ws.id,
      email: '',
      socialNetworks: { instagram: 'acme.ig' },
    });
    expect(cleared.body.data).toMatchObject({
      email: null,
      socialNetworks: { telegram: 'acme', instagram: 'acme.ig' },
    });
    const list = await call<Workspace[]>('GET', '/v1/workspaces/', owner.tokens.accessToken);
    expect(list.body.data[0]!.name).toBe('Acme Co');
  });

  it('refuses members without the permission (403 in the body, HTTP 400)', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const reader = await memberWith(api, ws, ['tenant_profile_read']);
    const none = await memberWith(api, ws, null);
    const token = none.user.tokens.accessToken;
    const denied = await call('GET', `/v1/workspaces/profile/workspace-id/${ws.id}/`, token);
    expect(denied.status).toBe(400);
    expect(denied.body.statusCode).toBe(403);
    expect(denied.body.statusMessage).toBe('شما به این درخواست دسترسی ندارید');
    const readOk = await call(
      'GET',
      `/v1/workspaces/profile/workspace-id/${ws.id}/`,
      reader.user.tokens.accessToken,
    );
    expect(readOk.status).toBe(200);
    const write = await call(
      'PUT',
      '/v1/workspaces/profile/',
      reader.user.tokens.accessToken,
      {
        workspaceId: ws.id,
        name: 'hijack',
      },
      'en',
    );
    expect(write.body).toMatchObject({
      statusCode: 403,
      statusMessage: 'You do not have access to this request',
    });
  });

  it('validates the profile fields and refuses a logo that is not this workspace’s image', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const bad = await call<{ errors: { path: string }[] }>(
      'PUT',
      '/v1/workspaces/profile/',
      owner.tokens.accessToken,
      {
        workspaceId: ws.id,
        email: 'not-an-email',
        website: 'javascript:alert(1)',
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e) => e.path).sort()).toEqual(['email', 'website']);
    const logo = await call<{ errors: { path: string }[] }>(
      'PUT',
      '/v1/workspaces/profile/',
      owner.tokens.accessToken,
      {
        workspaceId: ws.id,
        logoId: 'someone-elses-image',
      },
    );
    expect(logo.status).toBe(400);
    expect(logo.body.data.errors[0]!.path).toBe('logoId');
  });
});

describe('the workspace logo', () => {
  const png = () => pngOf('#1976d2', 40);

  it('uploads a logo, sets it on the profile, and shows it on the workspace', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const uploaded = await uploadLogo(api, owner.tokens.accessToken, ws.id, await png());
    expect(uploaded.status).toBe(200);
    const { imageId, url } = uploaded.body.data;
    expect(url).toBe(`/v1/assets/images/${imageId}`);
    const set = await call<WorkspaceProfile>('PUT', '/v1/workspaces/profile/', owner.tokens.accessToken, {
      workspaceId: ws.id,
      logoId: imageId,
    });
    expect(set.body.data.logo).toEqual({ id: imageId, url });
    const list = await call<Workspace[]>('GET', '/v1/workspaces/', owner.tokens.accessToken);
    expect(list.body.data[0]!.logo).toEqual({ id: imageId, url });
    expect((await fetch(api.url + url)).status).toBe(200);
    const removed = await call<WorkspaceProfile>('PUT', '/v1/workspaces/profile/', owner.tokens.accessToken, {
      workspaceId: ws.id,
      logoId: null,
    });
    expect(removed.body.data.logo).toBeNull();
  });

  it('refuses non-members, members without tenant_profile_update, a missing workspaceId and non-images', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    expect((await uploadLogo(api, undefined, ws.id, await png())).status).toBe(401);
    const stranger = await quickUser(api);
    expect((await uploadLogo(api, stranger.tokens.accessToken, ws.id, await png())).status).toBe(403);
    const reader = await memberWith(api, ws, ['tenant_profile_read']);
    const denied = await uploadLogo(api, reader.user.tokens.accessToken, ws.id, await png());
    expect(denied.status).toBe(400);
    expect(denied.body.statusCode).toBe(403);
    const missing = await uploadLogo(api, owner.tokens.accessToken, undefined, await png());
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors?.[0]?.path).toBe('workspaceId');
    const notImage = await uploadLogo(
      api,
      owner.tokens.accessToken,
      ws.id,
      Buffer.from('<svg onload=alert(1)>'),
    );
    expect(notImage.status).toBe(400);
    expect(notImage.body.statusCode).toBe(400);
  });

  it("refuses another workspace's logo as logoId", async () => {
    const owner = await quickUser(api);
    const mine = await createWorkspace(api, owner);
    const other = await createWorkspace(api, owner);
    const uploaded = await uploadLogo(api, owner.tokens.accessToken, other.id, await png());
    const set = await call('PUT', '/v1/workspaces/profile/', owner.tokens.accessToken, {
      workspaceId: mine.id,
      logoId: uploaded.body.data.imageId,
    });
    expect(set.status).toBe(400);
    expect(set.body.statusCode).toBe(400);
  });
});

describe('limits', () => {
  it('one person creates at most 10 workspaces an hour (260 with Retry-After)', async () => {
    const owner = await quickUser(api);
    for (let i = 0; i < 10; i++) await createWorkspace(api, owner);
    const over = await call('POST', '/v1/workspaces/', owner.tokens.accessToken, {
      workspaceName: randomWorkspaceName(),
      name: 'one too many',
    });
    expect(over.status).toBe(400);
    expect(over.body.statusCode).toBe(260);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await quickUser(api);
    expect(
      (
        await call('POST', '/v1/workspaces/', other.tokens.accessToken, {
          workspaceName: randomWorkspaceName(),
          name: 'x',
        })
      ).status,
    ).toBe(200);
  });
});
