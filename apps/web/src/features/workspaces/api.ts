import * as firstReadChecks from 'virtual:read-checks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateApplicationRequest,
  type CreateWorkspaceRequest,
  StatusCode,
  type UpdateApplicationRequest,
  type UpdateWorkspaceProfileRequest,
  workspacePaths,
} from '@wsm/contracts';
import type { z } from 'zod';
import { type ApiRequestConfig, apiClient, unwrap } from '../../lib/api-client';
import { checked, parsedWith } from '../../lib/read-check';
import { sendFile } from '../../lib/upload';
import { notificationKeys } from '../notifications/api';
import { accessReadConfig, takeEarlyRead } from './early-reads';

// The create-workspace page and the application dialog show 261 (a taken name or key) at their field.
const duplicateAtField = { fieldCodes: [StatusCode.duplicate] } as const;

// Workspaces, their profile and logo, their applications, the caller's access information and its
// own invitations. Every answer is checked against the contracts' schema, so
// a drift between server and app fails loudly here instead of somewhere in a screen: the frame's first
// reads with checks compiled from those schemas at build time, the others with zod, loaded with them.

type Schemas = typeof import('./workspace-schemas');
const schemas = (): Promise<Schemas> => import('./workspace-schemas');

const answerOf = (path: string, config?: ApiRequestConfig): Promise<unknown> =>
  takeEarlyRead(path) ?? unwrap(apiClient.get(path, config));

const get = <T>(path: string, schema: (s: Schemas) => z.ZodType<T>): Promise<T> =>
  parsedWith(schemas, schema, answerOf(path));

/** What the logo upload accepts; the server checks the content again (PNG, JPEG, WebP; 2 MiB). */
export const logoRules = {
  types: ['image/png', 'image/jpeg', 'image/webp'],
  maxBytes: 2 * 1024 * 1024,
} as const;

/** Creating (post) or updating (put) an application answers it; a taken key is an error at its field. */
const saveApplication = async (method: 'post' | 'put', body: unknown) =>
  (await schemas()).applicationSchema.parse(
    await unwrap(apiClient[method](workspacePaths.applications, body, duplicateAtField)),
  );

export const workspacesApi = {
  list: async () => checked(firstReadChecks.workspaces, await answerOf(workspacePaths.workspaces)),
  get: (id: string) => get(workspacePaths.workspace(id), (s) => s.workspaceSchema),
  create: async (body: CreateWorkspaceRequest) => {
    const s = await schemas();
    return s.workspaceSchema.parse(
      await unwrap(
        apiClient.post(
          workspacePaths.workspaces,
          s.createWorkspaceRequestSchema.parse(body),
          duplicateAtField,
        ),
      ),
    );
  },
  profile: (id: string) => get(workspacePaths.profileOf(id), (s) => s.workspaceProfileSchema),
  updateProfile: async (body: UpdateWorkspaceProfileRequest) => {
    const s = await schemas();
    return s.workspaceProfileSchema.parse(
      await unwrap(apiClient.put(workspacePaths.profile, s.updateWorkspaceProfileRequestSchema.parse(body))),
    );
  },
  /** Multipart: the server reads `workspaceId` before `file`, so the order of the fields matters. */
  uploadLogo: async (workspaceId: string, file: File, onProgress?: (fraction: number) => void) => {
    const s = await schemas();
    return s.workspaceImageResponseSchema.parse(
      await sendFile('post', workspacePaths.logo, file, { fields: { workspaceId }, onProgress }),
    );
  },
  /**
   * The caller's level and permissions in a workspace. No page-level redirect: a stale selection (a
   * workspace the user was removed from) is cleared by the caller instead of leaving for /403.
   */
  access: async (workspaceId: string, userId: string) =>
    checked(
      firstReadChecks.access,
      await answerOf(workspacePaths.accessInformation(workspaceId, userId), accessReadConfig),
    ),
  applications: async (workspaceId: string) =>
    checked(firstReadChecks.applications, await answerOf(workspacePaths.applicationsOf(workspaceId))),
  application: (workspaceId: string, appId: string) =>
    get(workspacePaths.application(workspaceId, appId), (s) => s.applicationSchema),
  createApplication: async (body: CreateApplicationRequest) =>
    saveApplication('post', (await schemas()).createApplicationRequestSchema.parse(body)),
  updateApplication: async (body: UpdateApplicationRequest) =>
    saveApplication('put', (await schemas()).updateApplicationRequestSchema.parse(body)),
  deleteApplication: async (workspaceId: string, applicationId: string) => {
    const { deleteApplicationRequestSchema } = await schemas();
    await unwrap(
      apiClient.delete(workspacePaths.applications, {
        data: deleteApplicationRequestSchema.parse({ workspaceId, applicationId }),
      }),
    );
  },
  /** The caller's pending invitations (without `workspaceId` the server answers a plain array). */
  myInvitations: async () => checked(firstReadChecks.invitations, await answerOf(workspacePaths.invitations)),
  invitation: (invitationId: string) =>
    get(workspacePaths.invitation(invitationId), (s) => s.invitationSchema),
  respond: async (invitationId: string, accept: boolean) => {
    const { invitationResponseRequestSchema } = await schemas();
    await unwrap(
      apiClient.post(
        workspacePaths.invitationResponse,
        invitationResponseRequestSchema.parse({ invitationId, accept }),
      ),
    );
  },
};

// --- query keys and hooks --------------------------------------------------------------------------

export const workspaceKeys = {
  all: ['workspaces'] as const,
  one: (id: string) => ['workspaces', id] as const,
  profile: (id: string) => ['workspace-profile', id] as const,
  access: (id: string | null) => ['workspace-access', id] as const,
  applications: (id: string) => ['workspace-applications', id] as const,
  myInvitations: ['my-invitations'] as const,
  invitation: (id: string) => ['my-invitations', id] as const,
};

// The reads the frame and its first screens make, shared with their early start (first-reads.ts).
export const workspacesQuery = queryOptions({ queryKey: workspaceKeys.all, queryFn: workspacesApi.list });
export const applicationsQuery = (workspaceId: string | null) =>
  queryOptions({
    queryKey: workspaceKeys.applications(workspaceId ?? ''),
    queryFn: () => workspacesApi.applications(workspaceId ?? ''),
    enabled: Boolean(workspaceId),
  });

export const useWorkspaces = () => useQuery(workspacesQuery);

export const useWorkspaceProfile = (workspaceId: string | null) =>
  useQuery({
    queryKey: workspaceKeys.profile(workspaceId ?? ''),
    queryFn: () => workspacesApi.profile(workspaceId ?? ''),
    enabled: Boolean(workspaceId),
  });

export const useApplications = (workspaceId: string | null) => useQuery(applicationsQuery(workspaceId));

export const myInvitationsQuery = queryOptions({
  queryKey: workspaceKeys.myInvitations,
  queryFn: workspacesApi.myInvitations,
});

export const useMyInvitations = (enabled = true) => useQuery({ ...myInvitationsQuery, enabled });

export const useInvitation = (invitationId: string) =>
  useQuery({
    queryKey: workspaceKeys.invitation(invitationId),
    queryFn: () => workspacesApi.invitation(invitationId),
  });

export function useCreateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: workspacesApi.create,
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}

export function useUpdateWorkspaceProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: workspacesApi.updateProfile,
    onSuccess: (profile) => {
      client.setQueryData(workspaceKeys.profile(profile.workspaceId), profile);
      // Name and logo show in the picker and the app bar.
      return client.invalidateQueries({ queryKey: workspaceKeys.all });
    },
  });
}

/** Accept or decline; an accepted invitation adds a workspace to the list. */
export function useRespondToInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, accept }: { invitationId: string; accept: boolean }) =>
      workspacesApi.respond(invitationId, accept),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: workspaceKeys.myInvitations }),
        client.invalidateQueries({ queryKey: workspaceKeys.all }),
        // The server marked the invitation's notification read: the bell counts one fewer.
        client.invalidateQueries({ queryKey: notificationKeys.all }),
      ]);
    },
  });
}

function useApplicationMutation<TVariables, TResult>(
  workspaceId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.applications(workspaceId) }),
  });
}

export const useCreateApplication = (workspaceId: string) =>
  useApplicationMutation(workspaceId, workspacesApi.createApplication);
export const useUpdateApplication = (workspaceId: string) =>
  useApplicationMutation(workspaceId, workspacesApi.updateApplication);
export const useDeleteApplication = (workspaceId: string) =>
  useApplicationMutation(workspaceId, (applicationId: string) =>
    workspacesApi.deleteApplication(workspaceId, applicationId),
  );
