import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuditEntry, auditPaths, type Member, workspacePaths } from '@wsm/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureTestHarness, type RecordedRequest, renderScreen } from '../../test/feature-harness';
import { Component as AuditPage } from './audit-page';
import { actAs, page, workspaceId } from './test-fixtures';

const auditList = `GET ${auditPaths.list(workspaceId)}`;
const auditExport = `GET ${auditPaths.export(workspaceId)}`;
const membersList = `GET ${workspacePaths.membersOf(workspaceId)}`;

const sara = { id: 'u-sara', firstName: 'Sara', lastName: 'Karimi', username: 'sara' };
const entry: AuditEntry = {
  id: 'a1',
  action: 'member.role_changed',
  actor: sara,
  subject: { type: 'member', id: 'm-ali', label: 'Ali Rezaei' },
  details: { before: { role: null }, after: { role: { id: 'r1', name: 'Editors' } } },
  createdDate: '2026-03-01T10:00:00.000Z',
};
const member = (user: typeof sara, level: 'owner' | 'member' = 'member'): Member => ({
  id: `m-${user.id}`,
  level,
  role: null,
  user,
  status: { id: 'active', key: 'active', name: 'Active' },
});

configure({ asyncUtilTimeout: 5000 });

const api = featureTestHarness();
beforeEach(() => {
  api.on(auditList, page([entry]));
  api.on(membersList, page([member(sara, 'owner')]));
});

const open = (locale: 'fa' | 'en' = 'en') =>
  renderScreen(<AuditPage />, {
    path: `/${locale}/workspace/settings/audit`,
    pattern: '/:locale/workspace/settings/audit',
    locale,
  });

const lastParams = (route: string) => api.calls(route).at(-1)?.params as Record<string, unknown>;

async function choose(combobox: string, option: string, within_: HTMLElement = document.body) {
  await userEvent.click(within(within_).getByRole('combobox', { name: combobox }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('/workspace/settings/audit', { timeout: 30_000 }, () => {
  it('shows who changed what, with the action in words and the change before and after', async () => {
    actAs(api, 'owner');
    await open();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain("Member's role changed");
    expect(row.textContent).toContain('Sara Karimi');
    expect(row.textContent).toContain('Member: Ali Rezaei');
    expect(row.textContent).toContain('Role: — → Editors');
    expect(lastParams(auditList)).toEqual({ page: 1, pageSize: 20 });
  });

  it('sends the chosen actor, action and days with the list and with the export', async () => {
    actAs(api, 'owner');
    await open();
    await screen.findByRole('table', { name: 'Audit log' });
    await choose('Action', 'Invitation sent');
    await waitFor(() => expect(lastParams(auditList)).toMatchObject({ action: 'invitation.sent', page: 1 }));
    await choose('Who', 'Sara Karimi @sara');
    await waitFor(() => expect(lastParams(auditList)).toMatchObject({ actor: 'u-sara' }));

    const from = screen.getByRole('group', { name: 'From' });
    await choose('Year', String(new Date().getFullYear()), from);
    await choose('Month', 'March', from);
    await choose('Day', '5', from);
    const start = new Date(new Date().getFullYear(), 2, 5).toISOString();
    await waitFor(() => expect(lastParams(auditList)).toMatchObject({ from: start }));
    expect(lastParams(auditList)).not.toHaveProperty('to');

    // The export asks for exactly what the table shows.
    api.on(auditExport, 'csv');
    const createObjectURL = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(lastParams(auditExport)).toEqual({ actor: 'u-sara', action: 'invitation.sent', from: start });
    click.mockRestore();

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastParams(auditList)).toEqual({ page: 1, pageSize: 20 }));
  });

  it('tells apart two members of the same name by their usernames', async () => {
    actAs(api, 'owner');
    const namesake = { ...sara, id: 'u-sara-2', username: 'sara.k' };
    api.on(membersList, page([member(sara, 'owner'), member(namesake)]));
    await open();
    await screen.findByRole('table', { name: 'Audit log' });
    await choose('Who', 'Sara Karimi @sara.k');
    await waitFor(() => expect(lastParams(auditList)).toMatchObject({ actor: 'u-sara-2' }));
  });

  it('is closed to a member without tenant_audit_read, and asks nothing of the server', async () => {
    actAs(api, ['tenant_members_read', 'tenant_roles_read']);
    await open();
    expect(await screen.findByText('No access')).toBeInTheDocument();
    expect(api.calls(auditList)).toHaveLength(0);
  });

  it('opens with tenant_audit_read alone, without the member picker it may not fill', async () => {
    actAs(api, ['tenant_audit_read']);
    await open();
    await screen.findByRole('table', { name: 'Audit log' });
    expect(screen.queryByRole('combobox', { name: 'Who' })).not.toBeInTheDocument();
    expect(api.calls(membersList)).toHaveLength(0);
  });

  it('says when nothing matches the filters, and in Persian names the action in Persian', async () => {
    actAs(api, 'owner');
    api.on(auditList, (request: RecordedRequest) =>
      (request.params as Record<string, unknown>).action ? { data: page([]) } : { data: page([entry]) },
    );
    await open('fa');
    expect(await screen.findByText('تغییر نقش عضو')).toBeInTheDocument();
    await choose('رویداد', 'حذف عضو');
    expect(await screen.findByText('رویدادی با این پالایه‌ها پیدا نشد.')).toBeInTheDocument();
  });

  it('in fa shows masked numbers in Persian digits left to right, and ids and keys as they are', async () => {
    actAs(api, 'owner');
    const changed: AuditEntry = {
      ...entry,
      id: 'a2',
      action: 'invitation.sent',
      subject: { type: 'invitation', id: 'i1', label: '675****899' },
      details: {},
    };
    const profile: AuditEntry = {
      ...entry,
      id: 'a3',
      action: 'profile.updated',
      subject: { type: 'workspace', id: workspaceId, label: 'برنامه 2' },
      details: {
        before: { phone: '0912***9730', logo: '01a2ab3c-45de' },
        after: { phone: '0935***1120', logo: '01a2ab3c-99ff' },
      },
    };
    api.on(auditList, page([changed, profile]));
    await open('fa');
    const table = await screen.findByRole('table', { name: 'گزارش رویدادها' });
    const values = [...table.querySelectorAll('bdi[data-value-kind]')].map(
      (element) => `${element.getAttribute('dir')} ${element.textContent}`,
    );
    expect(values).toEqual(
      expect.arrayContaining([
        'ltr ۶۷۵****۸۹۹',
        'auto برنامه 2',
        'ltr ۰۹۱۲***۹۷۳۰',
        'ltr ۰۹۳۵***۱۱۲۰',
        'ltr 01a2ab3c-45de',
        'ltr 01a2ab3c-99ff',
      ]),
    );
  });
});
