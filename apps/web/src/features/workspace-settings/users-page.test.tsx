import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type WorkspaceUser, workspacePaths, workspaceUserStatuses } from '@wsm/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { isolated } from '../../test/bidi';
import { featureTestHarness, renderScreen, toasts } from '../../test/feature-harness';
import { allowedTransitions } from './grant';
import { actAs, page, workspaceId } from './test-fixtures';
import { Component as UsersPage } from './users-page';

const usersList = `GET ${workspacePaths.usersOf(workspaceId)}`;
const statusChange = `PUT ${workspacePaths.userStatus}`;

const names: Record<string, string> = {
  unregistered: 'Unregistered',
  unconfirmed: 'Unconfirmed',
  pending: 'Pending',
  confirmed: 'Confirmed',
  suspended: 'Suspended',
};
const status = (key: string) => ({ id: key, key, name: names[key] ?? key });

const user = (id: string, firstName: string, statusKey: string): WorkspaceUser => ({
  id,
  workspaceId,
  status: status(statusKey),
  username: firstName.toLowerCase(),
  email: { value: null, verified: false },
  phone: '0912***4567',
  joinDate: statusKey === 'unregistered' ? null : '2026-01-05T08:00:00.000Z',
  firstName,
  lastName: 'Test',
  image: null,
  nationalId: null,
  birthDate: null,
});

const carol = user('e-carol', 'Carol', 'confirmed');
const dan = user('e-dan', 'Dan', 'suspended');
const erin = user('e-erin', 'Erin', 'unregistered');

configure({ asyncUtilTimeout: 5000 });

const api = featureTestHarness();
beforeEach(() => {
  api.on(usersList, page([carol, dan, erin]));
  api.on(`GET ${workspacePaths.userStatuses(workspaceId)}`, workspaceUserStatuses.map(status));
});

const open = (locale: 'fa' | 'en' = 'en') =>
  renderScreen(<UsersPage />, {
    path: `/${locale}/workspace/settings/users`,
    pattern: '/:locale/workspace/settings/users',
    locale,
  });

async function menuOf(name: string): Promise<string[]> {
  await userEvent.click(await screen.findByRole('button', { name: `Change the status of ${name}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

describe('allowedTransitions', () => {
  it('follows the contract table and offers nothing for unknown or invitation-driven statuses', () => {
    expect(allowedTransitions('confirmed')).toEqual(['pending', 'suspended']);
    expect(allowedTransitions('suspended')).toEqual(['pending', 'confirmed']);
    expect(allowedTransitions('unregistered')).toEqual([]);
    expect(allowedTransitions('archived')).toEqual([]);
  });
});

describe('/workspace/settings/users', { timeout: 30_000 }, () => {
  it('offers only the transitions the server allows from each status', async () => {
    actAs(api, ['tenant_users_role_read', 'tenant_users_role_update']);
    await open();
    await screen.findByRole('table', { name: 'Workspace users' });
    expect(await menuOf('Carol Test')).toEqual(['Set to Pending', 'Set to Suspended']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(await menuOf('Dan Test')).toEqual(['Set to Pending', 'Set to Confirmed']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Change the status of Erin Test' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('asks before suspending, then sends the new status', async () => {
    actAs(api, ['tenant_users_role_read', 'tenant_users_role_update']);
    api.on(statusChange, { ...carol, status: status('suspended') });
    await open();
    await menuOf('Carol Test');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Set to Suspended' }));
    const confirm = await screen.findByRole('dialog', { name: 'Suspend this user?' });
    expect(api.calls(statusChange)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    expect(await api.sentOnce(statusChange)).toEqual({
      workspaceId,
      userId: 'e-carol',
      statusKey: 'suspended',
    });
    expect(toasts.success).toHaveBeenCalledWith('Carol Test is now Suspended.');
  });

  it('filters by status with the server statuses and searches', async () => {
    actAs(api, ['tenant_users_role_read']);
    await open();
    await screen.findByRole('table', { name: 'Workspace users' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suspended' }));
    await waitFor(() =>
      expect(api.calls(usersList).at(-1)?.params).toMatchObject({ status: 'suspended', page: 1 }),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or username' }), 'dan');
    await waitFor(() =>
      expect(api.calls(usersList).at(-1)?.params).toMatchObject({ status: 'suspended', search: 'dan' }),
    );
  });

  it('without update or delete permissions shows the directory with no actions', async () => {
    actAs(api, ['tenant_users_role_read']);
    await open();
    const table = await screen.findByRole('table', { name: 'Workspace users' });
    expect(within(table).queryByRole('button', { name: /Change the status/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('lets a withdrawer delete an invitee but not a member, after confirming', async () => {
    actAs(api, ['tenant_users_role_read', 'tenant_members_invitations_withdraw']);
    api.on(`DELETE ${workspacePaths.users}`, null);
    await open();
    const table = await screen.findByRole('table', { name: 'Workspace users' });
    expect(within(table).queryByRole('button', { name: 'Delete Carol Test' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Delete Erin Test' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(
      within(confirm).getByText('The pending invitations of Erin Test will be withdrawn.'),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await api.sentOnce(`DELETE ${workspacePaths.users}`)).toEqual({ workspaceId, userId: 'e-erin' });
  });

  it("protects the owner's and the caller's own entries from status changes and deletion", async () => {
    actAs(api, [
      'tenant_users_role_read',
      'tenant_users_role_update',
      'tenant_members_read',
      'tenant_members_delete',
      'tenant_members_invitations_withdraw',
    ]);
    api.on(`GET ${workspacePaths.membersOf(workspaceId)}`, {
      items: [
        {
          id: 'm-owner',
          level: 'owner',
          role: null,
          user: { id: 'u-carol', firstName: 'Carol', lastName: 'Test', username: 'carol' },
          status: { id: 'active', key: 'active', name: 'Active' },
        },
      ],
      total: 3,
      page: 1,
      pageSize: 1,
    });
    api.on('GET /v1/auth/identity/security/username/', { username: 'dan' });
    await open();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Change the status of Carol Test' })).toHaveProperty(
        'disabled',
        true,
      ),
    );
    expect(screen.getByRole('button', { name: 'Delete Carol Test' })).toHaveProperty('disabled', true);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Change the status of Dan Test' })).toHaveProperty(
        'disabled',
        true,
      ),
    );
    expect(screen.getByRole('button', { name: 'Delete Erin Test' })).toHaveProperty('disabled', false);
  });

  it('edits the workspace record of a user', async () => {
    actAs(api, ['tenant_users_role_read', 'tenant_users_role_update']);
    api.on(`PUT ${workspacePaths.users}`, carol);
    await open('fa');
    await userEvent.click(await screen.findByRole('button', { name: `ویرایش ${isolated('Carol Test')}` }));
    const dialog = await screen.findByRole('dialog', { name: `ویرایش ${isolated('Carol Test')}` });
    const last = within(dialog).getByLabelText('نام خانوادگی');
    await userEvent.clear(last);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    expect(await api.sentOnce(`PUT ${workspacePaths.users}`)).toEqual({
      workspaceId,
      userId: 'e-carol',
      firstName: 'Carol',
      lastName: null,
      birthDate: null,
    });
  });

  it('shows a capped total as "1,000+" in the reader\'s digits', async () => {
    actAs(api, ['tenant_users_role_read']);
    api.on(usersList, { ...page([carol], 1001), totalCapped: true });
    await open('fa');
    expect(await screen.findByText('بیش از ۱٬۰۰۰ ردیف')).toBeInTheDocument();
  });

  it('shows no total while it is exact', async () => {
    actAs(api, ['tenant_users_role_read']);
    api.on(usersList, page([carol], 1000));
    await open();
    await screen.findByRole('table', { name: 'Workspace users' });
    expect(screen.queryByText(/\+ rows/)).not.toBeInTheDocument();
  });
});
