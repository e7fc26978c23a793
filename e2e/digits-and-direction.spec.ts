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
