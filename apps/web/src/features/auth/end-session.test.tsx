import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { identityPaths } from '@wsm/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cookieNames, getAccessToken, setAccessToken, setCookie } from '../../lib/storage';
import { envelope, fakeServer, renderAt, resetBrowser, toasts } from './test-utils';

// The page a login alert's link opens: it asks, ends that session, and never logs this browser out.

beforeEach(resetBrowser);
afterEach(resetBrowser);

const base64url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const token = [
  base64url('{"alg":"HS256","typ":"JWT"}'),
  base64url(JSON.stringify({ sid: 's1', dev: 'Firefox 133 on Windows', ip: '5.6.7.8', iat: 1_790_000_000 })),
  'signature',
].join('.');

describe('/security/end-session', () => {
  it('shows the device and address, asks, then ends the session with the link’s token', async () => {
    const calls = fakeServer({
      [identityPaths.sessionEndByLink]: () => ({ body: envelope(200, { ended: true }) }),
    });
    await renderAt(`/en/security/end-session?token=${token}`);
    expect(await screen.findByText('Firefox 133 on Windows')).toBeInTheDocument();
    expect(screen.getByText('5.6.7.8')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'End that session' }));
    expect(await screen.findByText(/That session has ended/)).toBeInTheDocument();
    const ends = calls.filter((call) => call.url === identityPaths.sessionEndByLink);
    expect(ends).toEqual([
      expect.objectContaining({ method: 'POST', url: identityPaths.sessionEndByLink, body: { token } }),
    ]);
    expect(ends[0]?.bearer).toBeUndefined();
  });

  it('in Persian, the address in its own digits; a refused link says so and does not log this browser out', async () => {
    setAccessToken('mine-access-token-1234');
    setCookie(cookieNames.refreshCsrf, 'mine-csrf', 60_000);
    fakeServer({ [identityPaths.sessionEndByLink]: () => ({ status: 401, body: envelope(401) }) });
    await renderAt(`/fa/security/end-session?token=${token}`);
    // An IP address is an identifier: Latin digits, isolated left to right, on a Persian page too.
    const address = await screen.findByTestId('end-session-address');
    expect(address).toHaveTextContent(/^5\.6\.7\.8$/);
    expect(address.tagName).toBe('BDI');
    expect(address).toHaveAttribute('dir', 'ltr');
    await userEvent.click(screen.getByRole('button', { name: 'پایان دادن به آن نشست' }));
    expect(await screen.findByText(/این پیوند معتبر نیست/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toContain('/fa/security/end-session'),
    );
    expect(toasts.error).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe('mine-access-token-1234');
  });

  it('names the device in the page language and the time with its zone, in fa, ar and en', async () => {
    const withParts = [
      base64url('{"alg":"HS256","typ":"JWT"}'),
      base64url(
        JSON.stringify({
          sid: 's1',
          dev: 'Chrome 156 on Linux',
          dv: { browser: 'Chrome', browserVersion: '156', os: 'Linux' },
          ip: '5.6.7.8',
          iat: 1_790_000_000,
        }),
      ),
      'signature',
    ].join('.');
    const expected = { fa: 'Chrome ۱۵۶ روی Linux', ar: 'Chrome ١٥٦ على Linux', en: 'Chrome 156 on Linux' };
    const intl = { fa: 'fa-IR-u-ca-persian-nu-arabext', ar: 'ar-u-ca-gregory-nu-arab', en: 'en-US' };
    for (const locale of ['fa', 'ar', 'en'] as const) {
      fakeServer({});
      const { unmount } = await renderAt(`/${locale}/security/end-session?token=${withParts}`);
      const device = await screen.findByTestId('end-session-device');
      expect(device.textContent).toBe(expected[locale]);
      expect(device.getAttribute('dir')).toBe(locale === 'en' ? 'ltr' : 'rtl');
      expect(screen.getByTestId('end-session-address')).toHaveTextContent(/^5\.6\.7\.8$/);
      // The zone is named, as the e-mail names Tehran's.
      const zone = new Intl.DateTimeFormat(intl[locale], { timeZoneName: 'long' })
        .formatToParts(new Date(1_790_000_000_000))
        .find((part) => part.type === 'timeZoneName')?.value;
      expect(zone).toBeTruthy();
      expect(document.body.textContent).toContain(zone);
      unmount();
    }
  });

  it('without a token says the link is not valid', async () => {
    fakeServer({});
    await renderAt('/en/security/end-session');
    expect(await screen.findByText(/This link is not valid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End that session' })).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'This link has already been used', 'End that session'],
    ['fa', 'این پیوند پیش‌تر به کار رفته است', 'پایان دادن به آن نشست'],
    ['ar', 'سبق استخدام هذا الرابط', null],
  ] as const)('in %s, a used link says so at once instead of asking again', async (locale, used, confirm) => {
    const calls = fakeServer({
      [identityPaths.sessionLinkState]: () => ({ body: envelope(200, { ended: true }) }),
    });
    await renderAt(`/${locale}/security/end-session?token=${token}`);
    expect(await screen.findByText(new RegExp(used))).toBeInTheDocument();
    if (confirm) expect(screen.queryByRole('button', { name: confirm })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([identityPaths.sessionLinkState]);
  });

  it('a live link asks, and a refused one says it is not valid before anything is asked', async () => {
    fakeServer({ [identityPaths.sessionLinkState]: () => ({ body: envelope(200, { ended: false }) }) });
    await renderAt(`/en/security/end-session?token=${token}`);
    expect(await screen.findByRole('button', { name: 'End that session' })).toBeInTheDocument();
    resetBrowser();
    fakeServer({ [identityPaths.sessionLinkState]: () => ({ status: 401, body: envelope(401) }) });
    await renderAt(`/en/security/end-session?token=${token}`);
    expect(await screen.findByText(/This link is not valid/)).toBeInTheDocument();
  });
});
