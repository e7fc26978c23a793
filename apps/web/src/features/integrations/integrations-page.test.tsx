import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ApiKey, apiKeyPaths } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { featureTestHarness, renderScreen, toasts } from '../../test/feature-harness';
import { actAs, page, workspaceId } from '../workspace-settings/test-fixtures';
import { Component as IntegrationsPage } from './integrations-page';

const list = `GET ${apiKeyPaths.keysOf(workspaceId)}`;
const write = apiKeyPaths.keys;

const payroll: ApiKey = {
  id: 'k1',
  name: 'Payroll',
  permissions: ['tenant_members_read'],
  prefix: 'wsk_AbCdEfGh',
  createdDate: '2026-03-01T10:00:00.000Z',
  expiresDate: null,
  lastUsedDate: null,
  createdBy: { id: 'u-sara', firstName: 'Sara', lastName: 'Karimi' },
};
const fullKey = 'wsk_AbCdEfGh12345678901234567890123456ZZ';

configure({ asyncUtilTimeout: 5000 });
const api = featureTestHarness();

const open = (locale: 'fa' | 'en' = 'en') =>
  renderScreen(<IntegrationsPage />, {
    path: `/${locale}/workspace/settings/integrations`,
    pattern: '/:locale/workspace/settings/integrations',
    locale,
  });

// MUI dialogs and user-event are slow on a shared two-core machine.
describe('/workspace/settings/integrations: API keys', { timeout: 30_000 }, () => {
  it('lists the keys with prefix, permissions, creator, last use and expiry', async () => {
    actAs(api, 'owner');
    api.on(list, page([payroll]));
    await open();
    const table = await screen.findByRole('table', { name: 'API keys' });
    const row = within(table).getByText('Payroll').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('wsk_AbCdEfGh…');
    expect(row.textContent).toContain('members read');
    expect(row.textContent).toContain('Sara Karimi');
    expect(row.textContent).toContain('Not used yet');
    expect(row.textContent).toContain('Never');
  });

  it('keeps each date on one line in fa: the era letter never wraps alone', async () => {
    actAs(api, 'owner');
    api.on(list, page([{ ...payroll, lastUsedDate: '2026-03-05T10:00:00.000Z' }]));
    await open('fa');
    const table = await screen.findByRole('table');
    const used = within(table).getByText(/۱۴۰۴/);
    expect(used).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('shows the empty state', async () => {
    actAs(api, 'owner');
    api.on(list, page([]));
    await open();
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
  });

  it('creates a key from the permission matrix and shows it once with a warning', {
    timeout: 90_000,
  }, async () => {
    actAs(api, ['tenant_integrations_manage', 'tenant_members_read']);
    api.on(list, page([]));
    api.on(`POST ${write}`, { ...payroll, key: fullKey });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    // A permission the creator does not hold is locked, as on the roles screen.
    expect(within(dialog).getByRole('checkbox', { name: /^members delete/ })).toHaveProperty(
      'disabled',
      true,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Enter a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one permission')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Payroll');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'members read' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await api.sentOnce(`POST ${write}`)).toEqual({
      workspaceId,
      name: 'Payroll',
      permissions: ['tenant_members_read'],
      expiresDate: null,
    });
    const shown = await screen.findByRole('dialog', { name: 'Copy your API key' });
    expect(within(shown).getByTestId('created-api-key')).toHaveProperty('value', fullKey);
    expect(shown.textContent).toContain('only time the key is shown');
    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('revokes a key after confirmation', async () => {
    actAs(api, 'owner');
    api.on(list, page([payroll]));
    api.on(`DELETE ${write}`, null);
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Payroll' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    expect(api.calls(`DELETE ${write}`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await api.sentOnce(`DELETE ${write}`)).toEqual({ workspaceId, id: 'k1' });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The key was revoked'));
  });

  it('refuses the page to a member without tenant_integrations_manage and loads nothing', async () => {
    actAs(api, ['tenant_members_read']);
    await open();
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
    expect(api.calls(list)).toHaveLength(0);
  });

  it('speaks Persian in fa', async () => {
    actAs(api, 'owner');
    api.on(list, page([payroll]));
    await open('fa');
    expect(await screen.findByRole('table', { name: 'کلیدهای API' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'کلید API تازه' })).toBeInTheDocument();
  });
});
