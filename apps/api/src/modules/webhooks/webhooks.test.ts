import {
  type Webhook as WebhookAnswer,
  type WebhookDeliveryDetail,
  type WebhookDeliveryPage,
  type WebhookEventTypeItem,
  type WebhookWithSecret,
  webhookPaths,
} from '@wsm/contracts';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { callIn, createRole, memberWith, ownerWithWorkspace } from '../../../test/fixtures';
import { appForFile, testConfig, testDatabase } from '../../../test/test-app';
import { type TappedDatabase, tappedDatabase } from '../../../test/transaction-taps';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { notifications } from '../notifications/schema';
import { webhookTiming } from './delivery';
import { webhookSendRule } from './limits';
import { webhooks } from './schema';

let tapped: TappedDatabase;
/** Added to the workers' clock: days pass without waiting for them. */
let clockOffsetMs = 0;
const api = appForFile(async () => {
  tapped = tappedDatabase(await testDatabase());
  return {
    database: tapped.handle,
    // Retries after 50 ms instead of minutes.
    config: testConfig({ WEBHOOK_RETRY_SCHEDULE: '0.05,0.05' }),
    webhookWorker: true,
    webhookRuntime: { now: () => new Date(Date.now() + clockOffsetMs) },
  };
});
const call = callIn(api, 'en');
const receivers: Receiver[] = [];

async function receiver(answer?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

afterEach(() => {
  clockOffsetMs = 0;
  tapped.tap.current = undefined;
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function endpoint(
  token: string,
  workspaceId: string,
  url: string,
  events: string[] = ['webhook.test'],
) {
  const answer = await call<WebhookWithSecret>('POST', webhookPaths.endpoints, token, {
    workspaceId,
    url,
    events,
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const verify = (secret: string, body: string, headers: Record<string, unknown>) =>
  new Webhook(secret).verify(body, headers as Record<string, string>);

const worker = () => api.app.webhookWorker;

describe('webhook endpoints', () => {
  it('shows the secret once, in the whsec_ form, and never again', async () => {
    const { ws, token } = await ownerWithWorkspace(api);
    const hook = await endpoint(token, ws.id, 'http://127.0.0.1:1/x', ['member.added']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(hook.secret.slice(6), 'base64')).toHaveLength(24);
    const list = await call<WebhookAnswer[]>('GET', webhookPaths.list(ws.id), token);
    expect(list.body.data).toEqual([expect.objectContaining({ id: hook.id, events: ['member.added'] })]);
    expect(JSON.stringify(list.body)).not.toContain(hook.secret.slice(6));
  });

  it('lists the audit actions and webhook.test as event types, named in the reader’s language', async () => {
    const { token } = await ownerWithWorkspace(api);
    const types = await call<WebhookEventTypeItem[]>('GET', webhookPaths.eventTypes, token);
    const keys = types.body.data.map((t) => t.key);
    expect(keys).toEqual(
      expect.arrayContaining(['member.added', 'role.updated', 'backup.restored', 'webhook.test']),
    );
    expect(types.body.data.find((t) => t.key === 'webhook.test')?.name).toBe('Test event');
  });

  it('refuses a member without tenant_integrations_manage, and another workspace’s endpoint', async () => {
    const { ws, token } = await ownerWithWorkspace(api);
    const { user } = await memberWith(api, ws, ['tenant_members_read']);
    const refused = await call('POST', webhookPaths.endpoints, user.tokens.accessToken, {
      workspaceId: ws.id,
      url: 'http://127.0.0.1:1/x',
      events: ['*'],
    });
    expect(refused.body).toMatchObject({ statusCode: 403 });
    const hook = await endpoint(token, ws.id, 'http://127.0.0.1:1/x');
    const test = await call<{ deliveryId: string }>('POST', webhookPaths.test, token, {
      workspaceId: ws.id,
      id: hook.id,
    });
    const deliveryId = test.body.data.deliveryId;
    // Another workspace's owner, naming their own workspace with this one's endpoint and delivery.
    const other = await ownerWithWorkspace(api);
    const mine = other.ws.id;
    const attempts: [string, string, unknown?][] = [
      ['POST', webhookPaths.secret, { workspaceId: mine, id: hook.id }],
      ['POST', webhookPaths.test, { workspaceId: mine, id: hook.id }],
      ['PUT', webhookPaths.endpoints, { workspaceId: mine, id: hook.id, enabled: false }],
      ['DELETE', webhookPaths.endpoints, { workspaceId: mine, id: hook.id }],
      ['GET', webhookPaths.delivery(mine, deliveryId)],
      ['POST', webhookPaths.redeliver, { workspaceId: mine, deliveryId }],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await call(method, path, other.token, body);
      expect({ method, path, code: answer.body.statusCode }).toEqual({ method, path, code: 404 });
    }
    const log = await call<WebhookDeliveryPage>(
      'GET',
      `${webhookPaths.deliveries(mine)}?webhookId=${hook.id}`,
      other.token,
    );
    expect(log.body.data.items).toEqual([]);
    const still = await call<WebhookAnswer[]>('GET', webhookPaths.list(ws.id), token);
    expect(still.body.data).toEqual([expect.objectContaining({ id: hook.id, enabled: true })]);
  });

  it('limits sends on demand per endpoint with 260 and Retry-After, not the other endpoints', async () => {
    const { ws, token } = await ownerWithWorkspace(api);
    const busy = await endpoint(token, ws.id, 'http://127.0.0.1:1/busy');
    const calm = await endpoint(token, ws.id, 'http://127.0.0.1:1/calm');
    const rule = webhookSendRule(api.deps.config, 'endpoint');
    // Spend all but one send of the window in the limiter itself.
    for (let i = 0; i < rule.max - 1; i++)
      await api.deps.limiter.hit(`${rule.name}:${busy.id}`, rule.max, rule.windowSeconds);
    const last = await call<{ deliveryId: string }>('POST', webhookPaths.test, token, {
      workspaceId: ws.id,
      id: busy.id,
    });
    expect(last.status).toBe(200);
    const ref = { workspaceId: ws.id, deliveryId: last.body.data.deliveryId };
    for (const [path, body] of [
      [webhookPaths.test, { workspaceId: ws.id, id: busy.id }],
      [webhookPaths.redeliver, ref],
    ] as const) {
      const over = await call<{ retryAfter: number }>('POST', path, token, body);
      expect({ path, status: over.status, code: over.body.statusCode }).toEqual({
        path,
        status: 400,
        code: 260,
      });
      expect(Number(over.headers.get('retry-after'))).toBe(over.body.data.retryAfter);
    }
    const other = await call('POST', webhookPaths.test, token, { workspaceId: ws.id, id: calm.id });
    expect(other.status).toBe(200);
  });
});

describe('deliveries', () => {
  it('sends a change as a signed event the standardwebhooks package verifies', async () => {
    const { ws, token } = await ownerWithWorkspace(api);
    const target = await receiver();
    const hook = await endpoint(token, ws.id, target.url, ['role.created']);
    const role = await createRole(api, ws, ['tenant_members_read']);
    const [received] = await target.received(1);
    const event = verify(hook.secret, received!.body, received!.headers) as Record<string, unknown>;
    expect(event).toMatchObject({
      type: 'role.created',
      workspaceId: ws.id,
      data: {
        subject: { type: 'role', id: role.id },
        details: { after: { permissions: ['tenant_members_read'] } },
      },
    });
    expect(received!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    await worker().idle();
    const log = await call<WebhookDeliveryPage>(
      'GET',
      `${webhookPaths.deliveries(ws.id)}?webhookId=${hook.id}`,
      token,
    );
    expect(log.body.data.items).toEqual([
      expect.objectContaining({
        id: received!.headers['webhook-id'],
        status: 'succeeded',
        attempts: 1,
        lastStatusCode: 200,
      }),
    ]);
  });

  it('sends nothing for a change that rolled back', async () => {
    const { ws, token } = await ownerWithWorkspace(api);
    const target = await receiver();
    await endpoint(token, ws.id, target.url);
    tapped.tap.current = {
      beforeCommit: async () => {
        throw new Error('the commit fails');
      },
    };
    const failed = await call('POST', '/v1/workspaces/members/access/roles/', token, {
      workspaceId: ws.id,
      name: 'Never',
      superAccess: false,
      permissionIds: ['tenant_members_read'],
    });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    tapped.tap.current = undefined;
    // A later event arrives alone: the rolled-back one was never queued.
    const [hook] = (await call<WebhookAnswer[]>('GET', webhookPaths.list(ws.id), token)).body.data;
    await call('POST', webhookPaths.test, token, { workspaceId: ws.id, id: hook!.id });
    const [first] = await target.received(1);
    expect(JSON.parse(first!.body).type).toBe('webhook.test');
    await worker().idle();
    expect(target.calls).toHaveLength(1);
    const log = await call<WebhookDeliveryPage>('GET', webhookPaths.deliveries(ws.id), token);
    expect(log.body.data.items.map((d) => d.eventType)).toEqual(['webhook.test']);
  });

  it('tries a receiver that failed twice a third time, with the same webhook-id', async () => {
    const { ws, token } = await ownerWithWorkspace(api);
    const target = await receiver((n) => (n < 2 ? 503 : 204));
    const hook = await endpoint(token, ws.id, target.url);
    const test = await call<{ deliveryId: string }>('POST', webhookPaths.test, token, {
      workspaceId: ws.id,
      id: hook.id,
    });
    const calls = await target.received(3);
    expect(calls.map((c) => c.headers['webhook-id'])).toEqual(Array(3).fill(test.body.data.deliveryId));
    for (const c of calls) verify(hook.secret, c.body, c.headers);
    await worker().idle();
    const detail = await call<WebhookDeliveryDetail>(
      'GET',
      webhookPaths.delivery(ws.id, test.body.data.deliveryId),
      token,
    );
    expect(detail.body.data).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 204 });
    expect(detail.body.data.attemptLog.map((a) => a.statusCode)).toEqual([503, 503, 204]);
    expect(detail.body.data.attemptLog[0]!.responseBody).toBe('answer 503');
    expect(detail.body.data.payload).toBe(calls[0]!.body);
  });

  it('fails a delivery after the last retry, tells the owner, and redelivers it on request', async () => {
    const { owner, ws, token } = await ownerWithWorkspace(api);
    let healthy = false;
    const target = await receiver(() => (healthy ? 200 : 500));
    const hook = await endpoint(token, ws.id, target.url);
    const test = await call<{ deliveryId: string }>('POST', webhookPaths.test, token, {
      workspaceId: ws.id,
      id: hook.id,
    });
    await target.received(3);
    await worker().idle();
    const failed = await call<WebhookDeliveryPage>(
      'GET',
      `${webhookPaths.deliveries(ws.id)}?status=failed`,
      token,
    );
    expect(failed.body.data.items).toEqual([
      expect.objectContaining({ id: test.body.data.deliveryId, attempts: 3 }),
    ]);
    const told = await api.deps.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'webhook.failed')));
    expect(told).toHaveLength(1);
    healthy = true;
    await call('POST', webhookPaths.redeliver, token, {
      workspaceId: ws.id,
      deliveryId: test.body.data.deliveryId,
    });
    const again = await target.received(4);
    expect(again[3]!.headers['webhook-id']).toBe(test.body.data.deliveryId);
  });

  it('sends a burst above one endpoint’s cap once each and stores every success', async () => {
    const { perEndpoint, flushBatch } = webhookTiming;
    // Four calls open at once, answered together, and successes stored three at a time: the burst
    // takes several claims and batches of more than one.
    Object.assign(webhookTiming, { perEndpoint: 4, flushBatch: 3 });
    try {
      const { ws, token } = await ownerWithWorkspace(api);
      let hold = true;
      const target = await receiver(() => (hold ? 'hang' : 200));
      const hook = await endpoint(token, ws.id, target.url);
      for (let i = 0; i < 9; i++)
        await call('POST', webhookPaths.test, token, { workspaceId: ws.id, id: hook.id });
      await target.received(4);
      hold = false;
      target.release();
      await target.received(9);
      await worker().idle();
      expect(new Set(target.calls.map((c) => c.headers['webhook-id'])).size).toBe(9);
      expect(target.calls).toHaveLength(9);
      const log = await call<WebhookDeliveryPage>('GET', webhookPaths.deliveries(ws.id), token);
      expect(log.body.data.items.map((d) => [d.status, d.attempts])).toEqual(Array(9).fill(['succeeded', 1]));
    } finally {
      Object.assign(webhookTiming, { perEndpoint, flushBatch });
    }
  });

  it('keeps delivering to a healthy endpoint while another hangs', async () => {
    const { inFlight, perEndpoint } = webhookTiming;
    Object.assign(webhookTiming, { inFlight: 4, perEndpoint: 2 });
    try {
      const slow = await ownerWithWorkspace(api);
      const fast = await ownerWithWorkspace(api);
      let hang = true;
      const hanging = await receiver(() => (hang ? 'hang' : 200));
      const healthy = await receiver();
      const stuck = await endpoint(slow.token, slow.ws.id, hanging.url);
      for (let i = 0; i < 6; i++)
        await call('POST', webhookPaths.test, slow.token, { workspaceId: slow.ws.id, id: stuck.id });
      await hanging.received(2);
      const hook = await endpoint(fast.token, fast.ws.id, healthy.url);
      await call('POST', webhookPaths.test, fast.token, { workspaceId: fast.ws.id, id: hook.id });
      await healthy.received(1);
      // The hanging endpoint holds only its share of the slots: no more than two calls are open to it.
      expect(hanging.calls).toHaveLength(2);
      hang = false;
      hanging.release();
      await hanging.received(6);
    } finally {
      Object.assign(webhookTiming, { inFlight, perEndpoint });
    }
  });
});

describe('secret rotation', () => {
  it('signs with the old and the new secret for 24 hours, then with the new one only', async () => {
    const { ws, token } = await ownerWithWorkspace(api);
    const target = await receiver();
    const hook = await endpoint(token, ws.id, target.url);
    const rotated = await call<{ secret: string }>('POST', webhookPaths.secret, token, {
      workspaceId: ws.id,
      id: hook.id,
    });
    const secret = rotated.body.data.secret;
    expect(secret).not.toBe(hook.secret);
    await call('POST', webhookPaths.test, token, { workspaceId: ws.id, id: hook.id });
    const [during] = await target.received(1);
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    verify(secret, during!.body, during!.headers);
    verify(hook.secret, during!.body, during!.headers);

    clockOffsetMs = 25 * 3600_000;
    await call('POST', webhookPaths.test, token, { workspaceId: ws.id, id: hook.id });
    const after = (await target.received(2))[1]!;
    const signature = String(after.headers['webhook-signature']);
    const signedAt = new Date(Number(after.headers['webhook-timestamp']) * 1000);
    const id = String(after.headers['webhook-id']);
    expect(signature).toBe(new Webhook(secret).sign(id, signedAt, after.body));
    expect(signature).not.toContain(new Webhook(hook.secret).sign(id, signedAt, after.body));
  });
});

describe('an endpoint failing for days', () => {
  it('is disabled after five days of failures, and its owner is told', async () => {
    const { owner, ws, token } = await ownerWithWorkspace(api);
    const target = await receiver(() => 500);
    const hook = await endpoint(token, ws.id, target.url);
    await call('POST', webhookPaths.test, token, { workspaceId: ws.id, id: hook.id });
    await target.received(3);
    await worker().idle();
    const [still] = await api.deps.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(still).toMatchObject({ enabled: true });

    clockOffsetMs = 5 * 86_400_000 + 60_000;
    await call('POST', webhookPaths.test, token, { workspaceId: ws.id, id: hook.id });
    await target.received(4);
    await worker().idle();
    const [list] = (await call<WebhookAnswer[]>('GET', webhookPaths.list(ws.id), token)).body.data;
    expect(list).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const told = await api.deps.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'webhook.disabled')));
    expect(told).toHaveLength(1);
  });
});
