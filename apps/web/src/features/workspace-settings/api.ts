import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  createRoleRequestSchema,
  deleteMemberRequestSchema,
  deleteRoleRequestSchema,
  deleteWorkspaceUserRequestSchema,
  invitationSchema,
  invitationsPageSchema,
  memberSchema,
  membersPageSchema,
  namedKeySchema,
  permissionSchema,
  roleSchema,
  rolesPageSchema,
  type SendInvitationRequest,
  StatusCode,
  sendInvitationRequestSchema,
  softwareSchema,
  type UpdateRoleRequest,
  updateMemberRequestSchema,
  updateRoleRequestSchema,
  updateWorkspaceUserRequestSchema,
  type WorkspaceUserStatus,
  withdrawInvitationRequestSchema,
  workspacePaths,
  workspaceUserSchema,
  workspaceUserStatusRequestSchema,
  workspaceUsersPageSchema,
} from '@wsm/contracts';
import { z } from 'zod';
import { apiClient, type QueryParams, unwrap } from '../../lib/api-client';
import { useUsername } from '../profile/api';

// The workspace settings screens' calls (roles, softwares and permissions,
// members and invitations, the user directory): every request is checked and every answer parsed with
// the contracts' schemas, then TanStack Query hooks keyed by workspace.

/** A page of a list that can grow. */
export interface ListQuery {
  page: number;
  pageSize: number;
  search?: string;
}

export const defaultPageSize = 10;
/** Role pickers load the roles in one page: the contract's largest. */
export const allRolesPageSize = 100;

const listParams = ({ page, pageSize, search }: ListQuery) => ({
  page,
  pageSize,
  ...(search?.trim() ? { search: search.trim() } : {}),
});

const get = async <T>(path: string, schema: z.ZodType<T>, params?: QueryParams): Promise<T> =>
  schema.parse(await unwrap(apiClient.get(path, params ? { params } : undefined)));

const remove = async (path: string, data: unknown): Promise<void> => {
  await unwrap(apiClient.delete(path, { data }));
};

// The role and invite dialogs show 261 (a taken name, an invitation already pending) at their field.
const duplicateAtField = { fieldCodes: [StatusCode.duplicate] } as const;

export type UpdateWorkspaceUser = z.input<typeof updateWorkspaceUserRequestSchema>;

export const adminApi = {
  roles: (workspaceId: string, query: ListQuery) =>
    get(workspacePaths.rolesOf(workspaceId), rolesPageSchema, listParams(query)),
  role: (workspaceId: string, roleId: string) => get(workspacePaths.role(workspaceId, roleId), roleSchema),
  createRole: async (body: z.input<typeof createRoleRequestSchema>) =>
    roleSchema.parse(
      await unwrap(
        apiClient.post(workspacePaths.roles, createRoleRequestSchema.parse(body), duplicateAtField),
      ),
    ),
  updateRole: async (body: UpdateRoleRequest) =>
    roleSchema.parse(
      await unwrap(
        apiClient.put(workspacePaths.roles, updateRoleRequestSchema.parse(body), duplicateAtField),
      ),
    ),
  deleteRole: (workspaceId: string, roleId: string) =>
    remove(workspacePaths.roles, deleteRoleRequestSchema.parse({ workspaceId, roleId })),
  softwares: (workspaceId: string) => get(workspacePaths.softwares(workspaceId), z.array(softwareSchema)),
  permissions: (workspaceId: string) =>
    get(workspacePaths.permissions(workspaceId), z.array(permissionSchema)),

  members: (workspaceId: string, query: ListQuery) =>
    get(workspacePaths.membersOf(workspaceId), membersPageSchema, listParams(query)),
  changeMemberRole: async (workspaceId: string, memberId: string, roleId: string | null) =>
    memberSchema.parse(
      await unwrap(
        apiClient.put(
          workspacePaths.members,
          updateMemberRequestSchema.parse({ workspaceId, memberId, roleId }),
        ),
      ),
    ),
  removeMember: (workspaceId: string, memberId: string) =>
    remove(workspacePaths.members, deleteMemberRequestSchema.parse({ workspaceId, memberId })),
  sentInvitations: (workspaceId: string, query: ListQuery) =>
    get(workspacePaths.invitations, invitationsPageSchema, { workspaceId, ...listParams(query) }),
  /** Digits are normalised and the phone made canonical by the schema before sending. */
  sendInvitation: async (body: z.input<typeof sendInvitationRequestSchema> | SendInvitationRequest) =>
    invitationSchema.parse(
      await unwrap(
        apiClient.post(workspacePaths.invitations, sendInvitationRequestSchema.parse(body), duplicateAtField),
      ),
    ),
  withdrawInvitation: (workspaceId: string, invitationId: string) =>
    remove(workspacePaths.invitations, withdrawInvitationRequestSchema.parse({ workspaceId, invitationId })),

  users: (workspaceId: string, query: ListQuery & { status?: WorkspaceUserStatus }) =>
    get(workspacePaths.usersOf(workspaceId), workspaceUsersPageSchema, {
      ...listParams(query),
      ...(query.status ? { status: query.status } : {}),
    }),
  updateUser: async (body: UpdateWorkspaceUser) =>
    workspaceUserSchema.parse(
      await unwrap(apiClient.put(workspacePaths.users, updateWorkspaceUserRequestSchema.parse(body))),
    ),
  deleteUser: (workspaceId: string, userId: string) =>
    remove(workspacePaths.users, deleteWorkspaceUserRequestSchema.parse({ workspaceId, userId })),
  userStatuses: (workspaceId: string) =>
    get(workspacePaths.userStatuses(workspaceId), z.array(namedKeySchema)),
  changeUserStatus: async (workspaceId: string, userId: string, statusKey: WorkspaceUserStatus) =>
    workspaceUserSchema.parse(
      await unwrap(
        apiClient.put(
          workspacePaths.userStatus,
          workspaceUserStatusRequestSchema.parse({ workspaceId, userId, statusKey }),
        ),
      ),
    ),
};

// --- query keys and hooks --------------------------------------------------------------------------

export const adminKeys = {
  workspace: (workspaceId: string) => ['workspace-admin', workspaceId] as const,
  roles: (workspaceId: string, query?: ListQuery) =>
    query
      ? (['workspace-admin', workspaceId, 'roles', query] as const)
      : (['workspace-admin', workspaceId, 'roles'] as const),
  role: (workspaceId: string, roleId: string) => ['workspace-admin', workspaceId, 'role', roleId] as const,
  catalogue: (workspaceId: string) => ['workspace-admin', workspaceId, 'catalogue'] as const,
  members: (workspaceId: string) => ['workspace-admin', workspaceId, 'members'] as const,
  invitations: (workspaceId: string) => ['workspace-admin', workspaceId, 'invitations'] as const,
  users: (workspaceId: string) => ['workspace-admin', workspaceId, 'users'] as const,
  statuses: (workspaceId: string) => ['workspace-admin', workspaceId, 'statuses'] as const,
};

/** Part A's access hook keeps the caller's permissions under this key; role and member changes refresh it. */
const accessKey = ['workspace-access'] as const;

/** One page of a settings list: the page on screen stays while the next one loads. */
const useListPage = <T>(queryKey: QueryKey, queryFn: () => Promise<T>, enabled: boolean) =>
  useQuery({ queryKey, queryFn, placeholderData: keepPreviousData, enabled });

export const useRoles = (workspaceId: string, query: ListQuery, enabled = true) =>
  useListPage(adminKeys.roles(workspaceId, query), () => adminApi.roles(workspaceId, query), enabled);

/** Every role (for the role pickers). */
export const useAllRoles = (workspaceId: string, enabled = true) =>
  useRoles(workspaceId, { page: 1, pageSize: allRolesPageSize }, enabled);

export const useRole = (workspaceId: string, roleId: string | null) =>
  useQuery({
    queryKey: adminKeys.role(workspaceId, roleId ?? ''),
    queryFn: () => adminApi.role(workspaceId, roleId ?? ''),
    enabled: Boolean(roleId),
    // The edit form needs the freshest lastChangeDate.
    staleTime: 0,
  });

/** The softwares and the permission catalogue together: the permission matrix needs both. */
export const useAccessCatalogue = (workspaceId: string) =>
  useQuery({
    queryKey: adminKeys.catalogue(workspaceId),
    queryFn: async () => {
      const [softwares, permissions] = await Promise.all([
        adminApi.softwares(workspaceId),
        adminApi.permissions(workspaceId),
      ]);
      return { softwares, permissions };
    },
    staleTime: 10 * 60_000,
  });

export const useMembers = (workspaceId: string, query: ListQuery, enabled = true) =>
  useListPage(
    [...adminKeys.members(workspaceId), query],
    () => adminApi.members(workspaceId, query),
    enabled,
  );

export const useSentInvitations = (workspaceId: string, query: ListQuery, enabled = true) =>
  useListPage(
    [...adminKeys.invitations(workspaceId), query],
    () => adminApi.sentInvitations(workspaceId, query),
    enabled,
  );

export const useWorkspaceUsers = (
  workspaceId: string,
  query: ListQuery & { status?: WorkspaceUserStatus },
  enabled = true,
) => useListPage([...adminKeys.users(workspaceId), query], () => adminApi.users(workspaceId, query), enabled);

export const useUserStatuses = (workspaceId: string, enabled = true) =>
  useQuery({
    queryKey: adminKeys.statuses(workspaceId),
    queryFn: () => adminApi.userStatuses(workspaceId),
    staleTime: 10 * 60_000,
    enabled,
  });

/**
 * A mutation of the workspace's settings: afterwards every list of the workspace is refreshed (a role
 * change shows in the members table, a removal in the directory) and so is the caller's own access,
 * which any of these may have changed.
 */
export function useAdminMutation<TVariables, TResult>(
  workspaceId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.workspace(workspaceId) }),
        client.invalidateQueries({ queryKey: accessKey }),
      ]),
  });
}

/** A person as the screens name them: full name, else username, else nothing. */
export function personName(person: {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}): string | null {
  const full = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return full || person.username || null;
}

/**
 * Usernames of the directory entries nobody here may suspend or delete: the owner's (the members list
 * starts with the owner) and the caller's own. The directory carries no user ids, so this matches by
 * username and misses people without one; the server refuses those calls anyway.
 */
export function useProtectedUsernames(workspaceId: string, canReadMembers: boolean): ReadonlySet<string> {
  const owner = useMembers(workspaceId, { page: 1, pageSize: 1 }, canReadMembers);
  const mine = useUsername();
  const names = new Set<string>();
  const first = owner.data?.items[0];
  if (first?.level === 'owner' && first.user.username) names.add(first.user.username);
  if (mine.data?.username) names.add(mine.data.username);
  return names;
}
