import { workspacePaths } from '@wsm/contracts';
import { type ApiRequestConfig, apiClient, unwrap } from '../../lib/api-client';
import { hasAuthCookies } from '../../lib/storage';
import { currentUserId } from './current-user';
import { getSelectedWorkspaceId } from './selection';

// The first reads of the signed-in frame, sent while its code (MUI, zod, the screens) still downloads:
// on a slow phone the answers are then in when the code is. This module stays small and
// free of zod and React; api.ts takes each answer once for its first read of that path and parses it
// with the contracts' schemas as it parses every answer.

/** The caller's level and permissions in a workspace: no page-level redirect (see workspacesApi.access). */
export const accessReadConfig: ApiRequestConfig = { noRedirection: true };

const sent = new Map<string, Promise<unknown>>();

/**
 * Sends the reads features/workspaces/first-reads.ts starts, through the same client with the same
 * options (renewal, errors and redirects behave as for any call): the workspaces, the invitations waiting
 * for the caller, and the selected workspace's applications and the caller's access there.
 */
export function sendEarlyReads(): void {
  if (!hasAuthCookies()) return;
  const workspaceId = getSelectedWorkspaceId();
  const userId = currentUserId();
  const reads: [string, ApiRequestConfig?][] = [[workspacePaths.workspaces], [workspacePaths.invitations]];
  if (workspaceId) reads.push([workspacePaths.applicationsOf(workspaceId)]);
  if (workspaceId && userId)
    reads.push([workspacePaths.accessInformation(workspaceId, userId), accessReadConfig]);
  for (const [path, config] of reads) {
    const answer = unwrap(apiClient.get(path, config));
    // Its reader gets the failure; until it asks, the failure is not an unhandled rejection.
    answer.catch(() => undefined);
    sent.set(path, answer);
  }
}

/** The early answer of `path`, once; later reads of it ask the server. */
export function takeEarlyRead(path: string): Promise<unknown> | undefined {
  const answer = sent.get(path);
  sent.delete(path);
  return answer;
}

/** Forgets the answers no read took (a fresher cache served it): they must not be taken later, stale. */
export function dropEarlyReads(): void {
  sent.clear();
}
