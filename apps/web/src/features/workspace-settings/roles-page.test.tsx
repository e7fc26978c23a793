import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Locale, workspacePaths } from '@wsm/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import ar from '../../../public/assets/locales/ar/workspace-admin.json';
import en from '../../../public/assets/locales/en/workspace-admin.json';
import fa from '../../../public/assets/locales/fa/workspace-admin.json';
import { isolated } from '../../test/bidi';
import { featureTestHarness, renderScreen, toasts } from '../../test/feature-harness';
import { groupPermissions } from './permission-matrix';
import { Component as RolesPage } from './roles-page';
import { actAs, page, permissionCatalogue, role, softwares, workspaceId } from './test-fixtures';

const rolesList = `GET ${workspacePaths.rolesOf(workspaceId)}`;
const roleWrite = workspacePaths.roles;

const editor = role({
  id: 'role-editor',
  name: 'Editor',
  keys: ['tenant_members_read', 'tenant_roles_read'],
  totalMembers: 3,
  lastChangeDate: '2026-01-01T10:00:00.000Z',
});

// Lazy screens, MUI and i18n take a while on the first render of a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

const api = featureTestHarness();
beforeEach(() => {
  api.on(rolesList, page([editor]));
  api.on(`GET ${workspacePaths.role(workspaceId, editor.id)}`, editor);
});

const open = (locale: Locale = 'en') =>
  renderScreen(<RolesPage />, {
    path: `/${locale}/workspace/settings/roles`,
    pattern: '/:locale/workspace/settings/roles',
    locale,
  });

describe('groupPermissions', () => {
  it('groups by the software/section pointers and keeps unknown pointers in a last group', () => {
    const stray = { id: 'x', key: 'x', name: 'Stray', pointers: ['other-app/reports'] };
    const groups = groupPermissions(softwares, [...permissionCatalogue, stray], 'Other');
    expect(groups.map((group) => group.key)).toEqual(['tenant-settings', 'other']);
    const sections = groups[0]?.sections ?? [];
    expect(sections.map((section) => section.key)).toEqual(['info', 'members', 'roles']);
    expect(sections.find((section) => section.key === 'roles')?.permissions.map((p) => p.key)).toEqual([
      'tenant_roles_read',
      'tenant_roles_create',
      'tenant_roles_update',
      'tenant_roles_delete',
    ]);
    expect(groups[1]?.sections[0]?.permissions).toEqual([stray]);
  });
});

// MUI dialogs and user-event are slow on a shared two-core machine.
describe('/workspace/settings/roles', { timeout: 30_000 }, () => {
  it('lists roles with their member count and lets the owner create one from the matrix', async () => {
    actAs(api, 'owner');
    api.on(`POST ${roleWrite}`, role({ id: 'role-new', name: 'Support' }));
    await open();
    const table = await screen.findByRole('table', { name: 'Roles' });
    const row = within(table).getByText('Editor').closest('tr') as HTMLElement;
    expect(within(row).getByText('3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await userEvent.type(within(dialog).getByLabelText(/Role name/), 'Support');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select every permission in Roles' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'members invitations send' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));

    expect(await api.sentOnce(`POST ${roleWrite}`)).toEqual({
      workspaceId,
      name: 'Support',
      superAccess: false,
      permissionIds: [
        'tenant_roles_read',
        'tenant_roles_create',
        'tenant_roles_update',
        'tenant_roles_delete',
        'tenant_members_invitations_send',
      ],
    });
    expect(toasts.success).toHaveBeenCalledWith('Role Support was created.');
  });

  it('locks the permissions and super access the editor does not hold, and "select all" skips them', async () => {
    actAs(api, ['tenant_roles_read', 'tenant_roles_create', 'tenant_members_read', 'tenant_members_update']);
    api.on(`POST ${roleWrite}`, role({ id: 'role-new', name: 'Helpers' }));
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });

    expect(within(dialog).getByRole('switch', { name: 'Super access' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('checkbox', { name: 'roles create' })).toHaveProperty('disabled', false);
    expect(within(dialog).getByRole('checkbox', { name: /^roles delete/ })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('checkbox', { name: /^members delete/ })).toHaveProperty(
      'disabled',
      true,
    );

    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Select every permission in Members' }),
    );
    await userEvent.type(within(dialog).getByLabelText(/Role name/), 'Helpers');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await api.sentOnce(`POST ${roleWrite}`)).toMatchObject({
      superAccess: false,
      permissionIds: ['tenant_members_read', 'tenant_members_update'],
    });
  });

  it('offers no edit or delete without those permissions and disables "New role" without create', async () => {
    actAs(api, ['tenant_roles_read']);
    await open();
    await screen.findByRole('table', { name: 'Roles' });
    expect(screen.getByRole('button', { name: 'New role' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Edit Editor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Editor' })).not.toBeInTheDocument();
  });

  it('refuses the screen to a member without tenant_roles_read and loads nothing', async () => {
    actAs(api, ['tenant_members_read']);
    await open();
    expect(await screen.findByText('No access')).toBeInTheDocument();
    expect(api.calls(rolesList)).toHaveLength(0);
  });

  it('on 261 from a newer version says someone else changed the role, reloads it and saves on top of it', async () => {
    actAs(api, 'owner');
    const newer = { ...editor, name: 'Editors', lastChangeDate: '2026-01-02T09:00:00.000Z' };
    let reads = 0;
    api.on(`GET ${workspacePaths.role(workspaceId, editor.id)}`, () => {
      reads += 1;
      return { data: reads === 1 ? editor : newer };
    });
    let puts = 0;
    api.on(`PUT ${roleWrite}`, () => {
      puts += 1;
      return puts === 1 ? { status: 400, statusCode: 261 } : { data: newer };
    });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Editor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit role Editor' });
    const name = within(dialog).getByLabelText(/Role name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Writers');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(/Someone else changed this role/)).toBeInTheDocument();
    expect((within(dialog).getByLabelText(/Role name/) as HTMLInputElement).value).toBe('Editors');
    expect(api.calls(`PUT ${roleWrite}`)[0]?.body).toMatchObject({
      name: 'Writers',
      lastChangeDate: editor.lastChangeDate,
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(`PUT ${roleWrite}`)).toHaveLength(2));
    expect(api.calls(`PUT ${roleWrite}`)[1]?.body).toMatchObject({
      name: 'Editors',
      lastChangeDate: newer.lastChangeDate,
      permissionIds: ['tenant_members_read', 'tenant_roles_read'],
    });
  });

  it('on 261 with the same version says the name is taken', async () => {
    actAs(api, 'owner');
    api.on(`PUT ${roleWrite}`, () => ({ status: 400, statusCode: 261 }));
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Editor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit role Editor' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another role already has this name.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Someone else changed this role/)).not.toBeInTheDocument();
    // Said once, at the field: no toast repeats it (nor covers the dialog's buttons).
    expect(toasts.error).not.toHaveBeenCalled();
    // Changing the name takes the message away.
    await userEvent.type(within(dialog).getByLabelText(/Role name/), 's');
    await waitFor(() =>
      expect(within(dialog).queryByText('Another role already has this name.')).not.toBeInTheDocument(),
    );
  });

  for (const [locale, texts] of [
    ['en', en],
    ['fa', fa],
    ['ar', ar],
  ] as const) {
    it(`a role with no permission is saved only after a word and a second press (${locale})`, async () => {
      actAs(api, 'owner');
      api.on(`POST ${roleWrite}`, role({ id: 'role-empty', name: 'Guests' }));
      await open(locale);
      await userEvent.click(await screen.findByRole('button', { name: texts.roles.new }));
      const dialog = await screen.findByRole('dialog', { name: texts.roles.new });
      await userEvent.type(within(dialog).getByLabelText(new RegExp(texts.roles.name)), 'Guests');
      await userEvent.click(within(dialog).getByRole('button', { name: texts.roles.create }));
      expect((await within(dialog).findByTestId('role-grants-nothing')).textContent).toBe(
        texts.roles.grantsNothing,
      );
      expect(api.calls(`POST ${roleWrite}`)).toHaveLength(0);
      await userEvent.click(within(dialog).getByRole('button', { name: texts.roles.create }));
      expect(await api.sentOnce(`POST ${roleWrite}`)).toMatchObject({ name: 'Guests', permissionIds: [] });
    });
  }

  it('an empty name is said to be required, and the message goes as the name is typed', async () => {
    actAs(api, 'owner');
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('Enter a name for the role.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/at least/)).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Role name/), 'S');
    await waitFor(() =>
      expect(within(dialog).queryByText('Enter a name for the role.')).not.toBeInTheDocument(),
    );
    expect(api.calls(`POST ${roleWrite}`)).toHaveLength(0);
  });

  it('shows a role holding more than the editor read-only and cannot delete it', async () => {
    actAs(api, ['tenant_roles_read', 'tenant_roles_update', 'tenant_roles_delete', 'tenant_members_read']);
    const bigger = role({ id: 'role-big', name: 'Big', keys: ['tenant_members_delete'] });
    api.on(rolesList, page([bigger]));
    api.on(`GET ${workspacePaths.role(workspaceId, bigger.id)}`, bigger);
    await open('fa');
    const remove = await screen.findByRole('button', { name: `حذف ${isolated('Big')}` });
    expect(remove).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: `ویرایش ${isolated('Big')}` }));
    const dialog = await screen.findByRole('dialog', { name: `ویرایش نقش ${isolated('Big')}` });
    expect(within(dialog).getByText(/این نقش دسترسی‌هایی دارد که شما ندارید/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'ذخیره' })).toHaveProperty('disabled', true);
  });
});
