import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { apiClient } from '../../lib/api-client';
import { localKeys, setStoredUser, writeLocal } from '../../lib/storage';
import { isolated } from '../../test/bidi';
import { featureTestHarness, type RecordedRequest, renderScreen, toasts } from '../../test/feature-harness';
import { backupPaths } from './api';
import { Component as BackupsPage } from './backups-page';

const workspaceId = 'ws-1';
const accessPath = `/v1/workspaces/members/access/information/user-id/u1/workspace-id/${workspaceId}`;
const owner = {
  workspaceId,
  memberId: 'm1',
  roles: [{ level: 'owner', role: null, applications: [], permissions: ['*'] }],
};
const backup = {
  id: 'b1',
  workspaceId,
  source: 'created',
  size: 1_572_864,
  sha256: 'f'.repeat(64),
  createdDate: '2026-03-21T08:30:00.000Z',
  createdBy: 'u2',
  creator: { id: 'u2', firstName: 'Sara', lastName: 'Ahmadi', username: 'sara' },
  snapshotDate: '2026-03-21T08:30:00.000Z',
  formatVersion: 1,
  counts: { workspace_members: 2 },
};
const restored = (missingMembers: unknown[]) => ({
  workspaceId,
  backupId: 'b1',
  preRestoreBackup: { ...backup, id: 'b9', source: 'pre-restore' },
  restoredDate: '2026-03-22T08:30:00.000Z',
  counts: {},
  missingMembers,
});
const codeSent = {
  status: 200,
  statusCode: 630,
  data: { method: 'sms', phone: '0912***4567', resendAfter: 120 },
};

const api = featureTestHarness();
beforeEach(() => {
  setStoredUser({ id: 'u1', language: { key: 'english' } });
  writeLocal(localKeys.workspaceId, workspaceId);
  api.on(`GET ${accessPath}`, owner);
  api.on(`GET ${backupPaths.list(workspaceId)}`, { items: [backup], total: 1, page: 1, pageSize: 20 });
});

const open = (locale: 'fa' | 'en' | 'ar' = 'en') =>
  renderScreen(<BackupsPage />, {
    path: `/${locale}/workspace/settings/backups`,
    pattern: '/:locale/workspace/settings/backups',
    locale,
  });

describe('/workspace/settings/backups', { timeout: 30_000 }, () => {
  it('lists backups with source, size and the date in the Persian calendar in fa', async () => {
    await open('fa');
    // 21 March 2026 is 1 Farvardin 1405.
    const row = await screen.findByRole('listitem', { name: /۱ فروردین ۱۴۰۵/ });
    expect(within(row).getByText('ساخته‌شده در همین‌جا')).toBeInTheDocument();
    expect(row.textContent).toContain('۱٫۵ مگابایت');
    expect(row.textContent).toContain(`توسط ${isolated('Sara Ahmadi')}`);
  });

  it('shows members who are not the owner that backups are the owner’s, without loading them', async () => {
    api.on(`GET ${accessPath}`, {
      workspaceId,
      memberId: 'm2',
      roles: [{ level: 'member', role: null, applications: [], permissions: ['tenant_members_read'] }],
    });
    await open();
    expect(
      await screen.findByText('Only the workspace owner can see and manage its backups.'),
    ).toBeInTheDocument();
    expect(api.calls(`GET ${backupPaths.list(workspaceId)}`)).toHaveLength(0);
  });

  it('creates a backup: the SMS code step, then the code, then the list refreshes', async () => {
    api.on(`POST ${backupPaths.backups}`, (request: RecordedRequest) =>
      (request.body as { code?: string }).code ? { data: { ...backup, id: 'b2' } } : codeSent,
    );
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Create backup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a backup' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    expect(await within(dialog).findByText('We sent a 6-digit code to 0912***4567.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Send again in/ })).toHaveProperty('disabled', true);
    await userEvent.type(within(dialog).getByLabelText('6-digit code'), '۱۲۳۴۵۶');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The backup was created.'));
    expect(api.calls(`POST ${backupPaths.backups}`).map((call) => call.body)).toEqual([
      { workspaceId },
      { workspaceId, code: '123456' },
    ]);
    await waitFor(() => expect(api.calls(`GET ${backupPaths.list(workspaceId)}`).length).toBeGreaterThan(1));
  });

  it('echoes a typed code in Persian digits in fa and sends it in ASCII', async () => {
    api.on(`POST ${backupPaths.backups}`, (request: RecordedRequest) =>
      (request.body as { code?: string }).code ? { data: { ...backup, id: 'b2' } } : codeSent,
    );
    await open('fa');
    await userEvent.click(await screen.findByRole('button', { name: 'ساخت پشتیبان' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ارسال کد' }));
    const field = (await within(dialog).findByLabelText('کد ۶ رقمی')) as HTMLInputElement;
    await userEvent.type(field, '123456');
    expect(field.value).toBe('۱۲۳۴۵۶');
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید' }));
    await waitFor(() =>
      expect(api.calls(`POST ${backupPaths.backups}`).map((call) => call.body)).toContainEqual({
        workspaceId,
        code: '123456',
      }),
    );
  });

  it('restores only after the confirmation word and the SMS code', async () => {
    api.on(`PUT ${backupPaths.restore}`, (request: RecordedRequest) =>
      (request.body as { code?: string }).code
        ? {
            data: restored([
              { memberId: 'm7', userId: 'u7', level: 'member', firstName: 'Reza', lastName: 'Karimi' },
            ]),
          }
        : codeSent,
    );
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore this backup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore a backup' });
    const send = within(dialog).getByRole('button', { name: 'Send the code' });
    expect(send).toHaveProperty('disabled', true);
    await userEvent.type(within(dialog).getByLabelText('Type "restore" to confirm'), 'restore');
    expect(send).toHaveProperty('disabled', false);
    await userEvent.click(send);
    await userEvent.type(await within(dialog).findByLabelText('6-digit code'), '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('The workspace was restored from the backup.'),
    );
    expect(toasts.info).toHaveBeenCalledWith(
      '1 member of the backup was not restored, as they are not a member of this workspace now or their account no longer exists; invite them again if needed: Reza Karimi.',
    );
    expect(api.calls(`PUT ${backupPaths.restore}`).map((call) => call.body)).toEqual([
      { workspaceId, backupId: 'b1' },
      { workspaceId, backupId: 'b1', code: '654321' },
    ]);
  });

  it.each([
    {
      locale: 'en' as const,
      action: 'Create backup',
      title: 'Create a backup',
      send: 'Send the code',
      verify: 'Verify',
      message: 'The code is wrong. Check the text message and try again, or ask for a new code.',
    },
    {
      locale: 'fa' as const,
      action: 'ساخت پشتیبان',
      title: 'ساخت پشتیبان',
      send: 'ارسال کد',
      verify: 'تأیید',
      message: 'کد نادرست است. پیامک را بررسی کنید و دوباره وارد کنید، یا کد تازه بخواهید.',
    },
    {
      locale: 'ar' as const,
      action: 'إنشاء نسخة احتياطية',
      title: 'إنشاء نسخة احتياطية',
      send: 'إرسال الرمز',
      verify: 'تحقّق',
      message: 'الرمز غير صحيح. تحقّق من الرسالة النصية وأعد المحاولة، أو اطلب رمزًا جديدًا.',
    },
  ])("says a wrong code under the dialog's field, with no toast, in $locale", async (page) => {
    api.on(`POST ${backupPaths.backups}`, (request: RecordedRequest) =>
      (request.body as { code?: string }).code ? { status: 400, statusCode: 620 } : codeSent,
    );
    await open(page.locale);
    await userEvent.click(await screen.findByRole('button', { name: page.action }));
    const dialog = await screen.findByRole('dialog', { name: page.title });
    await userEvent.click(within(dialog).getByRole('button', { name: page.send }));
    const field = await within(dialog).findByRole('textbox');
    await userEvent.type(field, '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: page.verify }));
    expect(await within(dialog).findByText(page.message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toBe(within(dialog).getByText(page.message).id);
    // Said once, at the field: the catalogue's toast (late, far from the dialog) stays away.
    expect(toasts.error).not.toHaveBeenCalled();
    expect(toasts.success).not.toHaveBeenCalled();
    // Typing again clears the message for the next try.
    await userEvent.type(field, '1');
    expect(within(dialog).queryByText(page.message)).not.toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    api.on(`DELETE ${backupPaths.backups}`, null);
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete this backup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the backup?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The backup was deleted.'));
    expect(api.calls(`DELETE ${backupPaths.backups}`)[0]?.body).toEqual({ workspaceId, backupId: 'b1' });
  });

  it("shows the server's precise reason when it refuses an archive", async () => {
    api.on(`PUT ${backupPaths.import(workspaceId)}`, () => ({
      status: 400,
      statusCode: 400,
      data: {
        reason: 'hash_mismatch',
        errors: [{ path: 'file', message: 'workspace.json does not match its hash' }],
      },
    }));
    await open();
    await userEvent.upload(
      await screen.findByTestId('backup-import-input'),
      new File(['zip'], 'backup.zip', { type: 'application/zip' }),
    );
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('workspace.json does not match its hash'));
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('imports a zip as multipart with a progress bar, and refuses other files before uploading', async () => {
    api.on(`PUT ${backupPaths.import(workspaceId)}`, { ...backup, id: 'b3', source: 'imported' });
    await open();
    const input = await screen.findByTestId('backup-import-input');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(toasts.error).toHaveBeenCalledWith(
      'Choose a backup file (.zip) downloaded from this application.',
    );
    expect(api.calls(`PUT ${backupPaths.import(workspaceId)}`)).toHaveLength(0);

    let finish = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    // Hold the upload half-way to see the progress bar: MSW answers an upload at once, so this wraps the
    // HTTP layer for the one test.
    const adapter = apiClient.defaults.adapter;
    onTestFinished(() => {
      apiClient.defaults.adapter = adapter;
    });
    apiClient.defaults.adapter = async (config) => {
      config.onUploadProgress?.({ loaded: 5, total: 10 });
      await gate;
      return adapter(config);
    };
    await userEvent.upload(input, new File(['zip'], 'backup.zip', { type: 'application/zip' }));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading: 50%' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    finish();
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith(
        'The backup was checked and added to the list. You can restore it now.',
      ),
    );
    const sent = api.calls(`PUT ${backupPaths.import(workspaceId)}`)[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    // The archive itself (its name does not survive Node's Request, which MSW hands the body in).
    expect(((sent as FormData).get('file') as File).type).toBe('application/zip');
  });
});
