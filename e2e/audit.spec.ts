import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { bearer, logInContext, registerAccount, text } from './support';

// The workspace audit log end to end, in Persian: an owner renames the workspace on its information
// screen, opens the audit log from the settings navigation and finds the change there, named in
// Persian with the name before and after; the CSV export downloads the same entry.

test('in fa: an owner changes the workspace name and finds it in the audit log', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAccount(request);
  const created = await request.post('/v1/workspaces/', {
    headers: bearer(owner),
    data: { workspaceName: `audit-${Date.now().toString(36)}`, name: 'شرکت قدیم' },
  });
  const workspaceId = (await created.json()).data.id as string;

  const context = await browser.newContext();
  await logInContext(context, baseURL ?? '', owner);
  await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
  const page = await context.newPage();

  await page.goto('/fa/workspace/settings/info');
  const form = page.getByTestId('workspace-info-form');
  await form.getByRole('textbox', { name: text('fa', 'workspaces', 'info.fields.name') }).fill('شرکت نو');
  await form.getByRole('button', { name: text('fa', 'workspaces', 'actions.save') }).click();
  await expect(page.getByText(text('fa', 'workspaces', 'info.saved'))).toBeVisible();

  // The settings' sections are tabs at this width.
  await page.getByRole('tab', { name: text('fa', 'workspaces', 'settings.nav.audit') }).click();
  await expect(page).toHaveURL(/\/fa\/workspace\/settings\/audit$/);
  const table = page.getByRole('table', { name: text('fa', 'workspace-admin', 'audit.title') });
  const row = table
    .getByRole('row')
    .filter({ hasText: text('fa', 'workspace-admin', 'audit.actions.profile.updated') });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('شرکت قدیم');
  await expect(row).toContainText('شرکت نو');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: text('fa', 'workspace-admin', 'audit.export') }).click();
  const file = await readFile((await (await download).path()) ?? '');
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(file.toString('utf8')).toContain('profile.updated');
  expect(file.toString('utf8')).toContain('شرکت نو');
  await context.close();
});
