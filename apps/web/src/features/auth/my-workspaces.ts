import { type Envelope, workspacePaths } from '@wsm/contracts';
import { apiClient } from '../../lib/api-client';

// Loaded when a login completes (return-to.ts imports it on demand): the workspaces' paths and the
// selection belong with the signed-in frame's files, which the landing page loads next anyway, not with
// the public forms'.

export { selectWorkspace } from '../workspaces/selection';

/** The workspaces of the person now logged in, or undefined when they cannot be read. */
export async function myWorkspaceIds(): Promise<string[] | undefined> {
  try {
    const response = await apiClient.get<Envelope<{ id: string }[]>>(workspacePaths.workspaces, {
      noRedirection: true,
      onError: () => undefined,
    });
    const list = response.data.data;
    return Array.isArray(list) ? list.map((item) => item.id) : undefined;
  } catch {
    return undefined;
  }
}
