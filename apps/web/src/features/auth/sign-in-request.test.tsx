import { screen, waitFor } from '@testing-library/react';
import { signInRequestPaths } from '@wsm/contracts';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../lib/session';
import { sessionKeys } from '../../lib/storage';
import { envelope, fakeServer, renderAt, resetBrowser } from './test-utils';

// The login of an application's pending sign-in names the application and workspace, and a browser
// already logged in goes on to the interaction without the form unless the application asked again.

const leave = vi.hoisted(() => vi.fn());
vi.mock('./return-to', async (original) => ({
  ...(await original<typeof import('./return-to')>()),
  leaveForSignIn: leave,
}));

beforeEach(() => {
  resetBrowser();
  leave.mockClear();
});
afterEach(resetBrowser);

const uid = 'Pending_uid-1';
const loginPath = (locale: string) =>
  `/${locale}/login?returnTo=${encodeURIComponent(`/oidc/interaction/${uid}/`)}`;
const details = (forceLogin = false) => ({
  [signInRequestPaths.details(uid)]: () => ({
    body: envelope(200, {
      application: { id: 'a1', name: 'Shop' },
      workspace: { id: 'w1', name: 'Acme', logo: { id: 'i1', url: '/v1/assets/i1/' } },
      forceLogin,
    }),
  }),
});

/** Text without the bidi isolates the translations put around names. */
const plain = (text: string | null) => text?.replace(/[\u2066-\u2069]/g, '');

function logIn(): void {
  storeTokens({ accessToken: 'header.eyJzdWIiOiJ1MSJ9.sig', refreshToken: 'r', expiresIn: 900 });
  Cookies.set('refreshCsrf', 'csrf-1');
}

describe('the login of an application signing in with the workspace', () => {
  it('names the application and its workspace with the logo, in Persian and English, above the form', async () => {
    fakeServer(details());
    await renderAt(loginPath('fa'));
    const banner = await screen.findByTestId('sign-in-request');
    expect(plain(banner.textContent)).toBe('ورود به Shop از Acme');
    // Each name isolated by the one rule for names, in its own direction.
    const names = screen.getAllByTestId('sign-in-request-name');
    expect(names.map((name) => name.textContent)).toEqual(['Shop', 'Acme']);
    for (const name of names) {
      expect(name.tagName).toBe('BDI');
      expect(name).toHaveAttribute('dir', 'auto');
      expect(name).toHaveAttribute('data-value-kind', 'text');
    }
    expect(banner.querySelector('img')?.getAttribute('src')).toBe('/v1/assets/i1/');
    expect(screen.getByRole('button', { name: 'ادامه' })).toBeInTheDocument();
    expect(sessionStorage.getItem(sessionKeys.returnTo)).toBe(`/oidc/interaction/${uid}/`);
    resetBrowser();
    fakeServer(details());
    await renderAt(loginPath('en'));
    expect(plain((await screen.findByTestId('sign-in-request')).textContent)).toBe('Sign in to Shop of Acme');
    expect(leave).not.toHaveBeenCalled();
  });

  it('sends a browser that is logged in straight on to the interaction, without the form', async () => {
    logIn();
    fakeServer(details());
    await renderAt(loginPath('en'));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(`/oidc/interaction/${uid}/`));
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('shows the form to a logged-in browser when the application asked for a fresh login', async () => {
    logIn();
    fakeServer(details(true));
    await renderAt(loginPath('en'));
    expect(await screen.findByTestId('sign-in-request')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });

  it('says when the sign-in request is unknown or expired, and still offers the form', async () => {
    fakeServer({});
    await renderAt(loginPath('en'));
    expect(await screen.findByText(/sign-in request has expired/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });
});
