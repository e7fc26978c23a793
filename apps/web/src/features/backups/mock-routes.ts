import type { Envelope } from '@wsm/contracts';
import type { MockAnswer, MockRoute } from '../../lib/mock-api';
import type { Backup } from './api';

// Canned answers for the mocked-API mode: create and restore ask for the
// code first (630) and succeed with any 6 digits; the import answers after the mock upload progress.

const answer = <T>(data: T, statusCode = 200): MockAnswer => ({
  body: { statusCode, statusMessage: 'OK', data } satisfies Envelope<T>,
});
const codeSent = () => answer({ method: 'sms', phone: '0912***4567', resendAfter: 120 }, 630);
const bodyOf = (data: unknown): { code?: string } =>
  typeof data === 'string' ? (JSON.parse(data) as { code?: string }) : ((data ?? {}) as { code?: string });

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

export const backupMockRoutes: MockRoute[] = [
  {
    method: 'get',
    path: /^\/v1\/migration\/workspace-backup\/workspaceId\/[^/]+$/,
    answer: () => answer({ items: backups(), total: 3, page: 1, pageSize: 20 }),
  },
  {
    method: 'post',
    path: '/v1/migration/workspace-backup',
    answer: (config) => (bodyOf(config.data).code ? answer(backup('backup-new', 'created', 0)) : codeSent()),
  },
  {
    method: 'put',
    path: '/v1/migration/workspace-backup/restore',
    answer: (config) =>
      bodyOf(config.data).code
        ? answer({
            workspaceId: 'ws-1',
            backupId: 'backup-1',
            preRestoreBackup: backup('backup-pre', 'pre-restore', 0),
            restoredDate: new Date().toISOString(),
            counts: {},
            missingMembers: [],
          })
        : codeSent(),
  },
  {
    method: 'post',
    path: '/v1/migration/workspace-backup/2fa/resend/sms',
    answer: () => answer({ resendAfter: 120 }),
  },
  {
    method: 'get',
    path: /^\/v1\/migration\/workspace-backup\/export\//,
    // Not a real archive: the mocked mode only shows that the download starts.
    answer: () => ({ body: new Blob(['mock backup'], { type: 'application/zip' }) }),
  },
  { method: 'delete', path: '/v1/migration/workspace-backup', answer: () => answer(null) },
  {
    method: 'put',
    path: /^\/v1\/migration\/workspace-backup\/import\//,
    answer: () => answer(backup('backup-imported', 'imported', 0)),
  },
];
