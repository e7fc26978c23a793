import { expect, type Page, test } from '@playwright/test';
import { bearer, logInContext, registerAccount } from './support';

// On a 360 px phone in the right-to-left languages: a masked password starts clear of the show-password
// button, and the day/month/year selects of a date (the birth date, the audit log's from/to) fit inside
// their card with their text whole.

const phone = { width: 360, height: 740 };

/** How far the input's text area reaches into the button beside it, in px (0: clear of it). */
function overlapWithButton(page: Page) {
  return page
    .locator('.pl-field--adorned')
    .first()
    .evaluate((field) => {
      const input = field.querySelector('input')!;
      const button = field.querySelector('.pl-field__end button')!.getBoundingClientRect();
      const box = input.getBoundingClientRect();
      const style = getComputedStyle(input);
      const textLeft =
        box.left + Number.parseFloat(style.borderLeftWidth) + Number.parseFloat(style.paddingLeft);
      const textRight =
        box.right - Number.parseFloat(style.borderRightWidth) - Number.parseFloat(style.paddingRight);
      // The first dot sits at the start of the text area: its left in a left-to-right password.
      const firstDot = input.dir === 'rtl' || style.direction === 'rtl' ? textRight : textLeft;
      const under = firstDot >= button.left && firstDot <= button.right;
      return {
        under,
        overlap: Math.max(0, Math.min(textRight, button.right) - Math.max(textLeft, button.left)),
      };
    });
}

for (const locale of ['fa', 'ar', 'en'] as const) {
  test(`in ${locale}: the password's first dot is not under the show-password button`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await page.goto(`/${locale}/login`);
    const password = page.locator('input[type="password"]');
    await password.fill('abcdefgh');
    expect(await overlapWithButton(page)).toEqual({ under: false, overlap: 0 });
    // All eight characters are in view: nothing is scrolled under the button.
    expect(await password.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
    await context.close();
  });
}

/** Each select of the date fields on the page: whether it spills out of its field group or card, or its text is cut. */
function clippedSelects(page: Page) {
  return page.locator('fieldset [role="combobox"]').evaluateAll((selects) =>
    selects.map((select) => {
      const outline = (select.closest('.MuiInputBase-root') ?? select).getBoundingClientRect();
      const group = select.closest('fieldset')!.getBoundingClientRect();
      // The card's content box: inside its padding (a card's padding is its content's, CardContent).
      const card =
        select.closest('.MuiCardContent-root') ?? select.closest('.MuiPaper-root') ?? document.body;
      const cardBox = card.getBoundingClientRect();
      const cardStyle = getComputedStyle(card);
      const contentLeft = cardBox.left + Number.parseFloat(cardStyle.paddingLeft);
      const contentRight = cardBox.right - Number.parseFloat(cardStyle.paddingRight);
      const inside = (left: number, right: number) =>
        outline.left >= left - 0.5 && outline.right <= right + 0.5;
      return {
        id: select.id || select.getAttribute('aria-labelledby'),
        outside: !inside(group.left, group.right) || !inside(contentLeft, contentRight),
        cut: select.scrollWidth > select.clientWidth + 0.5,
      };
    }),
  );
}

for (const locale of ['fa', 'ar'] as const) {
  test(`in ${locale} at 360 px: the date selects of the birth date and the audit filters fit their cards`, async ({
    browser,
    request,
    baseURL,
  }) => {
    // Two signed-in screens of a fresh account on a busy machine (as the other walk-throughs allow).
    test.setTimeout(300_000);
    const owner = await registerAccount(request);
    const created = await request.post('/v1/workspaces/', {
      headers: bearer(owner),
      data: { workspaceName: `fit-${Date.now().toString(36)}`, name: 'Fit' },
    });
    const workspaceId = (await created.json()).data.id as string;
    const context = await browser.newContext({ viewport: phone });
    await logInContext(context, baseURL ?? '', owner);
    await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
    const page = await context.newPage();

    for (const path of ['/profile', '/workspace/settings/audit']) {
      await page.goto(`/${locale}${path}`);
      const selects = page.locator('fieldset [role="combobox"]');
      await expect(selects.first()).toBeVisible({ timeout: 90_000 });
      // Choose the longest texts: the last day, the longest month's name, a year.
      for (const fieldset of await page.locator('fieldset:has([role="combobox"])').all()) {
        const [, month, year] = await fieldset.locator('[role="combobox"]').all();
        await month!.click();
        const options = page.getByRole('option');
        // The first entry is "none"; of the months, the widest name.
        const widths = await options.evaluateAll((items) =>
          items.map((item, index) => (index === 0 ? 0 : (item.textContent ?? '').length)),
        );
        await options.nth(widths.indexOf(Math.max(...widths))).click();
        await year!.click();
        await page.getByRole('option').nth(1).click();
      }
      const clipped = (await clippedSelects(page)).filter((select) => select.outside || select.cut);
      expect(clipped, `${path}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await context.close();
  });
}
