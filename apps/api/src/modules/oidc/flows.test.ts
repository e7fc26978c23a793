import { identityPaths, signInPaths } from '@wsm/contracts';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { callIn } from '../../../test/fixtures';
import {
  authorize,
  Browser,
  newProductSession,
  redirectUri,
  settings,
  signIn,
  signInClient,
} from '../../../test/oidc-fixtures';
import { appForFile } from '../../../test/test-app';
import { pendingSignIn } from './interaction';

const api = appForFile();
beforeAll(() => {
  (api.deps.config as { publicUrl: string }).publicUrl = api.url;
});
const call = callIn(api, 'en');

const uidOf = (location: string) =>
  /\/oidc\/interaction\/([\w-]+)\//.exec(
    decodeURIComponent(new URL(location).searchParams.get('returnTo')!),
  )![1]!;

describe('prompt=none and prompt=login', () => {
  it('prompt=none: login_required without a product session, a code without any page with one', async () => {
    const { config, owner } = await signInClient(api);
    const { url } = await authorize(config, { prompt: 'none', scope: 'openid workspace' });
    const without = await new Browser(api).follow(url.href);
    const refused = new URL(without.location!);
    expect(refused.origin + refused.pathname).toBe(redirectUri);
    expect(refused.searchParams.get('error')).toBe('login_required');
    // A browser that never met the provider, with a product session: straight back with a code.
    const browser = new Browser(api, owner.tokens.accessToken);
    const first = await browser.get(url.href);
    expect(first.status).toBe(303);
    expect(new URL(first.location!).searchParams.has('code')).toBe(true);
    expect(first.location!.startsWith(redirectUri)).toBe(true);
  });

  it('prompt=login shows the login although the browser has a product session, and accepts only a login newer than the request', async () => {
    const { config, owner } = await signInClient(api);
    // The browser's login happened a minute ago.
    const old = await newProductSession(api, owner.id, new Date(Date.now() - 60_000));
    const browser = new Browser(api, old.token);
    const { url, verifier, state, nonce } = await authorize(config, { prompt: 'login' });
    const toLogin = await browser.follow(url.href);
    expect(toLogin.status).toBe(303);
    expect(new URL(toLogin.location!).pathname).toBe('/fa/login');
    const uid = uidOf(toLogin.location!);
    expect(await pendingSignIn(api.deps.database.db, uid)).toEqual({
      clientId: config.clientMetadata().client_id,
      forceLogin: true,
    });
    // Back with the same old login: the login page again.
    const again = await browser.follow(`/oidc/interaction/${uid}/`);
    expect(new URL(again.location!).pathname).toBe('/fa/login');
    // After a new login (a new product session), the interaction completes.
    browser.productToken = (await newProductSession(api, owner.id, new Date(Date.now() + 1500))).token;
    const back = await browser.follow(`/oidc/interaction/${uid}/`);
    const tokens = await client.authorizationCodeGrant(config, new URL(back.location!), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(tokens.claims()!.sub).toBe(owner.id);
    expect(tokens.claims()!.auth_time).toBeGreaterThan(Math.floor(Date.now() / 1000) - 5);
    // Without prompt=login, the interaction does not ask for a new login.
    const plain = await new Browser(api).follow((await authorize(config)).url.href);
    expect((await pendingSignIn(api.deps.database.db, uidOf(plain.location!)))?.forceLogin).toBe(false);
    expect(await pendingSignIn(api.deps.database.db, 'no-such-interaction')).toBeUndefined();
  });

  it("follows the browser's product session: another person's or an ended one is not signed in", async () => {
    const { config, owner, ws } = await signInClient(api);
    const ask = { prompt: 'none', scope: 'openid' };
    const browser = new Browser(api, owner.tokens.accessToken);
    expect((await signIn(config, browser, ask)).claims()!.sub).toBe(owner.id);
    // Someone else logs in to the product in the same browser: the code is theirs, not the owner's.
    const { memberWith } = await import('../../../test/fixtures');
    const member = await memberWith(api, ws, null);
    browser.productToken = member.user.tokens.accessToken;
    expect((await signIn(config, browser, ask)).claims()!.sub).toBe(member.user.id);
    // They log out of the product: the provider's session no longer signs anyone in.
    expect((await call('DELETE', identityPaths.logout, member.user.tokens.accessToken)).status).toBe(200);
    const after = await browser.follow((await authorize(config, ask)).url.href);
    expect(new URL(after.location!).searchParams.get('error')).toBe('login_required');
  });
});

describe('RP-initiated logout', () => {
  it('ends the provider session and the product session, then returns to the registered URI', async () => {
    const postLogout = 'https://shop.example/signed-out';
    const { config, owner } = await signInClient(api, {
      fields: { postLogoutRedirectUris: [postLogout] },
    });
    const product = await newProductSession(api, owner.id);
    const browser = new Browser(api, product.token);
    const tokens = await signIn(config, browser);
    const end = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: postLogout,
      state: 'bye',
    });
    const page = await browser.get(end.href, { 'accept-language': 'en' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Yes, sign me out');
    expect(page.body).toMatch(/<html lang="en" dir="ltr">/);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://shop.example");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    const confirmed = await browser.post('/oidc/session/end/confirm', { xsrf, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe(`${postLogout}?state=bye`);
    // The product session of that browser is over.
    expect((await call('GET', identityPaths.sessions, product.token)).status).toBe(401);
    expect((await call('GET', identityPaths.sessions, owner.tokens.accessToken)).status).toBe(200);
    // And the application's grant with it.
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('refuses an unregistered post-logout URI on a translated page, without redirecting', async () => {
    const { config, owner } = await signInClient(api);
    const tokens = await signIn(config, new Browser(api, owner.tokens.accessToken));
    const end = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: 'https://evil.example/',
    });
    const page = await new Browser(api, owner.tokens.accessToken).get(end.href, { 'accept-language': 'ar' });
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.body).toMatch(/<html lang="ar" dir="rtl">/);
    expect(page.body).toContain('invalid_request');
  });
});

describe("the provider's pages and headers", () => {
  it('shows an unregistered redirect URI an error page in fa, en and ar, redirecting nowhere', async () => {
    const { config, owner } = await signInClient(api);
    const { url } = await authorize(config, { redirect_uri: 'https://evil.example/callback' });
    const expected = {
      fa: ['<html lang="fa" dir="rtl">', 'نشانی بازگشت این برنامه ثبت نشده است'],
      en: ['<html lang="en" dir="ltr">', 'return address is not registered'],
      ar: ['<html lang="ar" dir="rtl">', 'عنوان العودة لهذا التطبيق غير مسجَّل'],
    } as const;
    for (const [language, [html, text]] of Object.entries(expected)) {
      const answer = await new Browser(api, owner.tokens.accessToken).follow(url.href, {
        'accept-language': language,
      });
      expect(answer.status).toBe(400);
      expect(answer.location).toBeNull();
      expect(answer.body).toContain(html);
      expect(answer.body).toContain(text);
      expect(answer.body).not.toContain('evil.example');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    // ui_locales wins over the browser's language.
    const { url: english } = await authorize(config, {
      redirect_uri: 'https://evil.example/callback',
      ui_locales: 'en',
    });
    const page = await new Browser(api).follow(english.href, { 'accept-language': 'fa' });
    expect(page.body).toContain('<html lang="en" dir="ltr">');
  });

  it("gives the discovery document and JWKS the API's security headers", async () => {
    for (const path of ['/oidc/.well-known/openid-configuration', '/oidc/jwks']) {
      const answer = await fetch(`${api.url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('an application switched off is unknown: its sign-in shows the error page', async () => {
    const { config, owner, ws, appId, token } = await signInClient(api);
    await call(
      'PUT',
      signInPaths.save,
      token,
      settings(ws.id, appId, { enabled: false, clientType: 'public', redirectUris: [redirectUri] }),
    );
    const answer = await new Browser(api, owner.tokens.accessToken).follow(
      (await authorize(config)).url.href,
      {
        'accept-language': 'en',
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.body).toContain('switched off');
  });
});
