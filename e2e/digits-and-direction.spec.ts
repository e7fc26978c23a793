import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, bearer, logInContext, registerAccount } from './support';

// Every number shown in fa is Persian; identifiers people typed (usernames, e-mails, workspace names)
// keep their digits and are marked so: inside a Unicode isolate (interpolated values), or in an element
// with data-identifier or <bdi dir="ltr">. The scan walks every text node of each fa screen.

const publicScreens = ['/fa/login', '/fa/signup', '/fa/login/forgot-password', '/fa/no-such-page'];
const signedInScreens = [
  '/fa',
  '/fa/workspace/apps',
  '/fa/workspace/invitations',
  '/fa/workspace/settings/info',
  '/fa/workspace/settings/applications',
  '/fa/workspace/settings/members',
  '/fa/workspace/settings/roles',
  '/fa/workspace/settings/users',
  '/fa/workspace/settings/backups',
  '/fa/profile',
  '/fa/profile/security',
  '/fa/profile/notifications',
];

/** The text runs of the page with Latin digits outside marked identifiers. */
function latinDigitsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skipped = 'script, style, noscript, [data-identifier], bdi[dir="ltr"]';
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest(skipped)) continue;
      // Isolated runs (U+2066–U+2068 … U+2069) are interpolated identifiers.
      const bare = (node.textContent ?? '').replace(/[\u2066-\u2068][^\u2069]*\u2069/g, '');
      if (/[0-9]/.test(bare)) found.push(`${element.tagName.toLowerCase()}: ${bare.trim()}`);
    }
    return found;
  });
}

/** Waits for what the screen shows: its main heading, and no loading placeholders left. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

interface Fixture {
  owner: Account;
  workspaceId: string;
}

async function workspaceWithPeople(browser: Browser, baseURL: string): Promise<Fixture> {
  const request = (await browser.newContext({ baseURL })).request;
  const owner = await registerAccount(request, { firstName: 'Sara', lastName: 'Ahmadi' });
  const member = await registerAccount(request, { firstName: 'Reza', lastName: 'Karimi' });
  const invitee = await registerAccount(request, { firstName: 'Mina', lastName: 'Rad' });
  const headers = bearer(owner);
  const created = await request.post('/v1/workspaces/', {
    headers,
    data: { workspaceName: `acme${Date.now()}`, name: 'Acme' },
  });
  const workspaceId = (await created.json()).data.id as string;
  for (const person of [member, invitee]) {
    const invited = await request.post('/v1/workspaces/members/identity/invitations/', {
      headers,
      data: { workspaceId, roleId: null, username: person.username },
    });
    expect((await invited.json()).statusCode).toBe(200);
  }
  // One invitation accepted (a member with a username of digits), one left pending (days remaining).
  const mine = await request.get('/v1/workspaces/members/identity/invitations/', { headers: bearer(member) });
  const invitationId = ((await mine.json()).data as { id: string }[])[0]?.id;
  await request.post('/v1/workspaces/members/identity/invitations/response/', {
    headers: bearer(member),
    data: { invitationId, accept: true },
  });
  return { owner, workspaceId };
}

test.describe('digits in fa', () => {
  test('public screens show no Latin digits outside identifiers', async ({ page }) => {
    for (const path of publicScreens) {
      await page.goto(path);
      await settled(page);
      expect(await latinDigitsOnPage(page), path).toEqual([]);
    }
  });

  test('signed-in screens show no Latin digits outside identifiers', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const { owner, workspaceId } = await workspaceWithPeople(browser, baseURL!);
    const context = await browser.newContext();
    await logInContext(context, baseURL!, owner);
    await context.addInitScript((id) => {
      if (!localStorage.getItem('workspace-id')) localStorage.setItem('workspace-id', id);
    }, workspaceId);
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of signedInScreens) {
      await page.goto(path);
      await settled(page);
      for (const run of await latinDigitsOnPage(page)) found.push(`${path} ${run}`);
    }
    expect(found).toEqual([]);
    await context.close();
  });
});

test('the app bar has one width on workspace and account pages', async ({ browser, baseURL }) => {
  const { owner, workspaceId } = await workspaceWithPeople(browser, baseURL!);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await logInContext(context, baseURL!, owner);
  await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
  const page = await context.newPage();
  const barBox = async (path: string) => {
    await page.goto(path);
    await settled(page);
    return page.locator('header nav').first().boundingBox();
  };
  const workspace = await barBox('/en/workspace/apps');
  const account = await barBox('/en/profile');
  expect(account).toEqual(workspace);
  await context.close();
});

test.describe('screens changed by the walk-through, at 390 px', () => {
  for (const locale of ['fa', 'en'] as const)
    for (const mode of ['light', 'dark'] as const)
      test(`${locale} ${mode}`, async ({ browser, baseURL }, testInfo) => {
        test.setTimeout(240_000);
        const { owner, workspaceId } = await workspaceWithPeople(browser, baseURL!);
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          colorScheme: mode,
        });
        const page = await context.newPage();
        const shoot = async (name: string) => {
          await settled(page);
          // Nothing scrolls sideways at this width.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          await testInfo.attach(`${locale}-${mode}-${name}`, {
            body: await page.screenshot({ fullPage: true }),
            contentType: 'image/png',
          });
        };
        await page.goto(`/${locale}/signup`);
        await shoot('signup');
        await logInContext(context, baseURL!, owner);
        await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
        for (const [name, path] of [
          ['apps', '/workspace/apps'],
          ['members', '/workspace/settings/members'],
          ['profile', '/profile'],
        ] as const) {
          await page.goto(`/${locale}${path}`);
          await shoot(name);
        }
        await context.close();
      });
});

// One rule for every value people provided (apps/web/src/lib/bidi.ts): names isolated in their own
// direction and written as typed, identifiers isolated left to right with their own characters,
// numbers isolated left to right in the page's digits; on every screen, in fa, ar and en.

interface MixedFixture extends Fixture {
  workspaceName: string;
  handle: string;
}

const mixed = {
  workspace: 'شرکت آریا Trading 2024',
  application: 'برنامه 2',
  applicationKey: 'app2',
  inviting: 'دفتر مرکزی 3',
};

async function workspaceWithMixedValues(browser: Browser, baseURL: string): Promise<MixedFixture> {
  const request = (await browser.newContext({ baseURL })).request;
  const owner = await registerAccount(request, { firstName: 'سارا', lastName: 'Ahmadi' });
  const other = await registerAccount(request, { firstName: 'Reza', lastName: 'Karimi' });
  const handle = `aria${Date.now()}`;
  const created = await request.post('/v1/workspaces/', {
    headers: bearer(owner),
    data: { workspaceName: handle, name: mixed.workspace },
  });
  const workspaceId = (await created.json()).data.id as string;
  const application = await request.post('/v1/workspaces/profile/applications/', {
    headers: bearer(owner),
    data: { workspaceId, key: mixed.applicationKey, name: mixed.application },
  });
  expect((await application.json()).statusCode).toBe(200);
  // A pending invitation to the owner, from another workspace with a Persian name with a digit.
  const theirs = await request.post('/v1/workspaces/', {
    headers: bearer(other),
    data: { workspaceName: `office${Date.now()}`, name: mixed.inviting },
  });
  const invited = await request.post('/v1/workspaces/members/identity/invitations/', {
    headers: bearer(other),
    data: { workspaceId: (await theirs.json()).data.id, roleId: null, username: owner.username },
  });
  expect((await invited.json()).statusCode).toBe(200);
  return { owner, workspaceId, workspaceName: mixed.workspace, handle };
}

interface Shown {
  kind: string | undefined;
  dir: string | null;
  text: string | null;
  rtl: boolean;
}

/** The UserValue showing `text` on the page: its kind, direction and characters. */
async function shownValue(page: Page, text: string | RegExp): Promise<Shown> {
  const value = page.locator('bdi[data-value-kind]').filter({ hasText: text }).first();
  await expect(value).toBeVisible();
  return value.evaluate((element: HTMLElement) => ({
    kind: element.dataset.valueKind,
    dir: element.getAttribute('dir'),
    text: element.textContent,
    rtl: element.matches(':dir(rtl)'),
  }));
}

const pageDigits = { fa: '۰۱۲۳۴۵۶۷۸۹', ar: '٠١٢٣٤٥٦٧٨٩' } as const;

test.describe('values people provided, one rule', () => {
  for (const locale of ['fa', 'ar'] as const)
    test(`in ${locale}: names as written, identifiers as typed, numbers in the page's digits`, async ({
      browser,
      baseURL,
    }, testInfo) => {
      test.setTimeout(240_000);
      const fixture = await workspaceWithMixedValues(browser, baseURL!);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await logInContext(context, baseURL!, fixture.owner);
      await context.addInitScript((id) => localStorage.setItem('workspace-id', id), fixture.workspaceId);
      const page = await context.newPage();
      const visit = async (path: string) => {
        await page.goto(`/${locale}${path}`);
        await settled(page);
        expect(await latinDigitsOnPage(page), path).toEqual([]);
        await testInfo.attach(`${locale}${path.replaceAll('/', '-')}`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: 'image/png',
        });
      };
      const name = { kind: 'text', dir: 'auto', text: mixed.workspace, rtl: true };

      // The picker: the workspace's name as written, its handle left to right with Latin digits.
      await visit('/');
      expect(await shownValue(page, mixed.workspace)).toEqual(name);
      expect(await shownValue(page, `@${fixture.handle}`)).toMatchObject({
        kind: 'identifier',
        dir: 'ltr',
        text: `@${fixture.handle}`,
      });

      // The apps page and the app bar: the application's name keeps its Latin digit, isolated.
      await visit('/workspace/apps');
      expect(await shownValue(page, mixed.application)).toEqual({
        kind: 'text',
        dir: 'auto',
        text: mixed.application,
        rtl: true,
      });
      const switcher = page.getByTestId('workspace-switcher').locator('bdi[data-value-kind]');
      await expect(switcher).toHaveText(mixed.workspace);
      await expect(switcher).toHaveAttribute('dir', 'auto');

      // The applications settings: the key `app2` never becomes `app۲`; the header names the workspace.
      await visit('/workspace/settings/applications');
      expect(await shownValue(page, mixed.applicationKey)).toEqual({
        kind: 'identifier',
        dir: 'ltr',
        text: mixed.applicationKey,
        rtl: false,
      });
      expect(await shownValue(page, mixed.workspace)).toEqual(name);

      // The invitations page: the inviting workspace's Persian name with its digit as written.
      await visit('/workspace/invitations');
      expect(await shownValue(page, mixed.inviting)).toMatchObject({ kind: 'text', text: mixed.inviting });

      // The security cards: the phone and national code masked, left to right, in the page's digits.
      await visit('/profile/security');
      const digits = pageDigits[locale];
      const masked = new RegExp(`^${digits[0]}${digits[9]}${digits[1]}${digits[2]}[${digits}*•]+$`);
      for (const testId of ['current-phone']) {
        const value = page.getByTestId(testId);
        await expect(value).toHaveText(masked);
        await expect(value).toHaveAttribute('dir', 'ltr');
        await expect(value).toHaveAttribute('data-value-kind', 'number');
      }
      const nationalCode = page.getByTestId('national-code');
      await expect(nationalCode).toHaveText(new RegExp(`^[${digits}*•]+$`));
      await expect(nationalCode).toHaveAttribute('dir', 'ltr');
      // The two-factor choice names the phone its codes go to the same way.
      const smsTo = page
        .locator('[aria-labelledby="security-two-fa-title"] bdi[data-value-kind="number"]')
        .first();
      await expect(smsTo).toHaveText(masked);
      await context.close();
    });

  test('an English page shows Persian names in their own direction', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const fixture = await workspaceWithMixedValues(browser, baseURL!);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await logInContext(context, baseURL!, fixture.owner);
    await context.addInitScript((id) => localStorage.setItem('workspace-id', id), fixture.workspaceId);
    const page = await context.newPage();
    await page.goto('/en/workspace/apps');
    await settled(page);
    await testInfo.attach('en-workspace-apps', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    // «برنامه 2» reads right to left inside the English page, its digit after the word: «برنامه 2».
    const application = page.locator('bdi[data-value-kind]').filter({ hasText: mixed.application }).first();
    expect(await shownValue(page, mixed.application)).toEqual({
      kind: 'text',
      dir: 'auto',
      text: mixed.application,
      rtl: true,
    });
    const [word, digit] = await application.evaluate((element) => {
      const text = element.firstChild as Text;
      const box = (start: number, end: number) => {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, end);
        return range.getBoundingClientRect().left;
      };
      const value = text.data;
      return [box(0, value.indexOf(' ')), box(value.length - 1, value.length)];
    });
    // Right to left: the digit, written last, is drawn to the left of the word.
    expect(digit).toBeLessThan(word);
    const switcher = page.getByTestId('workspace-switcher').locator('bdi[data-value-kind]');
    await expect(switcher).toHaveText(mixed.workspace);
    await page.goto('/en/workspace/settings/applications');
    await settled(page);
    expect(await shownValue(page, mixed.applicationKey)).toMatchObject({ kind: 'identifier', dir: 'ltr' });
    await context.close();
  });
});
