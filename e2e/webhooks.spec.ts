import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { bearer, logInContext, registerAccount, text } from './support';

// Webhooks end to end: an owner adds an endpoint on the Integrations screen pointing to a receiver on
// loopback (allowed outside production, docs/webhooks.md), changes the workspace, and the receiver gets
// the event signed with the secret shown once; the delivery log shows it succeeded, with the body sent.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

test('in en: add a webhook, change the workspace, verify the signed event and see it in the log', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const received: Received[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  // A free port on loopback: a fixed one sits in Linux's ephemeral range, where any connection's local
  // end may hold it (EADDRINUSE).
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  try {
    const owner = await registerAccount(request);
    const created = await request.post('/v1/workspaces/', {
      headers: bearer(owner),
      data: { workspaceName: `hooks-${Date.now().toString(36)}`, name: 'Hooks test' },
    });
    const workspaceId = (await created.json()).data.id as string;

    const context = await browser.newContext();
    await logInContext(context, baseURL ?? '', owner);
    await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
    const page = await context.newPage();
    await page.goto('/en/workspace/settings/integrations');
    const t = (path: string) => text('en', 'workspace-admin', `webhooks.${path}`);
    await expect(page.getByText(t('empty'))).toBeVisible();

    await page.getByRole('button', { name: t('create') }).click();
    const dialog = page.getByRole('dialog', { name: t('createTitle') });
    await dialog.getByRole('textbox', { name: t('url') }).fill(hookUrl);
    await dialog.getByRole('textbox', { name: t('descriptionLabel') }).fill('Receiver in the test');
    await dialog.getByRole('button', { name: t('submit') }).click();

    const shown = page.getByRole('dialog', { name: t('secretTitle') });
    await expect(shown.getByText(t('secretWarning'))).toBeVisible();
    const secret = await shown.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: text('en', 'workspace-admin', 'apiKeys.done') }).click();
    const table = page.getByRole('table', { name: t('title') });
    await expect(table.getByRole('row').filter({ hasText: hookUrl })).toContainText(t('allEvents'));

    // A change to the workspace becomes a signed event at the receiver.
    const changed = await request.put('/v1/workspaces/profile/', {
      headers: bearer(owner),
      data: { workspaceId, name: 'Renamed for the webhook' },
    });
    expect((await changed.json()).statusCode).toBe(200);
    const isProfileChange = (item: Received) => item.body.includes('"profile.updated"');
    await expect.poll(() => received.some(isProfileChange), { timeout: 60_000 }).toBe(true);
    const delivery = received.find(isProfileChange) as Received;
    const event = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as {
      type: string;
      workspaceId: string;
    };
    expect(event.type).toBe('profile.updated');
    expect(event.workspaceId).toBe(workspaceId);
    // A wrong secret does not verify.
    expect(() =>
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(
        delivery.body,
        delivery.headers as Record<string, string>,
      ),
    ).toThrow();

    // The log shows the delivery succeeded, and its details the body sent, byte for byte.
    const log = page.getByRole('table', { name: t('log.title') });
    const row = log.getByRole('row').filter({ hasText: 'Workspace profile' }).first();
    await expect(async () => {
      await page.getByRole('button', { name: t('log.refresh') }).click();
      await expect(row).toContainText(t('status.succeeded'), { timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await expect(row).toContainText('204');
    await row.getByRole('button', { name: /^Details of / }).click();
    const detail = page.getByRole('dialog', { name: t('detail.title') });
    await expect(detail.getByLabel(t('detail.payload'))).toHaveText(
      JSON.stringify(JSON.parse(delivery.body), null, 2),
    );
    await expect(detail).toContainText('HTTP 204');
    await context.close();
  } finally {
    receiver.close();
  }
});
