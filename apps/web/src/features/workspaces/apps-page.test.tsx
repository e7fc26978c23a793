import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { featureTestHarness, renderScreen } from '../../test/feature-harness';
import { AppsPage } from './apps-page';
import { selectWorkspace } from './selection';

const noVersion = { pwa: null, ios: null, android: null, windows: null, macos: null };
const noSocial = { instagram: null, telegram: null, x: null, rubika: null };
// As the server stores it: the built-in application is named by its key.
const settingsApp = {
  id: 'a1',
  key: 'tenant-settings',
  name: 'tenant-settings',
  title: null,
  slogan: null,
  description: null,
  keywords: [],
  version: noVersion,
  socialNetworks: noSocial,
  createdDate: '2025-01-01T00:00:00.000Z',
};
const shopApp = { ...settingsApp, id: 'a2', key: 'shop', name: 'shop-app', title: 'فروشگاه آنلاین' };

const api = featureTestHarness({ userId: 'u1' });
beforeEach(() => {
  api.on('GET /v1/workspaces/', [
    {
      id: 'ws-1',
      workspaceName: 'acme',
      name: 'Acme',
      description: null,
      logo: null,
      status: { id: 'active', name: 'Active', key: 'active' },
      createdDate: '2025-01-01T00:00:00.000Z',
      level: 'owner',
      role: null,
    },
  ]);
  api.on('GET /v1/workspaces/profile/applications/workspace-id/ws-1/', [settingsApp, shopApp]);
  selectWorkspace('ws-1');
});

describe('application cards (/workspace/apps)', { timeout: 30_000 }, () => {
  it.each([
    ['en', 'Workspace settings'],
    ['fa', 'تنظیمات فضای کاری'],
  ] as const)(
    'in %s name the built-in application in words and others by their title, never by key',
    async (locale, settings) => {
      await renderScreen(<AppsPage />, {
        path: `/${locale}/workspace/apps`,
        pattern: '/:locale/workspace/apps',
        locale,
      });
      const cards = await screen.findAllByTestId('application-card');
      expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
        settings,
        'فروشگاه آنلاین',
      ]);
      const text = cards.map((card) => card.textContent).join(' ');
      expect(text).not.toContain('tenant-settings');
      expect(text).not.toContain('shop');
    },
  );
});
