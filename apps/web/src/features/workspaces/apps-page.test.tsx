import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { featureTestHarness, renderScreen } from '../../test/feature-harness';
import { AppsPage } from './apps-page';
import { selectWorkspace } from './selection';
import { accessPath, application, memberAccess, ownerAccess, workspace } from './test-fixtures';

// As the server stores it: the built-in application is named by its key.
const settingsApp = application({ id: 'a1', key: 'tenant-settings', name: 'tenant-settings' });
const shopApp = application({ id: 'a2', key: 'shop', name: 'shop-app', title: 'فروشگاه آنلاین' });

const api = featureTestHarness({ userId: 'u1' });
beforeEach(() => {
  api.on('GET /v1/workspaces/', [workspace('ws-1', 'Acme', 'owner', null)]);
  api.on('GET /v1/workspaces/profile/applications/workspace-id/ws-1/', [settingsApp, shopApp]);
  api.on(`GET ${accessPath}`, ownerAccess);
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

  it('offers the settings tile only to a role that holds one of the settings', async () => {
    api.on(`GET ${accessPath}`, memberAccess({ name: 'Clerk', superAccess: false }, []));
    await renderScreen(<AppsPage />, {
      path: '/en/workspace/apps',
      pattern: '/:locale/workspace/apps',
      locale: 'en',
    });
    await screen.findByText('فروشگاه آنلاین');
    await expect
      .poll(() => screen.getAllByTestId('application-card').map((card) => card.textContent))
      .toEqual([expect.stringContaining('فروشگاه آنلاین')]);
    expect(screen.queryByText('Workspace settings')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'No applications yet'],
    ['fa', 'هنوز برنامه‌ای نیست'],
    ['ar', 'لا توجد تطبيقات بعد'],
  ] as const)(
    'says so in %s when the role can open nothing, instead of an empty page',
    async (locale, title) => {
      api.on(`GET ${accessPath}`, memberAccess({ name: 'Clerk', superAccess: false }, []));
      api.on('GET /v1/workspaces/profile/applications/workspace-id/ws-1/', [settingsApp]);
      await renderScreen(<AppsPage />, {
        path: `/${locale}/workspace/apps`,
        pattern: '/:locale/workspace/apps',
        locale,
      });
      const empty = await screen.findByTestId('applications-empty');
      expect(within(empty).getByRole('heading').textContent).toBe(title);
      expect(screen.queryByTestId('application-card')).not.toBeInTheDocument();
    },
  );

  it('keeps the tile for a role that holds one setting', async () => {
    api.on(`GET ${accessPath}`, memberAccess({ name: 'Clerk', superAccess: false }, ['tenant_members_read']));
    await renderScreen(<AppsPage />, {
      path: '/en/workspace/apps',
      pattern: '/:locale/workspace/apps',
      locale: 'en',
    });
    expect(await screen.findByText('Workspace settings')).toBeInTheDocument();
  });
});
