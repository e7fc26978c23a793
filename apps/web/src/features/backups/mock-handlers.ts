import { HttpResponse, http } from 'msw';
import { bodyOf, ok } from '../../lib/mock-http';
import type { Backup } from './api';

// Canned answers for the mocked-API mode (and the tests' default server): create and restore ask for
// the code first (630) and succeed with any 6 digits.

const codeSent = () => ok({ method: 'sms', phone: '0912***4567', resendAfter: 120 }, 630);

const backup = (id: string, source: Backup['source'], daysAgo: number): Backup => ({
  id,
  workspaceId: 'ws-1',
  source,
  size: 48_300 + daysAgo * 1_024,
  sha256: 'a'.repeat(64),
  createdDate: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
  createdBy: 'user-1',
  creator: { id: 'user-1', firstName: 'سارا', lastName: 'محمدی', username: 'sara' },
  snapshotDate: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
  formatVersion: 1,
  counts: { workspace_profiles: 1, workspace_roles: 3, workspace_members: 4, workspace_users: 12 },
});

const backups = () => [
  backup('backup-1', 'created', 1),
  backup('backup-2', 'pre-restore', 9),
  backup('backup-3', 'imported', 40),
];

const base = '/v1/migration/workspace-backup';

export const backupMockHandlers = [
  http.get(`${base}/workspaceId/:workspaceId`, () =>
    ok({ items: backups(), total: 3, page: 1, pageSize: 20 }),
  ),
  http.post(base, async ({ request }) =>
    (await bodyOf(request)).code ? ok(backup('backup-new', 'created', 0)) : codeSent(),
  ),
  http.put(`${base}/restore`, async ({ request }) =>
    (await bodyOf(request)).code
      ? ok({
          workspaceId: 'ws-1',
          backupId: 'backup-1',
          preRestoreBackup: backup('backup-pre', 'pre-restore', 0),
          restoredDate: new Date().toISOString(),
          counts: {},
          missingMembers: [],
        })
      : codeSent(),
  ),
  http.post(`${base}/2fa/resend/sms`, () => ok({ resendAfter: 120 })),
  // Not a real archive: the mocked mode only shows that the download starts.
  http.get(
    `${base}/export/*`,
    () => new HttpResponse(new Blob(['mock backup']), { headers: { 'Content-Type': 'application/zip' } }),
  ),
  http.delete(base, () => ok(null)),
  http.put(`${base}/import/*`, () => ok(backup('backup-imported', 'imported', 0))),
];
