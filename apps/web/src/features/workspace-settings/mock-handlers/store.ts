import type {
  Invitation,
  Member,
  PermissionKey,
  Role,
  WorkspaceUser,
  WorkspaceUserStatus,
} from '@wsm/contracts';
import { type Lang, named, permissionInfo, permissionOf, softwares } from './catalogue';

// The mocked workspace settings keep a small in-memory workspace (roles, members, invitations, the user
// directory), so creating a role or withdrawing an invitation shows in the lists and the screens can be
// demonstrated end to end.

export interface StoredRole {
  id: string;
  name: string;
  superAccess: boolean;
  permissions: PermissionKey[];
  lastChangeDate: string;
}
export interface StoredMember {
  id: string;
  userId: string;
  level: 'owner' | 'member';
  roleId: string | null;
  firstName: string;
  lastName: string;
  username: string;
  phone: string;
  status: WorkspaceUserStatus;
  joinDate: string | null;
  birthDate: string | null;
}
export interface StoredInvitation {
  id: string;
  roleId: string | null;
  invitee: {
    userId: string | null;
    firstName: string | null;
    lastName: string | null;
    username: string | null;
    phone: string | null;
    nationalCode: string | null;
    typed: Invitation['invitee']['typed'];
  };
  status: string;
  createdDate: string;
  expiresDate: string;
}

type Invitee = StoredInvitation['invitee'];

/** The invitee of a pending invitation, as the API shows it: only what was typed, no account. */
export const typedInvitee = (
  masked: Partial<Pick<Invitee, 'username' | 'phone' | 'nationalCode'>>,
  typed: Invitee['typed'] = null,
): Invitee => ({
  userId: null,
  firstName: null,
  lastName: null,
  username: null,
  phone: null,
  nationalCode: null,
  ...masked,
  typed,
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let serial = 100;
export const nextId = (prefix: string) => `${prefix}-${++serial}`;

function seed() {
  const roles: StoredRole[] = [
    { id: 'role-admin', name: 'مدیر', superAccess: true, permissions: [], lastChangeDate: daysAgo(20) },
    {
      id: 'role-hr',
      name: 'منابع انسانی',
      superAccess: false,
      permissions: [
        'tenant_members_read',
        'tenant_members_invitations_send',
        'tenant_members_invitations_withdraw',
        'tenant_users_role_read',
        'tenant_users_role_update',
      ],
      lastChangeDate: daysAgo(3),
    },
    {
      id: 'role-viewer',
      name: 'بیننده',
      superAccess: false,
      permissions: ['tenant_members_read', 'tenant_roles_read'],
      lastChangeDate: daysAgo(1),
    },
  ];
  const person = (
    id: string,
    level: 'owner' | 'member',
    roleId: string | null,
    firstName: string,
    lastName: string,
    username: string,
    status: WorkspaceUserStatus,
  ): StoredMember => ({
    id: `member-${id}`,
    userId: `user-${id}`,
    level,
    roleId,
    firstName,
    lastName,
    username,
    phone: `0912***${id.padStart(4, '0')}`,
    status,
    joinDate: daysAgo(Number(id) * 7),
    birthDate: null,
  });
  const members: StoredMember[] = [
    person('1', 'owner', null, 'سارا', 'محمدی', 'sara', 'confirmed'),
    person('2', 'member', 'role-admin', 'علی', 'رضایی', 'ali.rezaei', 'confirmed'),
    person('3', 'member', 'role-hr', 'مریم', 'احمدی', 'maryam', 'confirmed'),
    person('4', 'member', 'role-viewer', 'رضا', 'کریمی', 'reza_k', 'suspended'),
  ];
  const invitations: StoredInvitation[] = [
    {
      id: 'invitation-1',
      roleId: 'role-viewer',
      invitee: typedInvitee({ phone: '0935***7788' }),
      status: 'pending',
      createdDate: daysAgo(2),
      expiresDate: inDays(5),
    },
    {
      id: 'invitation-2',
      roleId: 'role-hr',
      invitee: typedInvitee({ username: 'negar' }),
      status: 'pending',
      createdDate: daysAgo(6),
      expiresDate: inDays(1),
    },
    {
      id: 'invitation-3',
      roleId: 'role-hr',
      invitee: {
        userId: 'user-3',
        firstName: 'مریم',
        lastName: 'احمدی',
        username: 'maryam',
        phone: null,
        nationalCode: null,
        typed: null,
      },
      status: 'accepted',
      createdDate: daysAgo(21),
      expiresDate: daysAgo(14),
    },
  ];
  return { roles, members, invitations };
}

export let store = seed();

/** For tests: start again from the sample workspace. */
export function resetWorkspaceAdminMock(): void {
  store = seed();
}

export function roleView(role: StoredRole, lang: Lang): Role {
  const sections = new Set(role.permissions.map((key) => permissionInfo[key].section));
  return {
    id: role.id,
    name: role.name,
    key: role.id.replace(/^role-/, ''),
    superAccess: role.superAccess,
    totalMembers: store.members.filter((member) => member.roleId === role.id).length,
    softwares: softwares(lang, role.superAccess ? undefined : sections),
    permissions: role.permissions.map((key) => permissionOf(key, lang)),
    lastChangeDate: role.lastChangeDate,
  };
}

const roleSummary = (roleId: string | null) => {
  const role = store.roles.find((item) => item.id === roleId);
  return role ? { id: role.id, name: role.name, key: role.id.replace(/^role-/, '') } : null;
};

const memberStatus: Partial<Record<WorkspaceUserStatus, string>> = {
  confirmed: 'active',
  pending: 'pending',
  suspended: 'suspended',
};

export function memberView(member: StoredMember, lang: Lang): Member {
  return {
    id: member.id,
    level: member.level,
    role: roleSummary(member.roleId),
    user: {
      id: member.userId,
      firstName: member.firstName,
      lastName: member.lastName,
      username: member.username,
    },
    status: named(memberStatus[member.status] ?? 'pending', lang),
  };
}

export function invitationView(invitation: StoredInvitation, lang: Lang): Invitation {
  return {
    id: invitation.id,
    workspaceId: 'ws-1',
    workspaceName: 'acme',
    name: lang === 'fa' ? 'شرکت نمونه' : 'Sample company',
    logo: null,
    role: roleSummary(invitation.roleId),
    token: `token-${invitation.id}`,
    createdDate: invitation.createdDate,
    expiresDate: invitation.expiresDate,
    status: named(invitation.status, lang),
    invitee: invitation.invitee,
  };
}

/** The directory: every member plus every pending invitee. */
export function directory(lang: Lang): WorkspaceUser[] {
  const fromMembers = store.members.map(
    (member): WorkspaceUser => ({
      id: `entry-${member.userId}`,
      workspaceId: 'ws-1',
      status: named(member.status, lang),
      username: member.username,
      email: { value: `${member.username.charAt(0)}***@example.com`, verified: member.level === 'owner' },
      phone: member.phone,
      joinDate: member.joinDate,
      firstName: member.firstName,
      lastName: member.lastName,
      image: null,
      nationalId: '001****890',
      birthDate: member.birthDate,
    }),
  );
  // Like the API: invitations by national code or username get an entry only when accepted.
  const fromInvitations = store.invitations
    .filter((invitation) => invitation.status === 'pending' && invitation.invitee.phone !== null)
    .map(
      (invitation): WorkspaceUser => ({
        id: `entry-${invitation.id}`,
        workspaceId: 'ws-1',
        // Like the API: an invitee is unconfirmed and shows only the typed phone until it accepts,
        // whether or not the phone has an account.
        status: named('unconfirmed', lang),
        username: null,
        email: { value: null, verified: false },
        phone: invitation.invitee.phone,
        joinDate: null,
        firstName: null,
        lastName: null,
        image: null,
        nationalId: null,
        birthDate: null,
      }),
    );
  return [...fromMembers, ...fromInvitations];
}

export const nameMatches = (
  person: { firstName: string | null; lastName: string | null; username: string | null },
  search: string,
) =>
  [person.firstName, person.lastName, person.username].some((part) => part?.toLowerCase().includes(search));

/** One page of `items` by the request's page, pageSize and search (matched by `matches`). */
export function page<T>(items: T[], request: Request, matches: (item: T, search: string) => boolean) {
  const query = new URL(request.url).searchParams;
  const pageNo = Math.max(1, Number(query.get('page')) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(query.get('pageSize')) || 20));
  const search = query.get('search')?.trim().toLowerCase() ?? '';
  const found = search ? items.filter((item) => matches(item, search)) : items;
  return {
    items: found.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    total: found.length,
    page: pageNo,
    pageSize,
  };
}
