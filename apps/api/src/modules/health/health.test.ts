import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { openDatabase } from '../../db/client';

describe('health', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it('/healthz answers 200 while the process is up', async () => {
    const response = await fetch(`${api.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database answers', async () => {
    const response = await fetch(`${api.url}/readyz/`);
    expect(response.status).toBe(200);
  });
});

describe('readiness without a database', () => {
  it('/readyz answers 503 when the database does not answer, and /healthz still 200', async () => {
    // Accepts connections and never answers, as a PostgreSQL that hangs or a network that drops packets.
    const attempts = new Set<Socket>();
    const silent = createServer((socket) => {
      attempts.add(socket);
      socket.on('close', () => attempts.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const database = await openDatabase({ databaseUrl: `postgres://nobody@127.0.0.1:${port}/none` });
    const api = await startTestApp({ database });
    try {
      const response = await fetch(`${api.url}/readyz`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({ status: 'unavailable' });
      expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    } finally {
      await api.close();
      await database.close().catch(() => undefined);
      for (const socket of attempts) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
