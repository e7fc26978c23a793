import { expect, test } from '@playwright/test';
import { bearer, logInContext, registerAccount, text } from './support';

// Workspace API keys end to end: an owner creates a key on the Integrations screen, the key (shown
// once) reads the workspace's members from outside the browser, and once revoked on the screen it is
// refused at its next request.

test('in en: create an API key, use it on a workspace route, revoke it and see it refused', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAccount(request);
  const created = await request.post('/v1/workspaces/', {
    headers: bearer(owner),
    data: { workspaceName: `keys-${Date.now().toString(36)}`, name: 'Keys test' },
  });
  const workspaceId = (await created.json()).data.id as string;
  const membersPath = `/v1/workspaces/members/identity/workspace-id/${workspaceId}/`;

  const context = await browser.newContext();
  await logInContext(context, baseURL ?? '', owner);
  await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
  const page = await context.newPage();
  await page.goto('/en/workspace/settings/integrations');
  await expect(page.getByText(text('en', 'workspace-admin', 'apiKeys.empty'))).toBeVisible();

  await page.getByRole('button', { name: text('en', 'workspace-admin', 'apiKeys.create') }).click();
  const dialog = page.getByRole('dialog', { name: text('en', 'workspace-admin', 'apiKeys.createTitle') });
  await dialog.getByRole('textbox', { name: text('en', 'workspace-admin', 'apiKeys.name') }).fill('Payroll');
  await dialog.locator('input[data-permission="tenant_members_read"]').check();
  await dialog.getByRole('button', { name: text('en', 'workspace-admin', 'apiKeys.submit') }).click();

  const shown = page.getByRole('dialog', { name: text('en', 'workspace-admin', 'apiKeys.createdTitle') });
  await expect(shown.getByText(text('en', 'workspace-admin', 'apiKeys.createdWarning'))).toBeVisible();
  const key = await shown.getByTestId('created-api-key').inputValue();
  expect(key).toMatch(/^wsk_[0-9A-Za-z]{38}$/);

  // The key reads the members from outside the browser, and only on its own workspace's routes.
  const read = await fetch(`${baseURL}${membersPath}`, { headers: { authorization: `Bearer ${key}` } });
  expect(read.status).toBe(200);
  expect((await read.json()).data.total).toBe(1);
  const personal = await fetch(`${baseURL}/v1/auth/profile/`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(personal.status).toBe(401);

  await shown.getByRole('button', { name: text('en', 'workspace-admin', 'apiKeys.done') }).click();
  const table = page.getByRole('table', { name: text('en', 'workspace-admin', 'apiKeys.title') });
  const row = table.getByRole('row').filter({ hasText: 'Payroll' });
  await expect(row).toContainText(key.slice(0, 12));
  await row.getByRole('button', { name: 'Revoke Payroll' }).click();
  const confirm = page.getByRole('dialog', { name: text('en', 'workspace-admin', 'apiKeys.revokeTitle') });
  await confirm.getByRole('button', { name: text('en', 'workspace-admin', 'apiKeys.revoke') }).click();
  await expect(page.getByText(text('en', 'workspace-admin', 'apiKeys.empty'))).toBeVisible();

  const refused = await fetch(`${baseURL}${membersPath}`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status).toBe(401);
  await context.close();
});
