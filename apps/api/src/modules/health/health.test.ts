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
  it('/readyz answers 503 within a second when PostgreSQL is unreachable', async () => {
    // Port 1 on loopback: nothing listens, so every connection is refused or hangs.
    const database = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' });
    const api = await startTestApp({ database });
    try {
      const started = performance.now();
      const response = await fetch(`${api.url}/readyz`);
      const elapsed = performance.now() - started;
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable' });
      expect(elapsed).toBeLessThan(1000);
      expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    } finally {
      await api.close();
      await database.close();
    }
  });
});
