import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customIssueMessages } from '@wsm/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAppId, getWorkspaceId } from '../../lib/storage';
import { featureTestHarness, type RecordedRequest, renderScreen, toasts } from '../../test/feature-harness';
import { CreateWorkspacePage } from './create-workspace-page';
import { selectApp, selectWorkspace } from './selection';
import { ApplicationsPage } from './settings/applications-page';
import { InfoPage } from './settings/info-page';
import { accessPath, application, memberAccess, noVersion, ownerAccess, workspace } from './test-fixtures';

const readerAccess = memberAccess({ name: 'Reader', superAccess: false }, ['tenant_profile_read']);
const acme = workspace('ws-1', 'Acme', 'owner', null);
const profile = {
  id: 'p1',
  workspaceId: 'ws-1',
  name: 'Acme',
  description: 'Trading',
  email: null,
  phone: null,
  website: null,
  fax: null,
  logo: null,
  socialNetworks: { instagram: 'acme', telegram: null, x: null, rubika: null },
};
const settingsApp = application({ id: 'a1', key: 'tenant-settings', name: 'Workspace settings' });
const shopApp = application({ id: 'a2', key: 'shop', name: 'Shop', version: { ...noVersion, pwa: '1.0.0' } });

const api = featureTestHarness({ userId: 'u1' });
beforeEach(() => {
  api.on(`GET ${accessPath}`, ownerAccess);
  api.on('GET /v1/workspaces/', [acme]);
});

const input = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('/workspace/new', { timeout: 30_000 }, () => {
  const open = (locale: 'fa' | 'en') =>
    renderScreen(<CreateWorkspacePage />, {
      path: `/${locale}/workspace/new`,
      pattern: '/:locale/workspace/new',
      locale,
      extraRoutes: [{ path: '/:locale/workspace/apps', element: <p>apps page</p> }],
    });

  it('creates the workspace, selects it (forgetting the old app) and opens its applications', async () => {
    selectWorkspace('old');
    selectApp('old-app');
    api.on('POST /v1/workspaces/', { ...acme, id: 'ws-new', name: 'Acme Trading' });
    const { router } = await open('en');
    await userEvent.type(input('Display name'), 'Acme Trading');
    // The slug follows a Latin name until typed by hand.
    expect((input('Workspace name') as HTMLInputElement).value).toBe('acme-trading');
    await userEvent.type(input('Description'), 'Import and export');
    await userEvent.click(screen.getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/workspace/apps'));
    expect(api.calls('POST /v1/workspaces/')[0]?.body).toEqual({
      name: 'Acme Trading',
      workspaceName: 'acme-trading',
      description: 'Import and export',
    });
    expect(getWorkspaceId()).toBe('ws-new');
    expect(getAppId()).toBeNull();
  });

  it('refuses a bad workspace name in Persian and sends nothing', async () => {
    await open('fa');
    await userEvent.type(input('نام نمایشی'), 'شرکت');
    await userEvent.type(input('نام فضای کاری'), 'a b');
    await userEvent.click(screen.getByRole('button', { name: 'ساختن فضای کاری' }));
    expect(
      await screen.findByText(String(customIssueMessages.invalid_workspace_name?.fa)),
    ).toBeInTheDocument();
    expect(api.calls('POST /v1/workspaces/')).toHaveLength(0);
  });

  it('shows a taken workspace name (261) on its field', async () => {
    api.on('POST /v1/workspaces/', () => ({ status: 400, statusCode: 261 }));
    await open('en');
    await userEvent.type(input('Display name'), 'Acme');
    await userEvent.type(input('Workspace name'), 'acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create workspace' }));
    expect(await screen.findByText('This workspace name is taken; choose another one')).toBeInTheDocument();
    expect(getWorkspaceId()).toBeNull();
  });
});

describe('/workspace/settings/info', { timeout: 30_000 }, () => {
  const open = (locale: 'fa' | 'en' = 'en') => {
    selectWorkspace('ws-1');
    api.on('GET /v1/workspaces/profile/workspace-id/ws-1/', profile);
    return renderScreen(<InfoPage />, {
      path: `/${locale}/workspace/settings/info`,
      pattern: '/:locale/workspace/settings/info',
      locale,
    });
  };

  it('saves the profile with nested social networks, Persian digits as ASCII, and the uploaded logo', async () => {
    api.on('POST /v1/assets/workspace-profile-image/', { imageId: 'img-1', url: '/img-1' });
    api.on('PUT /v1/workspaces/profile/', (request: RecordedRequest) => ({
      data: { ...profile, ...(request.body as object) },
    }));
    await open('fa');
    const phone = await screen.findByRole('textbox', { name: 'تلفن' });
    await userEvent.type(phone, '۰۲1-۸۸۸۸۱۲34');
    // Shown in Persian digits whichever were typed, sent with ASCII ones.
    expect((phone as HTMLInputElement).value).toBe('۰۲۱-۸۸۸۸۱۲۳۴');
    const logo = new File([new Uint8Array(64)], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('logo-input'), { target: { files: [logo] } });
    await waitFor(() => expect(api.calls('POST /v1/assets/workspace-profile-image/')).toHaveLength(1));
    const form = api.calls('POST /v1/assets/workspace-profile-image/')[0]?.body as FormData;
    expect([...form.keys()]).toEqual(['workspaceId', 'file']);
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره‌ی تغییرات' }));
    expect(await api.sentOnce('PUT /v1/workspaces/profile/')).toEqual({
      workspaceId: 'ws-1',
      name: 'Acme',
      description: 'Trading',
      email: null,
      phone: '021-88881234',
      website: null,
      fax: null,
      socialNetworks: { instagram: 'acme', telegram: null, x: null, rubika: null },
      logoId: 'img-1',
    });
    expect(toasts.success).toHaveBeenCalledWith('اطلاعات فضای کاری ذخیره شد');
    // The saved number comes back with ASCII digits and still shows in Persian ones.
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'تلفن' }) as HTMLInputElement).value).toBe('۰۲۱-۸۸۸۸۱۲۳۴'),
    );
  });

  it("shows the server's field errors on their fields", async () => {
    api.on('PUT /v1/workspaces/profile/', () => ({
      status: 400,
      statusCode: 400,
      data: {
        errors: [
          { path: 'email', message: 'Server says no' },
          { path: 'socialNetworks.telegram', message: 'Bad handle' },
        ],
      },
    }));
    await open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Server says no')).toBeInTheDocument();
    expect(screen.getByText('Bad handle')).toBeInTheDocument();
  });

  it('checks a logo file before uploading it: type and 2 MiB', async () => {
    await open();
    const logoInput = await screen.findByTestId('logo-input');
    fireEvent.change(logoInput, { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image')).toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(logoInput, { target: { files: [big] } });
    expect(await screen.findByText('The image is larger than 2 MB')).toBeInTheDocument();
    expect(api.calls('POST /v1/assets/workspace-profile-image/')).toHaveLength(0);
  });

  it('says the accepted formats when the server cannot read the logo as an image, and the e-mail format', async () => {
    const message = 'The file must be a PNG, JPEG or WebP image of at most 2 MB';
    api.on('POST /v1/assets/workspace-profile-image/', () => ({
      status: 400,
      statusCode: 400,
      data: { errors: [{ path: 'file', message }] },
    }));
    await open();
    const notes = new File(['notes, not a picture'], 'notes.png', { type: 'image/png' });
    fireEvent.change(await screen.findByTestId('logo-input'), { target: { files: [notes] } });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('The logo could not be uploaded; try again')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'acme-at-example');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter an e-mail like name@example.com')).toBeInTheDocument();
  });

  it('is read-only for a role that may read but not update it', async () => {
    api.on(`GET ${accessPath}`, readerAccess);
    await open();
    expect(
      await screen.findByText('You can see this information but your role does not allow changing it.'),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });
});

describe('/workspace/settings/applications', { timeout: 30_000 }, () => {
  const open = () => {
    selectWorkspace('ws-1');
    api.on('GET /v1/workspaces/profile/applications/workspace-id/ws-1/', [settingsApp, shopApp]);
    return renderScreen(<ApplicationsPage />, {
      path: '/en/workspace/settings/applications',
      pattern: '/:locale/workspace/settings/applications',
      locale: 'en',
    });
  };

  it('adds an application with its versions and social networks', async () => {
    api.on('POST /v1/workspaces/profile/applications/', { ...shopApp, id: 'a3', key: 'crm', name: 'CRM' });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an application' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'CRM');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Key\b/ }), 'crm');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Keywords' }), 'sales, customers');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Web app' }), '2.1.0');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Android' }), '2.0.9');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Telegram' }), 'acme_crm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add application' }));
    expect(await api.sentOnce('POST /v1/workspaces/profile/applications/')).toEqual({
      workspaceId: 'ws-1',
      key: 'crm',
      name: 'CRM',
      title: null,
      slogan: null,
      description: null,
      keywords: ['sales', 'customers'],
      version: { pwa: '2.1.0', ios: null, android: '2.0.9', windows: null, macos: null },
      socialNetworks: { instagram: null, telegram: 'acme_crm', x: null, rubika: null },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes only after a confirmation; the built-in application has no delete', async () => {
    api.on('DELETE /v1/workspaces/profile/applications/', null);
    await open();
    expect(await screen.findByRole('button', { name: 'Delete Shop' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Workspace settings' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this application?' });
    expect(api.calls('DELETE /v1/workspaces/profile/applications/')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await api.sentOnce('DELETE /v1/workspaces/profile/applications/')).toEqual({
      workspaceId: 'ws-1',
      applicationId: 'a2',
    });
  });

  it('keeps the buttons visible but disabled for a role without the permissions', async () => {
    api.on(`GET ${accessPath}`, readerAccess);
    await open();
    await screen.findByRole('button', { name: 'Edit Shop' });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Add application' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect(screen.getByRole('button', { name: 'Edit Shop' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Shop' })).toBeDisabled();
  });
});
