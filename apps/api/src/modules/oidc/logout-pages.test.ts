import { identityPaths } from '@wsm/contracts';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { callIn } from '../../../test/fixtures';
import { Browser, newProductSession, signIn, signInClient } from '../../../test/oidc-fixtures';
import { appForFile } from '../../../test/test-app';

const api = appForFile();
beforeAll(() => {
  (api.deps.config as { publicUrl: string }).publicUrl = api.url;
});
const call = callIn(api, 'en');

/** A member signed in to an application in a browser with its own product session. */
async function signedIn(fields: Record<string, unknown> = {}) {
  const rp = await signInClient(api, { fields });
  const product = await newProductSession(api, rp.owner.id);
  const browser = new Browser(api, product.token);
  const tokens = await signIn(rp.config, browser);
  return { ...rp, product, browser, tokens };
}

describe("the end-session pages are the product's own", () => {
  it('asks in Persian (Accept-Language) and Arabic (ui_locales), right to left, with a form posting the xsrf field', async () => {
    const { config, browser, tokens } = await signedIn();
    const cases: {
      headers: Record<string, string>;
      params: Record<string, string>;
      lang: string;
      yes: string;
      no: string;
    }[] = [
      {
        headers: { 'accept-language': 'fa' },
        params: {},
        lang: 'fa',
        yes: 'بله، خارج شو',
        no: 'نه، وارد بمان',
      },
      {
        headers: { 'accept-language': 'en' },
        params: { ui_locales: 'ar' },
        lang: 'ar',
        yes: 'نعم، سجّل خروجي',
        no: 'لا، أبقِني مسجّلًا',
      },
    ];
    for (const { headers, params, lang, yes, no } of cases) {
      const end = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, ...params });
      const page = await browser.get(end.href, headers);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.body).toMatch(new RegExp(`<html lang="${lang}" dir="rtl">`));
      // The provider's form, posting to its confirm endpoint with the xsrf field, and our two buttons.
      expect(page.body).toMatch(/<form [^>]*method="post"[^>]*action="[^"]*\/oidc\/session\/end\/confirm"/);
      expect(page.body).toMatch(/<input type="hidden" name="xsrf" value="[^"]+"/);
      expect(page.body).toContain(`name="logout">${yes}</button>`);
      expect(page.body).toContain(`form="op.logoutForm">${no}</button>`);
      // In the product's look, not the library's default page.
      expect(page.body).toContain('--primary:#2563eb');
      expect(page.body).not.toContain('<script');
    }
  });

  it('"No" keeps the product session; "Yes" without a return address ends it on a translated page', async () => {
    const { config, browser, tokens, product } = await signedIn();
    const ask = async () => {
      const end = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, ui_locales: 'fa' });
      const page = await browser.get(end.href);
      return /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    };
    const kept = await browser.post('/oidc/session/end/confirm', { xsrf: await ask() });
    expect(kept.status).toBe(303);
    expect((await call('GET', identityPaths.sessions, product.token)).status).toBe(200);

    const ended = await browser.post('/oidc/session/end/confirm', { xsrf: await ask(), logout: 'yes' });
    expect(ended.status).toBe(303);
    const done = await browser.get(ended.location!, { 'accept-language': 'fa' });
    expect(done.status).toBe(200);
    expect(done.body).toMatch(/<html lang="fa" dir="rtl">/);
    expect(done.body).toContain('از حساب خود خارج شدید.');
    expect((await call('GET', identityPaths.sessions, product.token)).status).toBe(401);
  });
});
