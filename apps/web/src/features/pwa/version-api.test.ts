import type { Envelope } from '@wsm/contracts';
import { type AxiosAdapter, AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { initAppI18n } from '../../test/i18n';
import { fetchPwaVersion } from './version-api';

const application = (pwa: string | null) => ({
  id: 'app-1',
  key: 'workspace-manager',
  name: 'Workspace Manager',
  title: 'Workspace Manager',
  slogan: null,
  description: null,
  keywords: [],
  version: { pwa, ios: null, android: null, windows: null, macos: null },
  socialNetworks: { instagram: null, telegram: null, x: null, rubika: null },
  createdDate: '2026-01-01T00:00:00.000Z',
});

const seen: InternalAxiosRequestConfig[] = [];
function answer(status: number, body: Envelope): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const response = { data: body, status, statusText: '', headers: new AxiosHeaders(), config };
    if (status === 200) return response;
    throw new AxiosError('failed', AxiosError.ERR_BAD_REQUEST, config, {}, response);
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
  it('calls the contract path with the key and workspace and returns version.pwa', async () => {
    apiClient.defaults.adapter = answer(200, {
      statusCode: 200,
      statusMessage: 'ok',
      data: application('2.4.0'),
    });
    await expect(fetchPwaVersion('workspace-manager', 'ws 1')).resolves.toBe('2.4.0');
    expect(seen[0]?.url).toBe(
      '/v1/profiles/applications/application-key/workspace-manager/workspace-id/ws%201/',
    );
    expect(seen[0]?.method).toBe('get');
  });

  it('returns null when the application has no web version', async () => {
    apiClient.defaults.adapter = answer(200, {
      statusCode: 200,
      statusMessage: 'ok',
      data: application(null),
    });
    await expect(fetchPwaVersion('workspace-manager', 'ws-1')).resolves.toBeNull();
  });

  it('rejects an answer that is not the contract payload', async () => {
    apiClient.defaults.adapter = answer(200, {
      statusCode: 200,
      statusMessage: 'ok',
      data: { version: '2' },
    });
    await expect(fetchPwaVersion('workspace-manager', 'ws-1')).rejects.toThrow();
  });

  it('fails quietly on 404: no redirect, no toast', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => 'id');
    apiClient.defaults.adapter = answer(404, { statusCode: 404, statusMessage: 'not found', data: null });
    await expect(fetchPwaVersion('workspace-manager', 'ws-1')).rejects.toThrow();
    expect(toast).not.toHaveBeenCalled();
  });
});
