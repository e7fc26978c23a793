import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { text } from './support';

// The Arabic interface: /ar/… is right to left, in Arabic, with
// Arabic-Indic digits wherever the interface itself shows a number.
test.describe('the Arabic interface', () => {
  test('/ar/login is Arabic, right to left, with Arabic-Indic digits and the Arabic manifest', async ({
    page,
  }) => {
    await page.goto('/ar/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل الدخول');
    await expect(page.getByLabel('الرقم الوطني أو اسم المستخدم')).toBeVisible();
    // The hint's "10-digit" and the footer's year are the interface's own numbers.
    await expect(page.getByText('رقمك الوطني المكوّن من ١٠ أرقام، أو اسم المستخدم')).toBeVisible();
    const year = [...String(new Date().getFullYear())]
      .map((d) => String.fromCharCode(0x0660 + Number(d)))
      .join('');
    await expect(page.getByRole('contentinfo')).toContainText(year);
    await expect(page.locator('body')).not.toContainText(/[0-9۰-۹]/);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.ar.webmanifest');
    const manifest = await page.request.get('/manifest.ar.webmanifest');
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    expect(await manifest.json()).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      start_url: '/ar/',
      name: 'إدارة مساحات العمل',
    });
    const parsed = await (await page.context().newCDPSession(page)).send('Page.getAppManifest');
    expect(parsed.url).toMatch(/manifest\.ar\.webmanifest$/);
    expect(parsed.errors).toEqual([]);
  });

  test('the language switch offers العربية and moves the same page to /ar', async ({ page }) => {
    await page.goto('/fa/login');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page).toHaveURL(/\/ar\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل الدخول');
  });

  test('a refused login answers in Arabic (Accept-Language: ar)', async ({ page }) => {
    await page.goto('/ar/login');
    await page.getByLabel('الرقم الوطني أو اسم المستخدم').fill('sara.karimi');
    await page.getByRole('textbox', { name: 'كلمة المرور', exact: true }).fill('not-the-password-1');
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'متابعة' }).click();
    const response = await answer;
    expect(response.request().headers()['accept-language']).toBe('ar');
    expect(await response.json()).toMatchObject({
      statusCode: 620,
      statusMessage: 'المعلومات المدخلة للتحقق غير صحيحة',
    });
    // The page says which step was refused and what to do, in Arabic.
    await expect(page.getByText(text('ar', 'errors', 'refused.login'))).toBeVisible();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`/ar/login in ${colorScheme} mode has no serious accessibility violations`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto('/ar/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
      await context.close();
    });
  }
});
