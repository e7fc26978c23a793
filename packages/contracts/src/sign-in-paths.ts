// The paths of sign-in with the workspace, without zod: the login page names a pending sign-in with
// them on the first screen (apps/web/chunks.ts keeps zod off it).

export const signInPaths = {
  save: '/v1/workspaces/profile/applications/sign-in/',
  secret: '/v1/workspaces/profile/applications/sign-in/secret/',
  get: (workspaceId: string, applicationId: string) =>
    `/v1/workspaces/profile/applications/sign-in/application-id/${applicationId}/workspace-id/${workspaceId}/`,
} as const;

export const signInRequestPaths = {
  details: (uid: string) => `/v1/auth/sign-in-requests/${encodeURIComponent(uid)}/`,
} as const;

export const connectedApplicationsPaths = {
  list: '/v1/auth/identity/security/connected-applications/',
  /** DELETE { id }: revokes that grant (its refresh and access tokens) at once. */
  disconnect: '/v1/auth/identity/security/connected-applications/',
} as const;
