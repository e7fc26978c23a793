import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Invitation, type Member, workspacePaths } from '@wsm/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { getWorkspaceId } from '../../lib/storage';
import { featureTestHarness, renderScreen, toasts } from '../../test/feature-harness';
import { pendingInvitation } from '../workspaces/test-fixtures';
import { Component as MembersPage } from './members-page';
import { typedInvitee } from './mock-handlers';
import { actAs, me, page, role, workspaceId } from './test-fixtures';

const membersList = `GET ${workspacePaths.membersOf(workspaceId)}`;
const invitationsList = `GET ${workspacePaths.invitations}`;
const sendInvitation = `POST ${workspacePaths.invitations}`;
const rolesList = `GET ${workspacePaths.rolesOf(workspaceId)}`;

const active = { id: 'active', key: 'active', name: 'Active' };
const member = (id: string, fields: Partial<Member> & { firstName: string; userId?: string }): Member => ({
  id,
  level: 'member',
  role: null,
  status: active,
  ...fields,
  user: { id: fields.userId ?? `user-${id}`, firstName: fields.firstName, lastName: null, username: null },
});

const owner = member('m-owner', { firstName: 'Olivia', level: 'owner' });
const bob = member('m-bob', { firstName: 'Bob', role: { id: 'role-admin', name: 'Admin', key: 'admin' } });
const mine = member('m-me', { firstName: 'Mina', userId: me });

const viewer = role({ id: 'role-viewer', name: 'Viewer', keys: ['tenant_members_read'] });
const admin = role({ id: 'role-admin', name: 'Admin', superAccess: true });

/** A Viewer invitation sent two days ago to a typed phone, expiring in just under five days. */
const sent: Invitation = {
  ...pendingInvitation({ id: 'role-viewer', name: 'Viewer', key: 'viewer' }),
  workspaceId,
  createdDate: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  expiresDate: new Date(Date.now() + 5 * 86_400_000 - 60_000).toISOString(),
  invitee: typedInvitee({ phone: '0935***7788' }),
};

// Lazy screens, MUI and i18n take a while on the first render of a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

const api = featureTestHarness();
beforeEach(() => {
  api.on(membersList, page([owner, bob, mine]));
  api.on(invitationsList, page([sent]));
  api.on(rolesList, page([viewer, admin]));
});

const open = (locale: 'fa' | 'en' = 'en') =>
  renderScreen(<MembersPage />, {
    path: `/${locale}/workspace/settings/members`,
    pattern: '/:locale/workspace/settings/members',
    locale,
    extraRoutes: [{ path: '/:locale', element: <p>picker</p> }],
  });

async function openInvite(locale: 'fa' | 'en' = 'en') {
  await open(locale);
  await userEvent.click(await screen.findByRole('button', { name: locale === 'fa' ? 'دعوت' : 'Invite' }));
  return screen.findByRole('dialog', { name: locale === 'fa' ? 'دعوت عضو تازه' : 'Invite a member' });
}

describe('/workspace/settings/members', { timeout: 30_000 }, () => {
  it('shows members with roles, the owner fixed, and sent invitations with their remaining time', async () => {
    actAs(api, 'owner');
    await open();
    const table = await screen.findByRole('table', { name: 'Members' });
    const ownerRow = within(table).getByText('Olivia').closest('tr') as HTMLElement;
    expect(within(ownerRow).getByText('Owner')).toBeInTheDocument();
    expect(within(ownerRow).getByRole('button', { name: 'Remove Olivia' })).toHaveProperty('disabled', true);
    const bobRow = within(table).getByText('Bob').closest('tr') as HTMLElement;
    expect(within(bobRow).getByText('Admin')).toBeInTheDocument();
    expect(within(bobRow).getByRole('button', { name: 'Remove Bob' })).toHaveProperty('disabled', false);

    const invitations = await screen.findByRole('table', { name: 'Sent invitations' });
    expect(within(invitations).getByText('5 days remaining')).toBeInTheDocument();
    expect(within(invitations).getByText('2 days ago')).toBeInTheDocument();
    expect(api.calls(invitationsList)[0]?.params).toMatchObject({ workspaceId, page: 1 });
  });

  it('refuses an invalid mobile number in Persian and sends nothing', async () => {
    actAs(api, 'owner');
    const dialog = await openInvite('fa');
    await userEvent.type(within(dialog).getByLabelText(/شماره‌ی موبایل/), '۰۸۱۲');
    await userEvent.click(within(dialog).getByRole('button', { name: 'فرستادن دعوت‌نامه' }));
    expect(await within(dialog).findByText('شماره‌ی موبایل معتبر نیست')).toBeInTheDocument();
    expect(api.calls(sendInvitation)).toHaveLength(0);
  });

  it('says an empty field is required, in both languages, and the message goes as it is typed', async () => {
    actAs(api, 'owner');
    const dialog = await openInvite('fa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'فرستادن دعوت‌نامه' }));
    expect(
      await within(dialog).findByText('شماره‌ی موبایل کسی را که دعوت می‌کنید بنویسید.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('شماره‌ی موبایل معتبر نیست')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/شماره‌ی موبایل/), '۰');
    await waitFor(() =>
      expect(
        within(dialog).queryByText('شماره‌ی موبایل کسی را که دعوت می‌کنید بنویسید.'),
      ).not.toBeInTheDocument(),
    );
    expect(api.calls(sendInvitation)).toHaveLength(0);
    cleanup();

    const english = await openInvite('en');
    await userEvent.click(within(english).getByRole('button', { name: 'Username' }));
    await userEvent.click(within(english).getByRole('button', { name: 'Send invitation' }));
    expect(await within(english).findByText('Enter the username to invite.')).toBeInTheDocument();
    expect(api.calls(sendInvitation)).toHaveLength(0);
  });

  it('accepts a mobile number in Persian digits and sends it canonical, with the chosen role', async () => {
    actAs(api, 'owner');
    api.on(sendInvitation, sent);
    const dialog = await openInvite('fa');
    const phoneField = within(dialog).getByLabelText(/شماره‌ی موبایل/) as HTMLInputElement;
    await userEvent.type(phoneField, '۰۹۱۲ 123 ۴۵۶۷');
    // Shown in Persian digits whichever were typed.
    expect(phoneField.value).toBe('۰۹۱۲۱۲۳۴۵۶۷');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'نقش' }));
    await userEvent.click(await screen.findByRole('option', { name: /Viewer/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'فرستادن دعوت‌نامه' }));
    expect(await api.sentOnce(sendInvitation)).toEqual({
      workspaceId,
      roleId: 'role-viewer',
      phone: '09121234567',
    });
    // Said in the dialog, without claiming who got it; no toast repeats it.
    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toContain('دعوت‌نامه برای');
    expect(status.textContent).toContain('۰۹۱۲۱۲۳۴۵۶۷');
    expect(toasts.success).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'بستن' })).toBeInTheDocument();
  });

  it('after a username invitation says what happens next and switches to the mobile tab in one click', async () => {
    actAs(api, 'owner');
    api.on(sendInvitation, sent);
    const dialog = await openInvite('en');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Username' }));
    await userEvent.type(within(dialog).getByLabelText(/Username/, { selector: 'input' }), 'No.Body');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toMatch(
      /^Invitation recorded for .*@no\.body.*\. If an account that is not a member yet has this username, its owner will see the invitation; otherwise it expires after 7 days\. To reach someone who may not have an account yet, invite by mobile number\./,
    );
    expect(status.textContent).not.toMatch(/sent/i);
    await userEvent.click(within(status).getByRole('button', { name: 'Invite by mobile number instead' }));
    expect(within(dialog).getByRole('button', { name: 'Mobile' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByLabelText(/Mobile number/)).toHaveProperty('value', '');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows its inviter what was typed, with the kind, role and date; other readers the masked value', async () => {
    actAs(api, 'owner');
    const byCode = (id: string, code: string, typed: boolean, roleName: string): Invitation => ({
      ...sent,
      id,
      role: { id: `role-${id}`, name: roleName, key: id },
      createdDate: '2026-03-01T10:00:00.000Z',
      invitee: typedInvitee(
        { nationalCode: `${code.slice(0, 3)}****${code.slice(-3)}` },
        typed ? { kind: 'nationalCode', value: code } : null,
      ),
    });
    api.on(
      invitationsList,
      page([
        byCode('i1', '6751234899', true, 'Viewer'),
        byCode('i2', '6759876899', true, 'Editor'),
        byCode('i3', '1112223334', false, 'Viewer'),
      ]),
    );
    await open('en');
    const table = await screen.findByRole('table', { name: 'Sent invitations' });
    const row = (text: string) => within(table).getByText(text).closest('tr') as HTMLElement;
    expect(within(row('6751234899')).getByText('National code')).toBeInTheDocument();
    expect(within(row('6751234899')).getByText('Viewer')).toBeInTheDocument();
    expect(within(row('6751234899')).getByText('March 1, 2026')).toBeInTheDocument();
    expect(within(row('6759876899')).getByText('Editor')).toBeInTheDocument();
    expect(within(row('111****334')).getByText('National code')).toBeInTheDocument();
    cleanup();

    await open('fa');
    const fa = await screen.findByRole('table', { name: 'دعوت‌نامه‌های فرستاده' });
    expect(within(fa).getByText('۶۷۵۱۲۳۴۸۹۹')).toBeInTheDocument();
    expect(within(fa).getByText('۶۷۵۹۸۷۶۸۹۹')).toBeInTheDocument();
    expect(within(fa).getAllByText('کد ملی')).toHaveLength(3);
  });

  it('checks the national code check digit and sends a valid one typed in Persian digits', async () => {
    actAs(api, 'owner');
    api.on(sendInvitation, sent);
    const dialog = await openInvite('en');
    await userEvent.click(within(dialog).getByRole('button', { name: 'National code' }));
    const field = within(dialog).getByLabelText(/National code/, { selector: 'input' });
    await userEvent.type(field, '0013542410');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('The national code is not valid')).toBeInTheDocument();
    expect(api.calls(sendInvitation)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '۰۰۱۳۵۴۲۴۱۹');
    // An English page shows the digits it writes.
    expect((field as HTMLInputElement).value).toBe('0013542419');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await api.sentOnce(sendInvitation)).toEqual({
      workspaceId,
      roleId: null,
      nationalCode: '0013542419',
    });
  });

  it('explains a duplicate (261) next to the field; a 404 (the role deleted meanwhile) is no “no account”', async () => {
    actAs(api, 'owner');
    let answer = 261;
    api.on(sendInvitation, () => ({ status: answer === 261 ? 400 : 404, statusCode: answer }));
    const dialog = await openInvite('en');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Username' }));
    const field = within(dialog).getByLabelText(/Username/, { selector: 'input' });
    await userEvent.type(field, 'Bob.Smith');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText(
        'This workspace has already invited this username, and that invitation is still pending.',
      ),
    ).toBeTruthy();
    expect(api.calls(sendInvitation)[0]?.body).toMatchObject({ username: 'bob.smith' });
    // Said once, at the field: no toast repeats it.
    expect(toasts.error).not.toHaveBeenCalled();
    answer = 404;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    // An unknown username is invited like a known one; the API's only 404 is a role deleted meanwhile.
    expect(
      await within(dialog).findByText('This role no longer exists; choose another one.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/No account has/)).not.toBeInTheDocument();
  });

  it('invites without a role, and without asking for the roles, when the inviter cannot read them', async () => {
    actAs(api, ['tenant_members_read', 'tenant_members_invitations_send']);
    api.on(sendInvitation, sent);
    const dialog = await openInvite('en');
    expect(within(dialog).getByText(/Your role cannot see the roles/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Mobile number/), '09121234567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await api.sentOnce(sendInvitation)).toEqual({ workspaceId, roleId: null, phone: '09121234567' });
    expect(api.calls(rolesList)).toHaveLength(0);
  });

  it('disables roles the inviter cannot grant', async () => {
    actAs(api, ['tenant_members_read', 'tenant_members_invitations_send', 'tenant_roles_read']);
    const dialog = await openInvite('en');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    expect((await screen.findByRole('option', { name: /Viewer/ })).getAttribute('aria-disabled')).not.toBe(
      'true',
    );
    expect(screen.getByRole('option', { name: /Admin/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('offers a member without the permissions no invite, role change, removal or withdrawal, but leaving', async () => {
    actAs(api, ['tenant_members_read']);
    api.on(`DELETE ${workspacePaths.members}`, null);
    await open();
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(screen.getByRole('button', { name: 'Invite' })).toHaveProperty('disabled', true);
    expect(within(table).queryByRole('button', { name: /Change the role/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    const invitations = await screen.findByRole('table', { name: 'Sent invitations' });
    expect(within(invitations).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Leave workspace' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave this workspace?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Leave workspace' }));
    expect(await api.sentOnce(`DELETE ${workspacePaths.members}`)).toEqual({
      workspaceId,
      memberId: 'm-me',
    });
    expect(await screen.findByText('picker')).toBeInTheDocument();
    expect(getWorkspaceId()).toBeNull();
  });

  it('changes a role and withdraws an invitation after confirming', async () => {
    actAs(api, 'owner');
    api.on(`PUT ${workspacePaths.members}`, {
      ...bob,
      role: { id: 'role-viewer', name: 'Viewer', key: 'viewer' },
    });
    api.on(`DELETE ${workspacePaths.invitations}`, null);
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Change the role of Bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Bob' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: /Viewer/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await api.sentOnce(`PUT ${workspacePaths.members}`)).toEqual({
      workspaceId,
      memberId: 'm-bob',
      roleId: 'role-viewer',
    });
    expect(toasts.success).toHaveBeenCalledWith('The role of Bob was changed.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(
      await screen.findByRole('button', { name: 'Withdraw the invitation of 0935***7788' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw this invitation?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await api.sentOnce(`DELETE ${workspacePaths.invitations}`)).toEqual({
      workspaceId,
      invitationId: 'inv-1',
    });
  });
});
