import {
  type AccessInformation,
  type Application,
  type Invitation,
  StatusCode,
  tenantSettingsKey,
  type Workspace,
  type WorkspaceProfile,
} from '@wsm/contracts';
import { http } from 'msw';
import { bodyOf, fail as failWith, ok } from '../../lib/mock-http';

// Answers for the mocked-API mode (and the tests' default server), kept in memory for the page's life so
// creating a workspace, saving the profile or editing applications shows its result. Workspace ws-1 is
// owned by the mocked user; in ws-2 the user holds a role that may only read the profile, so the gated
// buttons can be seen in both states.

const fail = (status: number, statusCode: number) => failWith(status, statusCode);

const created = '2025-03-21T08:30:00.000Z';
const logo = { id: 'logo-1', url: '/favicon.svg' };
const active = { id: 'active', name: 'فعال', key: 'active' };
const social = { instagram: null, telegram: null, x: null, rubika: null };
const noVersion = { pwa: null, ios: null, android: null, windows: null, macos: null };
let serial = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`;

const sampleWorkspaces = (): Workspace[] => [
  {
    id: 'ws-1',
    workspaceName: 'acme',
    name: 'شرکت نمونه',
    description: 'فضای کاری نمونه برای حالت آزمایشی',
    logo,
    status: active,
    createdDate: created,
    level: 'owner',
    role: null,
  },
  {
    id: 'ws-2',
    workspaceName: 'globex',
    name: 'Globex',
    description: 'A sample workspace for the mocked mode',
    logo: null,
    status: active,
    createdDate: created,
    level: 'member',
    role: { id: 'role-viewer', name: 'Viewer', key: 'viewer' },
  },
];
const workspaces = sampleWorkspaces();

const profiles = new Map<string, WorkspaceProfile>();
const applications = new Map<string, Application[]>();

const builtIn = (workspaceId: string): Application => ({
  id: `${workspaceId}-settings`,
  key: tenantSettingsKey,
  name: 'تنظیمات فضای کاری',
  title: null,
  slogan: null,
  description: null,
  keywords: [],
  version: noVersion,
  socialNetworks: social,
  createdDate: created,
});

function profileOf(workspace: Workspace): WorkspaceProfile {
  let profile = profiles.get(workspace.id);
  if (!profile) {
    profile = {
      id: `${workspace.id}-profile`,
      workspaceId: workspace.id,
      name: workspace.name,
      description: workspace.description,
      email: null,
      phone: null,
      website: null,
      fax: null,
      logo: workspace.logo,
      socialNetworks: social,
    };
    profiles.set(workspace.id, profile);
  }
  return profile;
}

function applicationsOf(workspaceId: string): Application[] {
  let list = applications.get(workspaceId);
  if (!list) {
    list = [builtIn(workspaceId)];
    if (workspaceId === 'ws-1')
      list.push({
        ...builtIn(workspaceId),
        id: 'app-shop',
        key: 'shop',
        name: 'فروشگاه',
        slogan: 'فروش آنلاین',
        version: { ...noVersion, pwa: '1.4.0', android: '1.3.2' },
      });
    applications.set(workspaceId, list);
  }
  return list;
}

const sampleInvitations = (): Invitation[] => [
  {
    id: 'invitation-1',
    workspaceId: 'ws-3',
    workspaceName: 'initech',
    name: 'Initech',
    logo: null,
    role: { id: 'role-accounting', name: 'حسابداری', key: 'accounting' },
    token: 'mock-token',
    createdDate: new Date(Date.now() - 5 * 3_600_000).toISOString(),
    expiresDate: new Date(Date.now() + 6 * 24 * 3_600_000).toISOString(),
    status: { id: 'pending', name: 'در انتظار', key: 'pending' },
    invitee: {
      userId: 'user-1',
      firstName: 'سارا',
      lastName: 'محمدی',
      username: 'sara',
      phone: '0912***4567',
      nationalCode: null,
      typed: null,
    },
  },
];
const invitations = sampleInvitations();

/** Back to the sample workspaces and invitations: what one test changed, the next does not see. */
export function resetWorkspaceMock(): void {
  workspaces.splice(0, workspaces.length, ...sampleWorkspaces());
  invitations.splice(0, invitations.length, ...sampleInvitations());
  profiles.clear();
  applications.clear();
}

type Params = Record<string, string | readonly string[] | undefined>;
const param = (params: Params, name: string): string => String(params[name] ?? '');
const findWorkspace = (id: string) => workspaces.find((workspace) => workspace.id === id);

function access({ params }: { params: Params }) {
  const workspace = findWorkspace(param(params, 'workspaceId'));
  if (!workspace) return fail(403, StatusCode.forbidden);
  const info: AccessInformation = {
    workspaceId: workspace.id,
    memberId: `member-${workspace.id}`,
    roles: [
      workspace.level === 'owner'
        ? { level: 'owner', role: null, applications: [tenantSettingsKey], permissions: ['*'] }
        : {
            level: 'member',
            role: { id: 'role-viewer', name: 'Viewer', key: 'viewer', superAccess: false },
            applications: [tenantSettingsKey],
            permissions: ['tenant_profile_read', 'tenant_members_read'],
          },
    ],
  };
  return ok(info);
}

async function saveApplication(request: Request, creating: boolean) {
  const input = await bodyOf(request);
  const list = applicationsOf(String(input.workspaceId));
  const existing = creating ? undefined : list.find((item) => item.id === input.applicationId);
  if (!creating && !existing) return fail(404, StatusCode.notFound);
  const key = typeof input.key === 'string' ? input.key : (existing?.key ?? '');
  if (list.some((item) => item.key === key && item.id !== existing?.id))
    return fail(400, StatusCode.duplicate);
  const base = existing ?? { ...builtIn(''), id: nextId('app'), createdDate: new Date().toISOString() };
  const application: Application = {
    ...base,
    key,
    name: typeof input.name === 'string' ? input.name : base.name,
    title: (input.title as string | null | undefined) ?? null,
    slogan: (input.slogan as string | null | undefined) ?? null,
    description: (input.description as string | null | undefined) ?? null,
    keywords: Array.isArray(input.keywords) ? (input.keywords as string[]) : base.keywords,
    version: { ...noVersion, ...(input.version as object | undefined) },
    socialNetworks: { ...social, ...(input.socialNetworks as object | undefined) },
  };
  if (existing) list.splice(list.indexOf(existing), 1, application);
  else list.push(application);
  return ok(application);
}

const workspaceFound = (params: Params) => findWorkspace(param(params, 'workspaceId'));

export const workspaceMockHandlers = [
  http.get('/v1/workspaces', () => ok(workspaces)),
  http.post('/v1/workspaces', async ({ request }) => {
    const input = await bodyOf(request);
    const workspaceName = String(input.workspaceName ?? '');
    if (workspaces.some((workspace) => workspace.workspaceName === workspaceName))
      return fail(400, StatusCode.duplicate);
    const workspace: Workspace = {
      id: nextId('ws'),
      workspaceName,
      name: String(input.name ?? workspaceName),
      description: (input.description as string | null | undefined) ?? null,
      logo: null,
      status: active,
      createdDate: new Date().toISOString(),
      level: 'owner',
      role: null,
    };
    workspaces.push(workspace);
    return ok(workspace);
  }),
  http.get('/v1/workspaces/workspace-id/:workspaceId', ({ params }) => {
    const workspace = workspaceFound(params);
    return workspace ? ok(workspace) : fail(403, StatusCode.forbidden);
  }),
  http.get('/v1/workspaces/profile/workspace-id/:workspaceId', ({ params }) => {
    const workspace = workspaceFound(params);
    return workspace ? ok(profileOf(workspace)) : fail(403, StatusCode.forbidden);
  }),
  http.put('/v1/workspaces/profile', async ({ request }) => {
    const input = await bodyOf(request);
    const workspace = findWorkspace(String(input.workspaceId));
    if (!workspace) return fail(403, StatusCode.forbidden);
    const current = profileOf(workspace);
    const { workspaceId: _, logoId, socialNetworks, ...fields } = input;
    const next: WorkspaceProfile = {
      ...current,
      ...(fields as Partial<WorkspaceProfile>),
      socialNetworks: { ...current.socialNetworks, ...(socialNetworks as object | undefined) },
      logo: logoId === undefined ? current.logo : logoId === null ? null : logo,
    };
    profiles.set(workspace.id, next);
    Object.assign(workspace, { name: next.name, description: next.description, logo: next.logo });
    return ok(next);
  }),
  http.post('/v1/assets/workspace-profile-image', () => ok({ imageId: 'logo-uploaded', url: logo.url })),
  http.get('/v1/workspaces/members/access/information/user-id/:userId/workspace-id/:workspaceId', access),
  http.get('/v1/workspaces/profile/applications/workspace-id/:workspaceId', ({ params }) =>
    ok(applicationsOf(param(params, 'workspaceId'))),
  ),
  http.get(
    '/v1/workspaces/profile/applications/application-id/:applicationId/workspace-id/:workspaceId',
    ({ params }) => {
      const appId = param(params, 'applicationId');
      const found = applicationsOf(param(params, 'workspaceId')).find((item) => item.id === appId);
      return found ? ok(found) : fail(404, StatusCode.notFound);
    },
  ),
  http.post('/v1/workspaces/profile/applications', ({ request }) => saveApplication(request, true)),
  http.put('/v1/workspaces/profile/applications', ({ request }) => saveApplication(request, false)),
  http.delete('/v1/workspaces/profile/applications', async ({ request }) => {
    const input = await bodyOf(request);
    const list = applicationsOf(String(input.workspaceId));
    const index = list.findIndex((item) => item.id === input.applicationId && item.key !== tenantSettingsKey);
    if (index < 0) return fail(404, StatusCode.notFound);
    list.splice(index, 1);
    return ok(null);
  }),
  http.get('/v1/workspaces/members/identity/invitations', () => ok(invitations)),
  http.get('/v1/workspaces/members/identity/invitations/id/:invitationId', ({ params }) => {
    const found = invitations.find((item) => item.id === param(params, 'invitationId'));
    return found ? ok(found) : fail(404, StatusCode.notFound);
  }),
  http.post('/v1/workspaces/members/identity/invitations/response', async ({ request }) => {
    const input = await bodyOf(request);
    const index = invitations.findIndex((item) => item.id === input.invitationId);
    const invitation = invitations[index];
    if (!invitation) return fail(404, StatusCode.notFound);
    invitations.splice(index, 1);
    if (input.accept === true)
      workspaces.push({
        id: invitation.workspaceId,
        workspaceName: invitation.workspaceName,
        name: invitation.name,
        description: null,
        logo: invitation.logo,
        status: active,
        createdDate: new Date().toISOString(),
        level: 'member',
        role: invitation.role,
      });
    return ok(null);
  }),
];
