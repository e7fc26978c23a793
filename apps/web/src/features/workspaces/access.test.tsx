import Button from '@mui/material/Button';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAppId, getWorkspaceId } from '../../lib/storage';
import { featureTestHarness, renderScreen } from '../../test/feature-harness';
import { Gate, useWorkspaceAccess } from './access';
import { selectApp, selectWorkspace } from './selection';
import { SettingsLayout } from './settings/settings-layout';
import { accessPath, memberAccess, ownerAccess, workspace } from './test-fixtures';

const workspacesPath = '/v1/workspaces/';

const member = (permissions: string[], superAccess = false) =>
  memberAccess({ name: 'Clerk', superAccess }, permissions);

const api = featureTestHarness({ userId: 'u1' });
beforeEach(() => {
  selectWorkspace('ws-1');
  api.on(`GET ${workspacesPath}`, [workspace('ws-1', 'Acme', 'member', 'Clerk')]);
});

function Probe() {
  const access = useWorkspaceAccess();
  return (
    <div>
      <span data-testid="state">{access.loading ? 'loading' : access.isOwner ? 'owner' : 'member'}</span>
      <Gate permission="tenant_roles_create">
        <Button>Create role</Button>
      </Gate>
      <Gate permission="tenant_members_delete" mode="disable">
        <Button>Remove member</Button>
      </Gate>
      <Gate permission="tenant_profile_read">
        <Button>Read profile</Button>
      </Gate>
    </div>
  );
}

const openProbe = () =>
  renderScreen(<Probe />, { path: '/en/workspace/apps', pattern: '/:locale/workspace/apps', locale: 'en' });

describe('useWorkspaceAccess and Gate', () => {
  it("reads the logged-in user's access in the selected workspace and gates by permission", async () => {
    api.on(`GET ${accessPath}`, member(['tenant_profile_read']));
    await openProbe();
    expect(await screen.findByRole('button', { name: 'Read profile' })).toBeInTheDocument();
    expect(screen.getByTestId('state').textContent).toBe('member');
    expect(screen.queryByRole('button', { name: 'Create role' })).not.toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Remove member' }) as HTMLButtonElement;
    expect(remove).toBeDisabled();
    expect(api.calls(`GET ${accessPath}`)).toHaveLength(1);
  });

  it('explains a disabled control with a tooltip, on a wrapper keyboard users can reach', async () => {
    api.on(`GET ${accessPath}`, member([]));
    await openProbe();
    const wrapper = await screen.findByTestId('gate-denied');
    expect(wrapper.tabIndex).toBe(0);
    await userEvent.hover(wrapper);
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      'You do not have permission for this',
    );
  });

  it('gives the owner (wildcard) everything', async () => {
    api.on(`GET ${accessPath}`, ownerAccess);
    await openProbe();
    expect(await screen.findByRole('button', { name: 'Create role' })).toBeInTheDocument();
    expect(screen.getByTestId('state').textContent).toBe('owner');
    expect(screen.getByRole('button', { name: 'Remove member' })).toBeEnabled();
  });

  it('gives a superAccess role everything, even with an empty permission list', async () => {
    api.on(`GET ${accessPath}`, member([], true));
    await openProbe();
    expect(await screen.findByRole('button', { name: 'Create role' })).toBeInTheDocument();
    expect(screen.getByTestId('state').textContent).toBe('member');
  });

  it('forgets a workspace the user is no longer a member of (page-level 403)', async () => {
    selectApp('app-1');
    api.on(`GET ${accessPath}`, () => ({ status: 403, statusCode: 403 }));
    await openProbe();
    await waitFor(() => expect(getWorkspaceId()).toBeNull());
    expect(getAppId()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Read profile' })).not.toBeInTheDocument();
  });
});

const openSettings = (section: string) =>
  renderScreen(
    <Routes>
      <Route element={<SettingsLayout />}>
        <Route path="info" element={<p>info page</p>} />
        <Route path="members" element={<p>members page</p>} />
        <Route path="roles" element={<p>roles page</p>} />
      </Route>
    </Routes>,
    {
      path: `/en/workspace/settings/${section}`,
      pattern: '/:locale/workspace/settings/*',
      locale: 'en',
    },
  );

// jsdom has no wide screen: the navigation is the small-screen drawer.
async function sectionNames(): Promise<string[]> {
  await userEvent.click(screen.getByTestId('settings-sections-button'));
  const drawer = await screen.findByRole('dialog', { name: 'Settings sections' });
  return within(drawer)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('the settings navigation', () => {
  it('offers only the sections the role may read', async () => {
    api.on(`GET ${accessPath}`, member(['tenant_profile_read', 'tenant_members_read']));
    await openSettings('info');
    expect(await screen.findByText('info page')).toBeInTheDocument();
    expect(await sectionNames()).toEqual(['Information', 'Members', 'Applications']);
  });

  it('refuses a section opened by address without its permission', async () => {
    api.on(`GET ${accessPath}`, member(['tenant_profile_read']));
    await openSettings('roles');
    expect(await screen.findByTestId('settings-denied')).toBeInTheDocument();
    expect(screen.queryByText('roles page')).not.toBeInTheDocument();
  });

  it('shows the owner every section, backups, the audit log and integrations included', async () => {
    api.on(`GET ${accessPath}`, ownerAccess);
    await openSettings('roles');
    expect(await screen.findByText('roles page')).toBeInTheDocument();
    expect(await sectionNames()).toEqual([
      'Information',
      'Members',
      'Roles',
      'Users',
      'Applications',
      'Backups',
      'Audit log',
      'Integrations',
    ]);
  });

  it('offers the audit log to a role holding tenant_audit_read', async () => {
    api.on(`GET ${accessPath}`, member(['tenant_profile_read', 'tenant_audit_read']));
    await openSettings('info');
    expect(await screen.findByText('info page')).toBeInTheDocument();
    expect(await sectionNames()).toEqual(['Information', 'Applications', 'Audit log']);
  });
});
