import {
  type Envelope,
  type Invitation,
  type Member,
  type Permission,
  type PermissionKey,
  permissionKeys,
  type Role,
  type Software,
  StatusCode,
  type WorkspaceUser,
  type WorkspaceUserStatus,
  workspaceUserStatuses,
  workspaceUserTransitions,
} from '@wsm/contracts';
import type { HttpRequest, QueryParams } from '../../lib/http';
import type { MockAnswer, MockRoute } from '../../lib/mock-api';
import { workspaceMockRoutes } from '../workspaces/mock-routes';

// The workspace settings calls (roles, softwares, permissions, members,
// invitations, the user directory) for the mocked-API mode. Unlike the canned personal settings these
// keep a small in-memory workspace, so creating a role or withdrawing an invitation shows in the lists
// and the screens can be demonstrated end to end. Names follow the request's language.

type Lang = 'fa' | 'en';
type Texts = Record<Lang, string>;

const ok = <T>(data: T): MockAnswer => ({
  body: { statusCode: StatusCode.ok, statusMessage: 'OK', data } satisfies Envelope<T>,
});
const fail = (statusCode: number, status: number, data: unknown = null): MockAnswer => ({
  status,
  body: { statusCode, statusMessage: 'mock', data },
});
const duplicate = () => fail(StatusCode.duplicate, 400);
const notFound = () => fail(StatusCode.notFound, 404);

const langOf = (config: HttpRequest): Lang => (config.headers['Accept-Language'] === 'en' ? 'en' : 'fa');

function bodyOf(config: HttpRequest): Record<string, unknown> {
  const data: unknown = config.data;
  if (typeof data === 'string') {
    try {
      return JSON.parse(data) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

const paramsOf = (config: HttpRequest): QueryParams => config.params ?? {};

function page<T>(items: T[], config: HttpRequest, matches: (item: T, search: string) => boolean) {
  const params = paramsOf(config);
  const pageNo = Math.max(1, Number(params.page) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(params.pageSize) || 20));
  const search = typeof params.search === 'string' ? params.search.trim().toLowerCase() : '';
  const found = search ? items.filter((item) => matches(item, search)) : items;
  return {
    items: found.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    total: found.length,
    page: pageNo,
    pageSize,
  };
}

function ownInvitations(config: HttpRequest): MockAnswer {
  const route = workspaceMockRoutes.find(
    (item) => item.method === 'get' && item.path === '/v1/workspaces/members/identity/invitations',
  );
  return route ? route.answer(config) : ok([]);
}

const lastSegment = (config: HttpRequest, before: string): string =>
  new RegExp(`/${before}/([^/]+)`).exec(config.url)?.[1] ?? '';

// ---- the catalogue -----------------------------------------------------------------------------------

const sectionNames: Record<string, Texts> = {
  info: { fa: 'اطلاعات فضای کاری', en: 'Workspace information' },
  members: { fa: 'اعضا', en: 'Members' },
  roles: { fa: 'نقش‌ها', en: 'Roles' },
};

const permissionInfo: Record<PermissionKey, { section: string; name: Texts }> = {
  tenant_roles_read: { section: 'roles', name: { fa: 'دیدن نقش‌ها', en: 'Read roles' } },
  tenant_roles_create: { section: 'roles', name: { fa: 'ساختن نقش', en: 'Create roles' } },
  tenant_roles_update: { section: 'roles', name: { fa: 'ویرایش نقش', en: 'Update roles' } },
  tenant_roles_delete: { section: 'roles', name: { fa: 'حذف نقش', en: 'Delete roles' } },
  tenant_users_role_read: {
    section: 'members',
    name: { fa: 'دیدن کاربران فضای کاری', en: 'Read workspace users' },
  },
  tenant_users_role_create: {
    section: 'members',
    name: { fa: 'افزودن کاربر فضای کاری', en: 'Create workspace users' },
  },
  tenant_users_role_update: {
    section: 'members',
    name: { fa: 'ویرایش و تغییر وضعیت کاربران', en: 'Update workspace users and their status' },
  },
  tenant_members_read: {
    section: 'members',
    name: { fa: 'دیدن اعضا و دعوت‌ها', en: 'Read members and invitations' },
  },
  tenant_members_update: { section: 'members', name: { fa: 'تغییر نقش اعضا', en: "Change members' roles" } },
  tenant_members_delete: { section: 'members', name: { fa: 'حذف اعضا', en: 'Remove members' } },
  tenant_members_invitations_send: {
    section: 'members',
    name: { fa: 'فرستادن دعوت‌نامه', en: 'Send invitations' },
  },
  tenant_members_invitations_withdraw: {
    section: 'members',
    name: { fa: 'پس گرفتن دعوت‌نامه', en: 'Withdraw invitations' },
  },
  tenant_profile_read: {
    section: 'info',
    name: { fa: 'دیدن پروفایل فضای کاری', en: 'Read the workspace profile' },
  },
  tenant_profile_create: { section: 'info', name: { fa: 'افزودن برنامه', en: 'Create applications' } },
  tenant_profile_update: {
    section: 'info',
    name: { fa: 'ویرایش پروفایل و برنامه‌ها', en: 'Update the profile and applications' },
  },
  tenant_audit_read: {
    section: 'info',
    name: { fa: 'دیدن گزارش رویدادهای فضای کاری', en: "Read the workspace's audit log" },
  },
  tenant_integrations_manage: {
    section: 'info',
    name: { fa: 'مدیریت کلیدهای API و وب‌هوک‌ها', en: 'Manage API keys and webhooks' },
  },
};

const permissionOf = (key: PermissionKey, lang: Lang): Permission => ({
  id: key,
  key,
  name: permissionInfo[key].name[lang],
  pointers: [`tenant-settings/${permissionInfo[key].section}`],
});

const softwares = (lang: Lang, only?: ReadonlySet<string>): Software[] => {
  const sections = Object.keys(sectionNames).filter((key) => !only || only.has(key));
  return sections.length === 0
    ? []
    : [
        {
          id: 'tenant-settings',
          key: 'tenant-settings',
          name: lang === 'fa' ? 'تنظیمات فضای کاری' : 'Workspace settings',
          sections: sections.map((key) => ({ key, name: sectionNames[key]?.[lang] ?? key })),
          imageId: null,
        },
      ];
};

const statusNames: Record<string, Texts> = {
  active: { fa: 'فعال', en: 'Active' },
  pending: { fa: 'در انتظار', en: 'Pending' },
  suspended: { fa: 'معلق', en: 'Suspended' },
  unregistered: { fa: 'ثبت‌نام‌نشده', en: 'Unregistered' },
  unconfirmed: { fa: 'تأییدنشده', en: 'Unconfirmed' },
  confirmed: { fa: 'تأییدشده', en: 'Confirmed' },
  accepted: { fa: 'پذیرفته‌شده', en: 'Accepted' },
  declined: { fa: 'ردشده', en: 'Declined' },
  withdrawn: { fa: 'پس‌گرفته‌شده', en: 'Withdrawn' },
  expired: { fa: 'منقضی‌شده', en: 'Expired' },
};
const named = (key: string, lang: Lang) => ({ id: key, key, name: statusNames[key]?.[lang] ?? key });

// ---- the workspace -----------------------------------------------------------------------------------

interface StoredRole {
  id: string;
  name: string;
  superAccess: boolean;
  permissions: PermissionKey[];
  lastChangeDate: string;
}
interface StoredMember {
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
interface StoredInvitation {
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
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let serial = 100;
const nextId = (prefix: string) => `${prefix}-${++serial}`;

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

let store = seed();

/** For tests: start again from the sample workspace. */
export function resetWorkspaceAdminMock(): void {
  store = seed();
}

function roleView(role: StoredRole, lang: Lang): Role {
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

function memberView(member: StoredMember, lang: Lang): Member {
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

function invitationView(invitation: StoredInvitation, lang: Lang): Invitation {
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
function directory(lang: Lang): WorkspaceUser[] {
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

const nameMatches = (
  person: { firstName: string | null; lastName: string | null; username: string | null },
  search: string,
) =>
  [person.firstName, person.lastName, person.username].some((part) => part?.toLowerCase().includes(search));

const ws = '/workspace-id/[^/]+';
const access = '/v1/workspaces/members/access';
const identity = '/v1/workspaces/members/identity';
const users = '/v1/workspaces/users/identity';

export const workspaceAdminMockRoutes: MockRoute[] = [
  {
    // The mocked workspace keeps no history: its audit log is empty.
    method: 'get',
    path: new RegExp(`^/v1/workspaces/audit${ws}/?$`),
    answer: () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
  },
  {
    method: 'get',
    path: new RegExp(`^${access}/softwares${ws}$`),
    answer: (config) => ok(softwares(langOf(config))),
  },
  {
    method: 'get',
    path: new RegExp(`^${access}/permissions${ws}$`),
    answer: (config) => ok(permissionKeys.map((key) => permissionOf(key, langOf(config)))),
  },
  {
    method: 'get',
    path: new RegExp(`^${access}/roles${ws}$`),
    answer: (config) => {
      const lang = langOf(config);
      const found = page(store.roles, config, (role, search) => role.name.toLowerCase().includes(search));
      return ok({ ...found, items: found.items.map((role) => roleView(role, lang)) });
    },
  },
  {
    method: 'get',
    path: new RegExp(`^${access}/roles/role-id/[^/]+${ws}$`),
    answer: (config) => {
      const role = store.roles.find((item) => item.id === lastSegment(config, 'role-id'));
      return role ? ok(roleView(role, langOf(config))) : notFound();
    },
  },
  {
    method: 'post',
    path: `${access}/roles`,
    answer: (config) => {
      const body = bodyOf(config);
      const name = String(body.name ?? '').trim();
      if (store.roles.some((role) => role.name === name)) return duplicate();
      const role: StoredRole = {
        id: nextId('role'),
        name,
        superAccess: body.superAccess === true,
        permissions: ((body.permissionIds as string[] | undefined) ?? []).filter(
          (key): key is PermissionKey => (permissionKeys as readonly string[]).includes(key),
        ),
        lastChangeDate: new Date().toISOString(),
      };
      store.roles.push(role);
      return ok(roleView(role, langOf(config)));
    },
  },
  {
    method: 'put',
    path: `${access}/roles`,
    answer: (config) => {
      const body = bodyOf(config);
      const role = store.roles.find((item) => item.id === body.roleId);
      if (!role) return notFound();
      // Optimistic concurrency as the server does it: a stale lastChangeDate changes nothing.
      if (body.lastChangeDate !== role.lastChangeDate) return duplicate();
      const name = String(body.name ?? '').trim();
      if (store.roles.some((item) => item.id !== role.id && item.name === name)) return duplicate();
      role.name = name;
      role.superAccess = body.superAccess === true;
      role.permissions = ((body.permissionIds as string[] | undefined) ?? []).filter(
        (key): key is PermissionKey => (permissionKeys as readonly string[]).includes(key),
      );
      role.lastChangeDate = new Date().toISOString();
      return ok(roleView(role, langOf(config)));
    },
  },
  {
    method: 'delete',
    path: `${access}/roles`,
    answer: (config) => {
      const { roleId } = bodyOf(config);
      if (!store.roles.some((role) => role.id === roleId)) return notFound();
      store.roles = store.roles.filter((role) => role.id !== roleId);
      for (const member of store.members) if (member.roleId === roleId) member.roleId = null;
      return ok(null);
    },
  },
  {
    method: 'get',
    path: new RegExp(`^${identity}${ws}$`),
    answer: (config) => {
      const lang = langOf(config);
      const found = page(store.members, config, nameMatches);
      return ok({ ...found, items: found.items.map((member) => memberView(member, lang)) });
    },
  },
  {
    method: 'put',
    path: identity,
    answer: (config) => {
      const { memberId, roleId } = bodyOf(config);
      const member = store.members.find((item) => item.id === memberId);
      if (!member) return notFound();
      if (member.level === 'owner') return fail(StatusCode.forbidden, 400);
      member.roleId = typeof roleId === 'string' ? roleId : null;
      return ok(memberView(member, langOf(config)));
    },
  },
  {
    method: 'delete',
    path: identity,
    answer: (config) => {
      const { memberId } = bodyOf(config);
      const member = store.members.find((item) => item.id === memberId);
      if (!member) return notFound();
      if (member.level === 'owner') return fail(StatusCode.forbidden, 400);
      store.members = store.members.filter((item) => item !== member);
      return ok(null);
    },
  },
  {
    method: 'get',
    path: `${identity}/invitations`,
    answer: (config) => {
      const lang = langOf(config);
      // Without ?workspaceId= it is the caller's own invitations: the workspaces feature's mock answers.
      if (!paramsOf(config).workspaceId) return ownInvitations(config);
      const found = page(store.invitations, config, (invitation, search) =>
        nameMatches(invitation.invitee, search),
      );
      return ok({ ...found, items: found.items.map((invitation) => invitationView(invitation, lang)) });
    },
  },
  {
    method: 'post',
    path: `${identity}/invitations`,
    answer: (config) => {
      const body = bodyOf(config);
      const username = typeof body.username === 'string' ? body.username : null;
      const phone = typeof body.phone === 'string' ? body.phone : null;
      const nationalCode = typeof body.nationalCode === 'string' ? body.nationalCode : null;
      const typed = phone
        ? ({ kind: 'phone', value: phone } as const)
        : nationalCode
          ? ({ kind: 'nationalCode', value: nationalCode } as const)
          : username
            ? ({ kind: 'username', value: username } as const)
            : null;
      // Like the API: only the same value typed again while pending is refused, members or not.
      const pendingAlready = store.invitations.some(
        (item) =>
          item.status === 'pending' &&
          item.invitee.typed?.kind === typed?.kind &&
          item.invitee.typed?.value === typed?.value,
      );
      if (pendingAlready) return duplicate();
      const invitation: StoredInvitation = {
        id: nextId('invitation'),
        roleId: typeof body.roleId === 'string' ? body.roleId : null,
        // Like the API: only what was typed, whether or not an account holds it.
        invitee: typedInvitee(
          {
            username,
            phone: phone ? `${phone.slice(0, 4)}***${phone.slice(-4)}` : null,
            nationalCode: nationalCode ? `${nationalCode.slice(0, 3)}****${nationalCode.slice(-3)}` : null,
          },
          typed,
        ),
        status: 'pending',
        createdDate: new Date().toISOString(),
        expiresDate: inDays(7),
      };
      store.invitations.unshift(invitation);
      return ok(invitationView(invitation, langOf(config)));
    },
  },
  {
    method: 'delete',
    path: `${identity}/invitations`,
    answer: (config) => {
      const invitation = store.invitations.find((item) => item.id === bodyOf(config).invitationId);
      if (invitation?.status !== 'pending') return notFound();
      invitation.status = 'withdrawn';
      return ok(null);
    },
  },
  {
    method: 'get',
    path: new RegExp(`^${users}/status${ws}$`),
    answer: (config) => ok(workspaceUserStatuses.map((key) => named(key, langOf(config)))),
  },
  {
    method: 'get',
    path: new RegExp(`^${users}${ws}$`),
    answer: (config) => {
      const status = paramsOf(config).status;
      const all = directory(langOf(config)).filter((user) => !status || user.status.key === status);
      return ok(page(all, config, nameMatches));
    },
  },
  {
    method: 'put',
    path: users,
    answer: (config) => {
      const body = bodyOf(config);
      const member = store.members.find((item) => `entry-${item.userId}` === body.userId);
      if (!member) return notFound();
      if (typeof body.firstName === 'string') member.firstName = body.firstName;
      if (typeof body.lastName === 'string') member.lastName = body.lastName;
      if (body.birthDate === null || typeof body.birthDate === 'string') member.birthDate = body.birthDate;
      return ok(directory(langOf(config)).find((user) => user.id === body.userId));
    },
  },
  {
    method: 'delete',
    path: users,
    answer: (config) => {
      const { userId } = bodyOf(config);
      const member = store.members.find((item) => `entry-${item.userId}` === userId);
      if (member?.level === 'owner') return fail(StatusCode.forbidden, 400);
      if (member) store.members = store.members.filter((item) => item !== member);
      else {
        const invitation = store.invitations.find((item) => `entry-${item.id}` === userId);
        if (!invitation) return notFound();
        invitation.status = 'withdrawn';
      }
      return ok(null);
    },
  },
  {
    method: 'put',
    path: `${users}/status`,
    answer: (config) => {
      const { userId, statusKey } = bodyOf(config);
      const member = store.members.find((item) => `entry-${item.userId}` === userId);
      if (!member) return notFound();
      if (member.level === 'owner') return fail(StatusCode.forbidden, 400);
      if (member.status === statusKey) return duplicate();
      if (!workspaceUserTransitions[member.status].includes(statusKey as WorkspaceUserStatus))
        return fail(StatusCode.validation, 400, {
          errors: [
            {
              path: 'statusKey',
              message:
                langOf(config) === 'fa' ? 'این تغییر وضعیت مجاز نیست' : 'This status change is not allowed',
            },
          ],
        });
      member.status = statusKey as WorkspaceUserStatus;
      return ok(directory(langOf(config)).find((user) => user.id === userId));
    },
  },
];
