import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { backupProblemMessage } from '../packages/contracts/src/backups';
import { type Account, bearer, codeFor, type Locale, logInContext, registerAccount, text } from './support';

// Workspace backups through the screens, against the built app and API: the owner takes a
// backup with the texted code, downloads it, changes the workspace, restores the backup behind the
// typed confirmation and the code, and gets the old profile back; the downloaded zip imports again,
// and a file that is not a backup is refused with the server's reason. In Persian and English.

const t = (locale: Locale, path: string) => text(locale, 'backups', path);

async function createWorkspace(request: APIRequestContext, owner: Account, name: string): Promise<string> {
  const slug = `bk-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const response = await request.post('/v1/workspaces/', {
    headers: bearer(owner),
    data: { workspaceName: slug, name },
  });
  const body = await response.json();
  expect(body.statusCode).toBe(200);
  return body.data.id as string;
}

async function profileName(request: APIRequestContext, owner: Account, workspaceId: string): Promise<string> {
  const response = await request.get(`/v1/workspaces/profile/workspace-id/${workspaceId}/`, {
    headers: bearer(owner),
  });
  return (await response.json()).data.name as string;
}

/** Enters the newest texted code in the dialog's code step. */
async function enterCode(
  dialog: Locator,
  request: APIRequestContext,
  owner: Account,
  locale: Locale,
  previous: string,
): Promise<string> {
  const code = await codeFor(request, owner.phone, previous);
  await dialog.getByLabel(text(locale, 'profile', 'code.label')).fill(code);
  await dialog.getByRole('button', { name: text(locale, 'profile', 'code.verify') }).click();
  await expect(dialog).toBeHidden();
  return code;
}

for (const locale of ['fa', 'en'] as const) {
  test(`in ${locale}: back up, download, restore with the code, import the download again`, async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const owner = await registerAccount(request);
    const original = locale === 'fa' ? 'شرکت پشتیبان' : 'Backup company';
    const workspaceId = await createWorkspace(request, owner, original);
    const context = await browser.newContext();
    await logInContext(context, baseURL ?? '', owner);
    await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
    const page = await context.newPage();

    await page.goto(`/${locale}/workspace/settings/backups`);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
    await expect(page.getByText(t(locale, 'states.empty'))).toBeVisible();

    // Create: the code goes to the owner's phone; with it, the backup is taken.
    let lastCode = await codeFor(request, owner.phone);
    await page.getByRole('button', { name: t(locale, 'create.action') }).click();
    const createDialog = page.getByRole('dialog', { name: t(locale, 'create.title') });
    await createDialog.getByRole('button', { name: t(locale, 'create.sendCode') }).click();
    lastCode = await enterCode(createDialog, request, owner, locale, lastCode);
    await expect(page.getByText(t(locale, 'create.done'))).toBeVisible();
    const rows = page.getByRole('list', { name: t(locale, 'title') }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByText(t(locale, 'source.created'))).toBeVisible();

    // Download: a zip the browser saves under the server's file name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows
        .first()
        .getByRole('button', { name: t(locale, 'download.action') })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zipPath = testInfo.outputPath('backup.zip');
    await download.saveAs(zipPath);
    expect(readFileSync(zipPath).subarray(0, 2).toString('latin1')).toBe('PK');

    // Change the workspace after the backup.
    const changed = await request.put('/v1/workspaces/profile/', {
      headers: bearer(owner),
      data: { workspaceId, name: 'Changed after the backup' },
    });
    expect((await changed.json()).statusCode).toBe(200);

    // Restore: only after typing the confirmation word, then the code.
    await rows
      .first()
      .getByRole('button', { name: t(locale, 'restore.action') })
      .click();
    const restoreDialog = page.getByRole('dialog', { name: t(locale, 'restore.title') });
    const send = restoreDialog.getByRole('button', { name: t(locale, 'restore.sendCode') });
    await expect(send).toBeDisabled();
    await restoreDialog.getByRole('textbox').fill(t(locale, 'restore.word'));
    await send.click();
    lastCode = await enterCode(restoreDialog, request, owner, locale, lastCode);
    await expect(page.getByText(t(locale, 'restore.done'))).toBeVisible();
    expect(await profileName(request, owner, workspaceId)).toBe(original);
    // The state before the restore was kept as a backup of its own.
    await expect(rows).toHaveCount(2);
    await expect(page.getByText(t(locale, 'source.pre-restore'))).toBeVisible();

    // Import the downloaded zip: it is checked and listed as imported.
    await page.getByTestId('backup-import-input').setInputFiles(zipPath);
    await expect(page.getByText(t(locale, 'import.done'))).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(page.getByText(t(locale, 'source.imported'))).toBeVisible();

    // A file that is not a backup is refused with the server's reason, and nothing is added.
    await page.getByTestId('backup-import-input').setInputFiles({
      name: 'not-a-backup.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('<html>not a zip</html>'),
    });
    await expect(page.getByText(backupProblemMessage('not_zip', locale))).toBeVisible();
    await expect(rows).toHaveCount(3);
    // For a look at the layout in both directions (attached to the report).
    await page.screenshot({ path: testInfo.outputPath(`backups-${locale}.png`), fullPage: true });
    await context.close();
  });
}
