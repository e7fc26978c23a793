import { expect, type Page, test } from '@playwright/test';
import { logInContext, ownerWithWorkspace, registerAccount } from './support';

/** The paths of the scripts `page` requests from now on, as they are requested. */
function scriptsRequestedBy(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  return scripts;
}

// What a first visit downloads and runs: the public pages without MUI, one file for a signed-in
// screen, first reads sent while its code downloads, and a Content-Security-Policy that holds.
test.describe('the first load', () => {
  test("a page that is not prerendered arrives in its language, with its texts and fonts' preloads", async ({
    page,
  }) => {
    const html = await (await page.request.get('/en/workspace/apps')).text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toMatch(/<link rel="preload" href="\/assets\/vazirmatn-latin-core-[^"]+\.woff2" as="font"/);
    expect(html).toMatch(/<script type="application\/json" id="i18n-resources" data-locale="en">\{"common":/);

    // Signed out, the guard moves on to the login, drawn with the texts the shell brought.
    const translationRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/locales/')) translationRequests.push(request.url());
    });
    await page.goto('/en/workspace/apps');
    // The page asked for rides along, to be opened after the login.
    await expect(page).toHaveURL(/\/en\/login\?returnTo=%2Fen%2Fworkspace%2Fapps$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(translationRequests.filter((url) => /\/(common|errors|auth|workspaces)\.json/.test(url))).toEqual(
      [],
    );
  });

  // Before: a Persian page preloaded the package's Arabic and Latin files (82 KB), which shared a phone's
  // bandwidth with the page's script before the first screen (LCP 2.0-2.1 s against English's 1.8 s); then
  // the small Arabic and Latin cores (37 KB), the Latin one for the spaces and marks between its words
  // (LCP 1.9 s); now the Arabic core alone, which carries those (23 KB).
  for (const [path, budget] of [
    ['/fa/login', 25_000],
    ['/ar/login', 25_000],
    ['/en/login', 20_000],
    ['/fa/no-such-page', 25_000],
  ] as const) {
    test(`${path} preloads the small Vazirmatn files its text is drawn with, and fetches no other`, async ({
      page,
    }) => {
      const fonts = new Map<string, Promise<number>>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'font')
          fonts.set(
            new URL(response.url()).pathname,
            response.body().then((body) => body.length),
          );
      });
      await page.goto(path);
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await page.evaluate(() => document.fonts.ready);
      const preloaded = await page
        .locator('link[rel="preload"][as="font"]')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      expect(preloaded.length).toBeGreaterThan(0);
      expect([...fonts.keys()].sort()).toEqual([...preloaded].sort());
      const bytes = (await Promise.all(fonts.values())).reduce((sum, size) => sum + size, 0);
      expect(bytes).toBeLessThan(budget);
      // And the heading is drawn in Vazirmatn, every glyph of it, not in a fallback.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
      const { fonts: drawnWith } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      expect([...new Set(drawnWith.map((font) => `${font.familyName} ${font.isCustomFont}`))]).toEqual([
        'Vazirmatn true',
      ]);
    });
  }

  test("a signed-in first visit loads its screen in one file, without other screens' or sign-up's code", async ({
    browser,
    request,
    baseURL,
  }) => {
    const { context, page } = await ownerWithWorkspace(browser, request, baseURL);
    const scripts = scriptsRequestedBy(page);

    const versionChecked = page.waitForResponse((answer) => answer.url().includes('/v1/app/version/'));
    const document = await page.goto('/fa/workspace/apps');
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The background update check has run too: it checks its answer without zod as well.
    await versionChecked;
    expect(scripts.some((path) => /\/assets\/signed-in-frame-/.test(path))).toBe(true);
    // The page itself named the frame's file: it downloads beside the first file, not after it has run.
    expect(await document?.text()).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/signed-in-frame-/,
    );
    // Nor the sign-up's own parts, nor the fields it shares with the login's code steps, nor zod with the
    // contracts' schemas: its first reads are checked by code compiled from them at build time.
    expect(
      scripts.filter((path) => /\/assets\/(public-forms|forms-shared|libs|contracts)-/.test(path)),
    ).toEqual([]);

    // The members screen does load the other screens' libraries (tables, tabs), and the sign-up page
    // its own file: the names the checks above look for are the real ones.
    await page.goto('/fa/workspace/settings/members');
    await expect(page.getByRole('table')).toBeVisible();
    expect(scripts.some((path) => /\/assets\/libs-/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/assets\/contracts-/.test(path))).toBe(true);
    await context.clearCookies();
    await page.goto('/fa/signup');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.some((path) => /\/assets\/public-forms-/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/assets\/forms-shared-/.test(path))).toBe(true);
    await context.close();
  });

  test('the signed-in frame, the picker and the applications are drawn without MUI; a menu loads it when reached', async ({
    browser,
    request,
    baseURL,
  }) => {
    const { context, page } = await ownerWithWorkspace(browser, request, baseURL);
    const scripts = scriptsRequestedBy(page);
    const themeLoaded = () => scripts.some((path) => /\/assets\/theme-/.test(path));

    await page.goto('/fa/workspace/apps');
    await expect(page.getByTestId('application-card').first()).toBeVisible();
    await page.goto('/fa');
    await expect(page.getByTestId('workspace-card').first()).toBeVisible();
    await expect(page.getByTestId('notification-bell')).toBeVisible();
    expect(await page.locator('style[data-emotion]').count()).toBe(0);
    expect(themeLoaded()).toBe(false);

    // Reaching the workspace switcher fetches its menu with MUI's theme; the menu works as before.
    const switcher = page.getByTestId('workspace-switcher');
    await switcher.hover();
    await expect.poll(themeLoaded).toBe(true);
    await switcher.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByTestId('switcher-workspace')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(switcher).toBeFocused();
    await expect(switcher).toHaveAttribute('aria-expanded', 'false');

    // The account menu, opened from the keyboard.
    await page.getByTestId('user-menu').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('logout-link')).toBeVisible();
    await context.close();
  });

  test("a signed-in first visit sends its first reads while the frame's code still downloads, each once", async ({
    browser,
    request,
    baseURL,
  }) => {
    const { account, workspaceId, context, page } = await ownerWithWorkspace(browser, request, baseURL);
    const reads: string[] = [];
    let readsSent: () => void = () => {};
    const allSent = new Promise<void>((resolve) => {
      readsSent = resolve;
    });
    page.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (sent.method() !== 'GET' || !path.startsWith('/v1/workspaces/')) return;
      reads.push(path);
      if (reads.length === 4) readsSent();
    });
    // The frame's file is held until the four reads have gone out: were they sent by its code, the
    // page would never draw.
    let heldUntilReads = false;
    await page.route(/\/assets\/signed-in-frame-[^/]+\.js$/, async (route) => {
      await Promise.race([allSent, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      heldUntilReads = reads.length === 4;
      await route.continue();
    });

    await page.goto('/fa/workspace/apps');
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(heldUntilReads).toBe(true);
    // The frame and the screen took the early answers: nothing was asked twice.
    const userId = JSON.parse(
      Buffer.from(account.tokens.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ).sub;
    expect([...reads].sort()).toEqual(
      [
        '/v1/workspaces/',
        '/v1/workspaces/members/identity/invitations/',
        `/v1/workspaces/profile/applications/workspace-id/${workspaceId}/`,
        `/v1/workspaces/members/access/information/user-id/${userId}/workspace-id/${workspaceId}`,
      ].sort(),
    );
    await context.close();
  });

  test('the login, sign-up, recovery and the status pages are drawn without MUI: none of its files, no runtime styles', async ({
    page,
  }) => {
    const scripts = scriptsRequestedBy(page);
    for (const path of ['/fa/login', '/en/no/such/page', '/fa/signup', '/en/login/forgot-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Usable: React has taken the page over.
      await expect(page.locator('#root[inert]')).toHaveCount(0);
      expect(await page.locator('style[data-emotion]').count()).toBe(0);
    }
    // Nothing that carries MUI: its theme and the signed-in screens' files.
    const withMui = /\/assets\/(theme|signed-in-frame|libs)-/;
    expect(scripts.filter((path) => withMui.test(path))).toEqual([]);

    // Typing fetches what the submit and the code step need (MUI's theme with them), not before.
    await page.goto('/en/login');
    await expect(page.locator('#root[inert]')).toHaveCount(0);
    const themeLoaded = () => scripts.some((path) => /\/assets\/theme-/.test(path));
    expect(themeLoaded()).toBe(false);
    await page.locator('input[name="identifier"]').pressSequentially('s');
    await expect.poll(themeLoaded).toBe(true);

    // The other screens are still drawn with MUI's theme: a login alert's "end that session", say.
    await page.goto('/en/security/end-session');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.locator('style[data-emotion]').count()).toBeGreaterThan(0);
  });

  test("sign-up, recovery and the login's code step download no react-hook-form, typed into and submitted; the signed-in forms do", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    // Names only react-hook-form's code carries, kept by the minifier (its form state's keys, its context's name).
    const reactHookForm = /validatingFields|HookFormContext/;
    const withIt = new Set<string>();
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const path = new URL(response.url()).pathname;
      reads.push(
        response.text().then(
          (body) => {
            if (reactHookForm.test(body)) withIt.add(path);
          },
          () => undefined,
        ),
      );
    });
    const submitted = async (field: string) => {
      await page.locator('button[type="submit"]').click();
      await expect(page.locator(`input[name="${field}"]`)).toHaveAttribute('aria-invalid', 'true');
    };

    await page.goto('/fa/signup');
    await expect(page.locator('#root[inert]')).toHaveCount(0);
    await page.locator('input[name="phone"]').pressSequentially('۰۹۱۲');
    await submitted('nationalCode');
    await page.goto('/en/login/forgot-password');
    await expect(page.locator('#root[inert]')).toHaveCount(0);
    await page.locator('input[name="nationalCode"]').pressSequentially('123');
    await submitted('nationalCode');
    // The login's code step, as the login leaves it (a challenge in this tab), drawn with MUI.
    await page.evaluate(() =>
      sessionStorage.setItem(
        'login-challenge',
        JSON.stringify({ token: 'challenge-token-123456', method: 'sms', methods: { sms: '0912***4567' } }),
      ),
    );
    await page.goto('/en/login/verify');
    await page.getByTestId('code-input').pressSequentially('12');
    await submitted('code');
    await Promise.all(reads);
    expect([...withIt]).toEqual([]);

    // The signed-in forms still use it, and the marker finds it there.
    await logInContext(context, baseURL ?? '', await registerAccount(request));
    await page.goto('/en/workspace/new');
    await expect(page.locator('form input').first()).toBeVisible();
    await expect
      .poll(async () => {
        await Promise.all(reads);
        return withIt.size;
      })
      .toBeGreaterThan(0);
  });

  test("sign-up's and recovery's first check download zod and the schemas alone, not the signed-in frame or MUI", async ({
    page,
  }) => {
    const scripts = scriptsRequestedBy(page);
    for (const [path, field] of [
      ['/fa/signup', 'phone'],
      ['/en/login/forgot-password', 'nationalCode'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('#root[inert]')).toHaveCount(0);
      scripts.length = 0;
      await page.locator('button[type="submit"]').click();
      await expect(page.locator(`input[name="${field}"]`)).toHaveAttribute('aria-invalid', 'true');
      expect(
        scripts.some((script) => /\/assets\/contracts-/.test(script)),
        path,
      ).toBe(true);
      expect(
        scripts.filter((script) => /\/assets\/(signed-in-frame|theme)-/.test(script)),
        path,
      ).toEqual([]);
    }
  });

  test('the Content-Security-Policy is never violated: a signed-in screen and the public forms check their data without eval', async ({
    browser,
    request,
    baseURL,
  }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
    });
    const page = await context.newPage();
    const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    await page.goto('/fa/signup');
    await expect(page.locator('#root[inert]')).toHaveCount(0);
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('input[name="phone"]')).toHaveAttribute('aria-invalid', 'true');
    expect(await violations()).toEqual([]);

    await logInContext(context, baseURL ?? '', await registerAccount(request));
    await page.goto('/en/');
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
