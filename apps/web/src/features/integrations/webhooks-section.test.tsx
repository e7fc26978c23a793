import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiKeyPaths,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  webhookPaths,
} from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { featureTestHarness, renderScreen, toasts } from '../../test/feature-harness';
import { actAs, page, workspaceId } from '../workspace-settings/test-fixtures';
import { Component as IntegrationsPage } from './integrations-page';

const list = `GET ${webhookPaths.list(workspaceId)}`;
const deliveries = `GET ${webhookPaths.deliveries(workspaceId)}`;
const write = webhookPaths.endpoints;

const hook: Webhook = {
  id: 'h1',
  url: 'https://hr.example.com/hooks',
  events: ['member.added', 'role.created'],
  enabled: true,
  description: 'HR sync',
  createdDate: '2026-03-01T10:00:00.000Z',
  disabledReason: null,
};
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const delivery: WebhookDelivery = {
  id: 'd1',
  webhookId: 'h1',
  eventType: 'member.added',
  status: 'failed',
  attempts: 8,
  lastStatusCode: 502,
  nextAttemptDate: null,
  createdDate: '2026-03-02T10:00:00.000Z',
};
const detail: WebhookDeliveryDetail = {
  ...delivery,
  payload: '{"type":"member.added","data":{"subject":{"label":"Sara"}}}',
  attemptLog: [
    {
      date: '2026-03-02T10:00:01.000Z',
      statusCode: 502,
      responseBody: 'Bad gateway',
      error: null,
      durationMs: 120,
    },
    {
      date: '2026-03-02T10:00:06.000Z',
      statusCode: null,
      responseBody: null,
      error: 'timeout',
      durationMs: 10000,
    },
  ],
};

configure({ asyncUtilTimeout: 5000 });
const api = featureTestHarness();

function serve(hooks: Webhook[], log: WebhookDelivery[] = []) {
  actAs(api, 'owner');
  api.on(list, hooks);
  api.on(deliveries, page(log));
  api.on(`GET ${webhookPaths.eventTypes}`, [
    { key: 'member.added', name: 'Member added' },
    { key: 'role.created', name: 'Role created' },
    { key: 'webhook.test', name: 'Test event' },
  ]);
  // The API keys section shares the page.
  api.on(`GET ${apiKeyPaths.keysOf(workspaceId)}`, page([]));
}

const open = (locale: 'fa' | 'en' = 'en') =>
  renderScreen(<IntegrationsPage />, {
    path: `/${locale}/workspace/settings/integrations`,
    pattern: '/:locale/workspace/settings/integrations',
    locale,
  });

// MUI dialogs and user-event are slow on a shared two-core machine.
describe('/workspace/settings/integrations: webhooks', { timeout: 60_000 }, () => {
  it('lists the endpoints with URL, named events, state and description', async () => {
    serve([
      hook,
      {
        ...hook,
        id: 'h2',
        url: 'https://old.example.com/',
        events: ['*'],
        enabled: false,
        description: null,
        disabledReason: 'failing',
      },
    ]);
    await open();
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    const row = within(table).getByText('https://hr.example.com/hooks').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('HR sync');
    expect(row.textContent).toContain('On');
    await waitFor(() => expect(row.textContent).toContain('Member added'));
    const off = within(table).getByText('https://old.example.com/').closest('tr') as HTMLElement;
    expect(off.textContent).toContain('All events');
    expect(off.textContent).toContain('every delivery failed for 5 days');
  });

  it('shows the empty states of the endpoints and of the log', async () => {
    serve([]);
    await open();
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();
  });

  it('adds an endpoint for chosen events and shows its secret once', async () => {
    serve([]);
    api.on(`POST ${write}`, { ...hook, secret });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), hook.url);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'HR sync');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Only the events I choose' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Member added' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await api.sentOnce(`POST ${write}`)).toEqual({
      workspaceId,
      url: hook.url,
      events: ['member.added'],
      description: 'HR sync',
    });
    const shown = await screen.findByRole('dialog', { name: 'Copy the signing secret' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveProperty('value', secret);
    expect(shown.textContent).toContain('only time the signing secret is shown');
    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
  });

  it('shows the reason the server refused the URL under the field', async () => {
    serve([]);
    api.on(`POST ${write}`, () => ({
      status: 400,
      statusCode: 400,
      data: {
        errors: [{ path: 'url', message: 'This URL leads to an internal, private or reserved address.' }],
      },
    }));
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    const field = within(dialog).getByRole('textbox', { name: /Endpoint URL/ });
    await userEvent.type(field, 'https://10.0.0.5/hook');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText(/internal, private or reserved address/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Copy the signing secret' })).not.toBeInTheDocument();
  });

  it('rotates the secret after confirmation and shows the new one once', async () => {
    serve([hook]);
    api.on(`POST ${webhookPaths.secret}`, { secret });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: `More actions for ${hook.url}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(confirm.textContent).toContain('24 hours');
    expect(api.calls(`POST ${webhookPaths.secret}`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    expect(await api.sentOnce(`POST ${webhookPaths.secret}`)).toEqual({ workspaceId, id: 'h1' });
    const shown = await screen.findByRole('dialog', { name: 'Copy the new signing secret' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveProperty('value', secret);
    expect(shown.textContent).toContain('both the old and the new secret');
  });

  it('sends a test event and turns an endpoint off', async () => {
    serve([hook]);
    api.on(`POST ${webhookPaths.test}`, { deliveryId: 'd9' });
    api.on(`PUT ${write}`, { ...hook, enabled: false });
    await open();
    const more = await screen.findByRole('button', { name: `More actions for ${hook.url}` });
    await userEvent.click(more);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send test event' }));
    expect(await api.sentOnce(`POST ${webhookPaths.test}`)).toEqual({ workspaceId, id: 'h1' });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('A test event is on its way'));
    // The log now shows that endpoint's deliveries.
    await waitFor(() =>
      expect(
        api.calls(deliveries).some((call) => (call.params as { webhookId?: string }).webhookId === 'h1'),
      ).toBe(true),
    );
    await userEvent.click(more);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Turn off' }));
    expect(await api.sentOnce(`PUT ${write}`)).toEqual({ workspaceId, id: 'h1', enabled: false });
  });

  it('filters the log by status, shows a delivery with its body and attempts, and redelivers it', async () => {
    serve([hook], [delivery]);
    api.on(`GET ${webhookPaths.delivery(workspaceId, 'd1')}`, detail);
    api.on(`POST ${webhookPaths.redeliver}`, null);
    await open();
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    const row = (await within(log).findByText('Member added')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Failed');
    expect(row.textContent).toContain('502');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() =>
      expect(
        api.calls(deliveries).some((call) => (call.params as { status?: string }).status === 'failed'),
      ).toBe(true),
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Details of Member added' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery' });
    const body = await within(dialog).findByLabelText('Body sent');
    expect(body).toHaveAttribute('dir', 'ltr');
    expect(body.textContent).toContain('"type": "member.added"');
    expect(dialog.textContent).toContain('Bad gateway');
    expect(dialog.textContent).toContain('timeout');
    expect(dialog.textContent).toContain('No answer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeliver' }));
    expect(await api.sentOnce(`POST ${webhookPaths.redeliver}`)).toEqual({ workspaceId, deliveryId: 'd1' });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The delivery will be sent again'));
  });

  it('speaks Persian in fa, with Persian digits in the log', async () => {
    serve([hook], [delivery]);
    await open('fa');
    expect(await screen.findByRole('table', { name: 'وب‌هوک‌ها' })).toBeInTheDocument();
    const log = await screen.findByRole('table', { name: 'ارسال‌ها' });
    await waitFor(() => expect(log.textContent).toContain('۵۰۲'));
    expect(screen.getByRole('button', { name: 'وب‌هوک تازه' })).toBeInTheDocument();
  });
});
