import type { Envelope } from '@wsm/contracts';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { initAppI18n } from '../../test/i18n';
import { server } from '../../test/server';
import { fetchAppVersion } from './version-api';

const seen: { url: string; method: string }[] = [];
/** The server answers the version read with `status` and `body`, and keeps what it was asked. */
function answer(status: number, body: Envelope): void {
  server.use(
    http.all('*', ({ request }) => {
      seen.push({ url: new URL(request.url).pathname, method: request.method.toLowerCase() });
      return HttpResponse.json(body, { status });
    }),
  );
}

beforeAll(async () => {
  await initAppI18n('en');
});
afterEach(() => {
  seen.length = 0;
});

describe('reading the web app version', () => {
  it('calls GET /v1/app/version/ and returns its version', async () => {
    answer(200, {
      statusCode: 200,
      statusMessage: 'ok',
      data: { version: '2.4.0+5f2c9a10b3d4e6f7', builtAt: '2026-11-20T08:30:00.000Z' },
    });
    await expect(fetchAppVersion()).resolves.toBe('2.4.0+5f2c9a10b3d4e6f7');
    expect(seen[0]?.url).toBe('/v1/app/version/');
    expect(seen[0]?.method).toBe('get');
  });

  it('rejects an answer that is not the contract payload', async () => {
    answer(200, {
      statusCode: 200,
      statusMessage: 'ok',
      data: { version: { pwa: '2' } },
    });
    await expect(fetchAppVersion()).rejects.toThrow();
  });

  it('fails quietly on 404: no redirect, no toast', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => 'id');
    answer(404, { statusCode: 404, statusMessage: 'not found', data: null });
    await expect(fetchAppVersion()).rejects.toThrow();
    expect(toast).not.toHaveBeenCalled();
  });
});
