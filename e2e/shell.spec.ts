import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ownerWithWorkspace } from './support';

const htmlAttr = (page: Page, name: string) => page.locator('html').getAttribute(name);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('the shell', () => {
  test('/ lands on the Persian right-to-left login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/fa\/login$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/ \| /);
  });

  test('/en/login is English and left-to-right', async ({ page }) => {
    await page.goto('/en/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test("a focused field's label rises onto the border at the field's start, in both directions", async ({
    page,
  }) => {
    for (const locale of ['fa', 'en'] as const) {
      await page.goto(`/${locale}/login`);
      await expect(page.locator('#root[inert]')).toHaveCount(0);
      const input = page.locator('input[name="password"]');
      await input.focus();
      const label = page.locator(`label[for="${await input.getAttribute('id')}"]`);
      // 14 px in, less its 5 px of padding over the border, at the start: right in fa, left in en.
      const fromStart = async () => {
        const field = await input.boundingBox();
        const box = await label.boundingBox();
        if (!field || !box) return Number.NaN;
        return locale === 'fa' ? field.x + field.width - (box.x + box.width) : box.x - field.x;
      };
      // The label rises with a short transition: wait until it sits on the border (9 px above the field).
      await expect
        .poll(async () => ((await label.boundingBox())?.y ?? 0) - ((await input.boundingBox())?.y ?? 0))
        .toBeLessThan(-8);
      await expect.poll(async () => Math.abs((await fromStart()) - 9)).toBeLessThanOrEqual(2);
    }
  });

  test('a path without a locale gets the default locale', async ({ page }) => {
    await page.goto('/login?next=%2Fprofile');
    await expect(page).toHaveURL(/\/fa\/login\?next=%2Fprofile$/);
  });

  test('the language switch moves to English on the same page and back', async ({ page }) => {
    await page.goto('/fa/login');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a screen whose file cannot load shows the 404 page; going back works, and the screen loads when its file does', async ({
    browser,
    request,
    baseURL,
  }) => {
    const { context, page } = await ownerWithWorkspace(browser, request, baseURL);
    const membersFile = '**/assets/members-page-*.js';
    await page.route(membersFile, (route) => route.abort());
    await page.goto('/en/workspace/settings/info');
    const infoTab = page.getByRole('tab', { name: 'Information' });
    await expect(infoTab).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('tab', { name: 'Members' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('404');

    await page.unroute(membersFile);
    await page.goBack();
    await expect(infoTab).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Members' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await context.close();
  });

  for (const path of ['/fa/login', '/fa/no/such/page']) {
    test(`${path} is taken over from its prerendered markup, not drawn again`, async ({ page }) => {
      await page.addInitScript(() => {
        const removed: string[] = [];
        (window as { removedHeadings?: string[] }).removedHeadings = removed;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes)
              if (node instanceof Element && (node.matches('h1') || node.querySelector('h1')))
                removed.push(node.tagName);
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as { removedHeadings?: string[] }).removedHeadings)).toEqual(
        [],
      );
    });
  }

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/fa/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('۴۰۴');
    await page.goto('/en/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
  });
});

test.describe('colour mode', () => {
  test('follows the system preference when nothing is saved', async ({ browser }) => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto('/fa/login');
      await expect(page.locator('html')).toHaveAttribute('data-mode', colorScheme);
      await context.close();
    }
  });

  test('a prerendered page is drawn in the system dark mode before its scripts run', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto('/en/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The theme's dark page and paper colours (src/app/theme.ts), not the light ones.
    expect(await bodyBackground(page)).toBe('rgb(11, 18, 32)');
    const card = page.getByRole('heading', { level: 1 }).locator('xpath=ancestor::section');
    expect(await card.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(17, 26, 46)',
    );
    await context.close();
  });

  test('the toggle changes the page background and is saved over the system preference', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/en/login');
    const light = await bodyBackground(page);
    await page.getByTestId('mode-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mode', 'dark');
    // The background eases over a short transition: wait for it rather than read it once.
    await expect.poll(() => bodyBackground(page)).not.toBe(light);
    await page.reload();
    expect(await htmlAttr(page, 'data-mode')).toBe('dark');
    await context.close();
  });
});

test.describe('accessibility', () => {
  for (const path of ['/fa/login', '/en/login', '/fa/404', '/en/500']) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`${path} in ${colorScheme} mode has no serious violations`, async ({ browser }) => {
        const context = await browser.newContext({ colorScheme });
        const page = await context.newPage();
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
        await context.close();
      });
    }
  }
});
