import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type WebhookDeliveryDetail, type WebhookWithSecret, webhookPaths } from '@wsm/contracts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import type { AppDeps } from '../src/deps';
import { webhookTiming } from '../src/modules/webhooks/delivery';
import { output, runTsx } from './child-process';
import { createWorkspace, newClient, quickUser } from './fixtures';
import { httpCaller } from './http-app';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';
import { startTestApp, type TestApp, testConfig } from './test-app';
import { startReceiver } from './webhook-receiver';

// An API process killed (SIGKILL) in the middle of a webhook call loses nothing: the delivery it had
// claimed is taken again by the next process once the claim's lease ends, and sent with the same id.
// Runs in the scale-out project: child processes on a PostgreSQL database of the test's own.

const config = testConfig();
const dataDir = mkdtempSync(join(tmpdir(), 'wsm-webhook-restart-'));
let scratch: ScratchDatabase | undefined;
let database: DatabaseHandle;

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('this test needs DATABASE_URL (a PostgreSQL server)');
  scratch = await createScratchDatabase(serverUrl, 'wsm_hooks');
  database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  await runMigrations(database);
}, 180_000);

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

describe('a process killed mid-delivery', { timeout: 120_000 }, () => {
  it('has its delivery sent again, with the same webhook-id, after a restart', async () => {
    const child = runTsx(['src/server.ts'], {
      NODE_ENV: 'development',
      PORT: '0',
      DATABASE_URL: scratch!.url,
      JWT_SECRET: config.jwtSecret,
      // The key the endpoint's secret is sealed with, the same in both processes.
      TOTP_ENCRYPTION_KEY: '0f'.repeat(32),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    const out = output(child);
    const [, url] = await out.until(/running at (http:\/\/\S+?)\/ /);
    const first: TestApp = {
      url: url!,
      app: undefined as never,
      deps: { database, config } as AppDeps,
      call: httpCaller(url!),
      close: async () => undefined,
    };
    // The first call never gets an answer: the process is killed while waiting for it.
    const receiver = await startReceiver((n) => (n === 0 ? 'hang' : 200));
    let restarted: TestApp | undefined;
    try {
      const owner = await quickUser(first);
      const ws = await createWorkspace(first, owner);
      const created = await newClient(first).call<WebhookWithSecret>('POST', webhookPaths.endpoints, {
        token: owner.tokens.accessToken,
        body: { workspaceId: ws.id, url: receiver.url, events: ['webhook.test'] },
      });
      const hook = created.body.data;
      const test = await newClient(first).call<{ deliveryId: string }>('POST', webhookPaths.test, {
        token: owner.tokens.accessToken,
        body: { workspaceId: ws.id, id: hook.id },
      });
      await receiver.received(1);
      child.kill('SIGKILL');
      await out.exited;

      // The next process, its clock past the lease the killed one held.
      const leaseMs = (webhookTiming.leaseSeconds + 1) * 1000;
      restarted = await startTestApp({
        config,
        database,
        webhookWorker: true,
        webhookRuntime: { now: () => new Date(Date.now() + leaseMs) },
      });
      const calls = await receiver.received(2);
      expect(calls[1]!.headers['webhook-id']).toBe(test.body.data.deliveryId);
      expect(calls[1]!.body).toBe(calls[0]!.body);
      new Webhook(hook.secret).verify(calls[1]!.body, calls[1]!.headers as Record<string, string>);
      await restarted.app.webhookWorker.idle();
      const detail = await newClient(restarted).call<WebhookDeliveryDetail>(
        'GET',
        webhookPaths.delivery(ws.id, test.body.data.deliveryId),
        { token: owner.tokens.accessToken },
      );
      expect(detail.body.data).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 200 });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await restarted?.close();
      await receiver.close();
    }
  });
});
