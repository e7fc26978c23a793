import { queryClient } from '../../app/query-client';
import { hasAuthCookies } from '../../lib/storage';
import { accessQuery } from './access';
import { applicationsQuery, currentUserId, myInvitationsQuery, workspacesQuery } from './api';
import { getSelectedWorkspaceId } from './selection';

/**
 * Starts the reads the signed-in frame and its first screens draw as soon as the frame's code is in,
 * instead of after React has drawn the frame once (on a slow phone that first draw takes seconds, issue
 * 13): the workspaces, the invitations waiting for the caller, and the selected workspace's applications
 * and the caller's access there. The screens find the answers in the cache under the same keys and
 * options, so nothing is asked twice. Nothing is asked without a session: the guards send such a visit
 * to the login.
 */
export function startFrameReads(): void {
  if (!hasAuthCookies()) return;
  const workspaceId = getSelectedWorkspaceId();
  void queryClient.prefetchQuery(workspacesQuery);
  void queryClient.prefetchQuery(myInvitationsQuery);
  if (!workspaceId) return;
  void queryClient.prefetchQuery(applicationsQuery(workspaceId));
  const userId = currentUserId();
  if (userId) void queryClient.prefetchQuery(accessQuery(workspaceId, userId));
}
