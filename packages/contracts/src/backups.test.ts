import { describe, expect, it } from 'vitest';
import {
  backupPaths,
  backupProblemMessage,
  backupProblems,
  createBackupRequestSchema,
  restoreBackupRequestSchema,
} from './backups';

describe('backup contracts', () => {
  it('builds the paths section 6', () => {
    expect(backupPaths.list('w1')).toBe('/v1/migration/workspace-backup/workspaceId/w1/');
    expect(backupPaths.export('w1', 'b1')).toBe(
      '/v1/migration/workspace-backup/export/id/b1/workspaceId/w1/',
    );
    expect(backupPaths.import('w1')).toBe('/v1/migration/workspace-backup/import/workspace-id/w1');
    expect(backupPaths.resend).toBe('/v1/migration/workspace-backup/2fa/resend/sms/');
    expect(backupPaths.restore).toBe('/v1/migration/workspace-backup/restore/');
  });

  it('takes the code as optional 6 digits', () => {
    expect(createBackupRequestSchema.parse({ workspaceId: 'w' })).toEqual({ workspaceId: 'w' });
    expect(
      restoreBackupRequestSchema.safeParse({ workspaceId: 'w', backupId: 'b', code: '12345' }).success,
    ).toBe(false);
  });

  it('words every refusal reason in both languages, with Persian digits in fa', () => {
    for (const problem of backupProblems)
      for (const locale of ['fa', 'en'] as const)
        expect(
          backupProblemMessage(problem, locale, { name: 'data/x.json', row: 12, field: 'name', value: 3 }),
        ).not.toBe('');
    expect(backupProblemMessage('invalid_data', 'fa', { name: 'data/x.json', row: 12, field: 'name' })).toBe(
      'داده‌ی data/x.json، ردیف ۱۲، فیلد name معتبر نیست',
    );
    expect(backupProblemMessage('too_large', 'en')).toBe('The backup file is larger than 50 MB');
    expect(backupProblemMessage('too_large', 'fa')).toBe('حجم فایل پشتیبان بیش از ۵۰ مگابایت است');
  });
});
