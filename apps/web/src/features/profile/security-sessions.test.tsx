import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toasts } from '../../test/feature-harness';
import { card, desktopChrome, iPhoneSafari, onlySession, open, securityHarness } from './security-test-utils';

// The security page's sessions card: devices, addresses, ending one or all others.

const api = securityHarness();

describe('/profile/security: sessions', { timeout: 30_000 }, () => {
  it('lists sessions and ends another one after confirming; the current one cannot be ended here', async () => {
    api.on('DELETE /v1/auth/identity/security/sessions/', null);
    await open();
    const section = await card('Sessions');
    const list = await within(section).findByRole('list', { name: 'Sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('This device')).toBeInTheDocument();
    // Login and last activity as relative times; the exact moments on hover.
    const details = within(list).getByText(/^IP \u206610\.0\.0\.2\u2069 · logged in .+ ago · active .+ ago$/);
    expect(details.getAttribute('title')).toMatch(/^Logged in .*2026.*, last active .*2026/);
    expect(within(list).getAllByRole('button', { name: /End the session/ })).toHaveLength(1);
    // Devices by name and kind; the raw user agent only on hover.
    expect(within(list).queryByText(/Mozilla/)).not.toBeInTheDocument();
    const phone = within(list).getByText('Mobile Safari 17.4 on iOS 17.4, Apple iPhone');
    expect(phone.getAttribute('title')).toBe(iPhoneSafari);
    expect(within(list).getByText('Chrome 126 on Linux').getAttribute('title')).toBe(desktopChrome);
    expect(within(list).getByRole('img', { name: 'Phone' })).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Computer' })).toBeInTheDocument();
    await userEvent.click(
      within(list).getByRole('button', {
        name: 'End the session on Mobile Safari 17.4 on iOS 17.4, Apple iPhone',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await api.sentOnce('DELETE /v1/auth/identity/security/sessions/')).toEqual({ sessionId: 's2' });
  });

  it('names each device in Persian words and digits, product names as written', async () => {
    api.on('GET /v1/auth/identity/security/sessions/', [
      {
        id: 's1',
        ipAddress: '10.0.0.1',
        agent: desktopChrome,
        platform: 'Chrome 156 on Linux',
        device: { browser: 'Chrome', browserVersion: '156', os: 'Linux' },
        createdDate: '2026-01-01T10:00:00.000Z',
        lastSeenDate: '2026-01-02T10:00:00.000Z',
        current: true,
      },
    ]);
    await open('fa');
    const name = await screen.findByText('Chrome ۱۵۶ روی Linux');
    expect(name).toHaveAttribute('dir', 'rtl');
  });

  it('a session whose agent names no browser is an unknown device, the agent on hover', async () => {
    api.on('GET /v1/auth/identity/security/passkeys/', []);
    onlySession(api, { id: 's3', ipAddress: '10.0.0.3', agent: 'node', platform: 'unknown', current: false });
    await open('fa');
    const list = await within(await card('نشست‌ها')).findByRole('list');
    const name = within(list).getByText('دستگاه ناشناخته');
    expect(name).toHaveAttribute('title', 'node');
    expect(within(list).queryByText(/unknown|node/)).not.toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'دستگاه دیگر' })).toBeInTheDocument();
  });

  it('ends every other session after confirming', async () => {
    api.on('DELETE /v1/auth/identity/security/sessions/others/', { revoked: 1 });
    await open();
    const section = await card('Sessions');
    await within(section).findByRole('list', { name: 'Sessions' });
    await userEvent.click(within(section).getByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End them' }));
    await waitFor(() =>
      expect(api.calls('DELETE /v1/auth/identity/security/sessions/others/')).toHaveLength(1),
    );
    expect(toasts.success).toHaveBeenCalledWith('1 session was ended.');
    expect(api.calls('DELETE /v1/auth/identity/security/sessions/')).toHaveLength(0);
  });

  it('offers no "end all others" when this is the only session', async () => {
    api.on('GET /v1/auth/identity/security/passkeys/', []);
    onlySession(api, {
      id: 's1',
      ipAddress: '10.0.0.1',
      agent: 'Chrome 126',
      platform: 'Linux',
      current: true,
    });
    await open();
    const section = await card('Sessions');
    await within(section).findByRole('list', { name: 'Sessions' });
    expect(within(section).queryByRole('button', { name: 'End all other sessions' })).not.toBeInTheDocument();
  });

  it('shows an address in its own digits, isolated left to right, on a Persian page', async () => {
    await open('fa');
    const list = await within(await card('نشست‌ها')).findByRole('list');
    const details = within(list).getByText(/^IP .*10\.0\.0\.2/);
    // Latin digits (an identifier's own), between a left-to-right isolate and its end.
    expect(details.textContent).toContain('\u206610.0.0.2\u2069');
    expect(details.textContent).not.toMatch(/[۰-۹]\.[۰-۹]/);
  });
});
