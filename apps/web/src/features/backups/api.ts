import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Backup,
  type BackupChallenge,
  backupChallengeSchema,
  backupPaths,
  backupSchema,
  backupsPageSchema,
  type RestoreResult,
  restoreResultSchema,
  StatusCode,
} from '@wsm/contracts';
import { z } from 'zod';
import { apiClient, unwrap } from '../../lib/api-client';
import { refusalAtField } from '../../lib/refusals';
import { sendFile } from '../../lib/upload';

// Workspace backups (docs/backups.md): the calls, their
// answers checked against the contract's shapes, and TanStack Query hooks. Creating and restoring
// answer 630 first (an SMS code went to the owner) and are called again with the code; a wrong code
// (620) is said under the dialog's code field (code-dialog.tsx), so the catalogue raises no toast.

export type { Backup, RestoreResult };
export { backupPaths };
export const backupPageSize = 20;

export type CodeSent = BackupChallenge;

/** A step that needs the SMS code first answers `code-sent`; with the code it is `done`. */
export type CodeStepResult<T> = { kind: 'code-sent'; sent: CodeSent } | { kind: 'done'; value: T };

async function withCode<T>(
  request: Promise<{ data: { statusCode: number; data: unknown } }>,
  parse: (data: unknown) => T,
): Promise<CodeStepResult<T>> {
  const { data: envelope } = await request;
  if (envelope.statusCode === StatusCode.secondStep)
    return { kind: 'code-sent', sent: backupChallengeSchema.parse(envelope.data) };
  return { kind: 'done', value: parse(envelope.data) };
}

export type BackupList = z.infer<typeof backupsPageSchema>;

export async function listBackups(workspaceId: string, page: number): Promise<BackupList> {
  const data = await unwrap(
    apiClient.get(backupPaths.list(workspaceId), { params: { page, pageSize: backupPageSize } }),
  );
  return backupsPageSchema.parse(data);
}

export const createBackup = (workspaceId: string, code?: string) =>
  withCode(
    apiClient.post(backupPaths.backups, { workspaceId, ...(code ? { code } : {}) }, refusalAtField),
    (data) => backupSchema.parse(data),
  );

export const restoreBackup = (workspaceId: string, backupId: string, code?: string) =>
  withCode(
    apiClient.put(backupPaths.restore, { workspaceId, backupId, ...(code ? { code } : {}) }, refusalAtField),
    (data): RestoreResult => restoreResultSchema.parse(data),
  );

/** Sends the create or restore code again; answers when the next resend is allowed (seconds). */
export async function resendBackupCode(workspaceId: string): Promise<number | undefined> {
  const data = await unwrap(apiClient.post(backupPaths.resend, { workspaceId }));
  return z.object({ resendAfter: z.number() }).safeParse(data).data?.resendAfter;
}

export async function deleteBackup(workspaceId: string, backupId: string): Promise<void> {
  await apiClient.delete(backupPaths.backups, { data: { workspaceId, backupId } });
}

export async function importBackup(
  workspaceId: string,
  file: File,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<Backup> {
  return backupSchema.parse(
    await sendFile('put', backupPaths.import(workspaceId), file, { onProgress, signal }),
  );
}

/** The file name the server suggests (Content-Disposition), else one made from the backup. */
export function downloadName(disposition: string | undefined, backup: Backup): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const plain = disposition?.match(/filename="?([^";]+)"?/i)?.[1];
  return plain ?? `backup-${backup.createdDate.slice(0, 10)}-${backup.id.slice(0, 8)}.zip`;
}

/** Fetches the zip with the user's token and hands it to the browser as a download. */
export async function downloadBackup(backup: Backup): Promise<void> {
  const response = await apiClient.get<Blob>(backupPaths.export(backup.workspaceId, backup.id), {
    responseType: 'blob',
  });
  const url = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = downloadName(response.headers['content-disposition'] as string | undefined, backup);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download manager; the page no longer needs it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

// --- hooks ---------------------------------------------------------------------------------------

const listKey = (workspaceId: string) => ['backups', workspaceId] as const;

export function useBackups(workspaceId: string, page: number) {
  return useQuery({
    queryKey: [...listKey(workspaceId), page],
    queryFn: () => listBackups(workspaceId, page),
    placeholderData: keepPreviousData,
  });
}

/** Refreshes the list; after a restore every cached read of the workspace is stale too. */
export function useBackupsChanged(workspaceId: string) {
  const queryClient = useQueryClient();
  return {
    listChanged: () => queryClient.invalidateQueries({ queryKey: listKey(workspaceId) }),
    workspaceRestored: () => queryClient.invalidateQueries(),
  };
}

export function useDeleteBackup(workspaceId: string) {
  const { listChanged } = useBackupsChanged(workspaceId);
  return useMutation({
    mutationFn: (backupId: string) => deleteBackup(workspaceId, backupId),
    onSuccess: listChanged,
  });
}
