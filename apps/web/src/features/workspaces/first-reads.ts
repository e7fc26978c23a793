import { queryClient } from '../../app/query-client';
import { hasAuthCookies } from '../../lib/storage';
import { accessQuery } from './access';
import { applicationsQuery, myInvitationsQuery, workspacesQuery } from './api';
import { currentUserId } from './current-user';
import { dropEarlyReads } from './early-reads';
import { getSelectedWorkspaceId } from './selection';

/** The longest a frame waits for its first reads before it is drawn without them (with its skeletons). */
export const frameReadsWaitMs = 1500;

/**
 * Starts the reads the signed-in frame and its first screens draw as soon as the frame's code is in,
 * instead of after React has drawn the frame once: the workspaces, the invitations waiting for the
 * caller, and the selected workspace's applications and the caller's access there. Answers once they are
 * in, or after frameReadsWaitMs: the frame is then drawn once, with its data, instead of once empty and
 * again with it (on a slow phone each draw takes a second or more), and a slow server never
 * holds it back longer than that. The screens find the answers in the cache under the same keys and
 * options, so nothing is asked twice. Nothing is asked without a session: the guards send such a visit
 * to the login.
 */
export async function startFrameReads(): Promise<void> {
  if (!hasAuthCookies()) return;
  const workspaceId = getSelectedWorkspaceId();
  const userId = currentUserId();
  const reads = [queryClient.prefetchQuery(workspacesQuery), queryClient.prefetchQuery(myInvitationsQuery)];
  if (workspaceId) reads.push(queryClient.prefetchQuery(applicationsQuery(workspaceId)));
  if (workspaceId && userId) reads.push(queryClient.prefetchQuery(accessQuery(workspaceId, userId)));
  // The reads above took the early answers they needed (early-reads.ts); the others would be stale later.
  dropEarlyReads();
  await Promise.race([Promise.all(reads), new Promise((resolve) => setTimeout(resolve, frameReadsWaitMs))]);
}
