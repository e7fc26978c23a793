import type { Envelope } from '@wsm/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../lib/api-client';
import { type HttpAdapter, HttpError, type HttpRequest } from '../../lib/http';
import { notify } from '../../lib/notify';
import { initAppI18n } from '../../test/i18n';
import { fetchAppVersion } from './version-api';

const seen: HttpRequest[] = [];
function answer(status: number, body: Envelope): HttpAdapter {
  return async (config) => {
    seen.push(config);
    const response = { data: body, status, headers: {} };
    if (status === 200) return response;
    throw new HttpError('failed', response);
  };
}

const original = apiClient.defaults.adapter;
beforeAll(async () => {
  await initAppI18n('en');
});
afterEach(() => {
  apiClient.defaults.adapter = original;
  seen.length = 0;
});

describe('reading the web app version', () => {
  it('calls GET /v1/app/version/ and returns its version', async () => {
    apiClient.defaults.adapter = answer(200, {
      statusCode: 200,
      statusMessage: 'ok',
      data: { version: '2.4.0+5f2c9a10b3d4e6f7', builtAt: '2026-11-20T08:30:00.000Z' },
    });
    await expect(fetchAppVersion()).resolves.toBe('2.4.0+5f2c9a10b3d4e6f7');
    expect(seen[0]?.url).toBe('/v1/app/version/');
    expect(seen[0]?.method).toBe('get');
  });

  it('rejects an answer that is not the contract payload', async () => {
    apiClient.defaults.adapter = answer(200, {
      statusCode: 200,
      statusMessage: 'ok',
      data: { version: { pwa: '2' } },
    });
    await expect(fetchAppVersion()).rejects.toThrow();
  });

  it('fails quietly on 404: no redirect, no toast', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => 'id');
    apiClient.defaults.adapter = answer(404, { statusCode: 404, statusMessage: 'not found', data: null });
    await expect(fetchAppVersion()).rejects.toThrow();
    expect(toast).not.toHaveBeenCalled();
  });
});
