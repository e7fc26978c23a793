import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ConnectedApplication, connectedApplicationsPaths } from '@wsm/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { featureTestHarness, renderScreen } from '../../test/feature-harness';
import { ConnectedAppsCard } from './components/connected-apps-card';

// The member's side of "sign in with the workspace": the applications they signed into, and
// disconnecting one after a confirmation, against the contract's paths.

const listPath = `GET ${connectedApplicationsPaths.list}`;
const disconnectPath = `DELETE ${connectedApplicationsPaths.disconnect}`;
const shop: ConnectedApplication = {
  id: 'grant-1',
  application: { id: 'a1', name: 'Shop' },
  workspace: { id: 'w1', name: 'Acme' },
  scopes: ['openid', 'profile', 'workspace'],
  firstSignInDate: '2026-03-21T08:30:00.000Z',
  lastSignInDate: '2026-03-22T09:00:00.000Z',
};

const api = featureTestHarness();
let connected: ConnectedApplication[];
beforeEach(() => {
  connected = [];
  api.on(listPath, () => ({ data: connected }));
});

const open = async (locale: 'fa' | 'en' = 'en') => {
  await renderScreen(<ConnectedAppsCard />, {
    path: `/${locale}/profile/security`,
    pattern: '/:locale/profile/security',
    locale,
  });
  return screen.findByRole('region', { name: locale === 'fa' ? 'برنامه‌های متصل' : 'Connected applications' });
};

describe('the connected applications section', { timeout: 30_000 }, () => {
  it('says so when no application is connected, in Persian', async () => {
    const card = await open('fa');
    expect(await within(card).findByText('با هیچ فضای کاری به برنامه‌ای وارد نشده‌اید.')).toBeInTheDocument();
  });

  it('lists each application with its workspace and scopes, and disconnects only after a confirmation', async () => {
    connected = [shop];
    api.on(disconnectPath, () => {
      connected = [];
      return { data: null };
    });
    const card = await open();
    const list = await within(card).findByRole('list', { name: 'Connected applications' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('Shop · Acme');
    expect(item.textContent).toContain('openid profile workspace');
    await userEvent.click(within(item).getByRole('button', { name: /Disconnect .*Shop · Acme/ }));
    let confirm = await screen.findByRole('dialog', { name: 'Disconnect this application?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(disconnectPath)).toHaveLength(0);
    await userEvent.click(within(item).getByRole('button', { name: /Disconnect .*Shop · Acme/ }));
    confirm = await screen.findByRole('dialog', { name: 'Disconnect this application?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(api.calls(disconnectPath)[0]?.body).toEqual({ id: 'grant-1' }));
    expect(
      await within(card).findByText('You have not signed into any application with a workspace.'),
    ).toBeTruthy();
  });
});
