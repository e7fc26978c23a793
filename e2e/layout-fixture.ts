import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { type Account, bearer, codeFor, type Locale, logInContext, phone, registerAccount } from './support';

// The data and the phone-sized page the layout specs share.

export const phoneWidth = 360;

/** What a desktop Chrome sends; the server keeps it as the session's agent and names the device. */
export const desktopChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';

export interface Fixture {
  owner: Account;
  workspaceId: string;
  invitationId: string;
}

export async function post(request: APIRequestContext, path: string, account: Account, data: unknown) {
  const response = await request.post(path, { headers: bearer(account), data });
  const body = await response.json();
  expect(body.statusCode, path).toBe(200);
  return body.data as { id: string };
}

/** An owner with a workspace, a role, a sent and a received invitation and a second session. */
export async function makeFixture(request: APIRequestContext, locale: Locale): Promise<Fixture> {
  const owner = await registerAccount(request, { firstName: 'Sara', lastName: 'Ahmadi' });
  const slug = `lay-${Date.now().toString(36)}-${locale}-${Math.floor(Math.random() * 1e4)}`;
  const workspace = await post(request, '/v1/workspaces/', owner, {
    workspaceName: slug,
    name: locale === 'fa' ? 'شرکت نمونه‌ی بسیار خوب' : 'A very good example company',
  });
  await post(request, '/v1/workspaces/members/access/roles/', owner, {
    workspaceId: workspace.id,
    name: locale === 'fa' ? 'پشتیبانی' : 'Support',
    superAccess: false,
    permissionIds: ['tenant_members_read', 'tenant_roles_read'],
  });
  await post(request, '/v1/workspaces/members/identity/invitations/', owner, {
    workspaceId: workspace.id,
    phone: phone(),
  });

  const other = await registerAccount(request);
  const otherWorkspace = await post(request, '/v1/workspaces/', other, {
    workspaceName: `${slug}-x`,
    name: locale === 'fa' ? 'کارگاه دیگر' : 'Another workshop',
  });
  const invitation = await post(request, '/v1/workspaces/members/identity/invitations/', other, {
    workspaceId: otherWorkspace.id,
    username: owner.username,
  });

  // A second login from a desktop browser: a session to list and a new-login notification.
  const before = await codeFor(request, owner.phone);
  const headers = { 'user-agent': desktopChrome };
  const step = await request.post('/v1/auth/identity/login/national-code/', {
    headers,
    data: { nationalCode: owner.nationalCode, password: owner.password },
  });
  const { accessToken } = (await step.json()).data as { accessToken: string };
  const verified = await request.post('/v1/auth/identity/login/2fa/verify/', {
    headers: { ...headers, authorization: `Bearer ${accessToken}` },
    data: { code: await codeFor(request, owner.phone, before) },
  });
  expect((await verified.json()).statusCode).toBe(200);
  return { owner, workspaceId: workspace.id, invitationId: invitation.id };
}

export async function phonePage(browser: Browser, baseURL: string, fixture: Fixture | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: phoneWidth, height: 740 } });
  if (fixture) {
    await logInContext(context, baseURL, fixture.owner);
    await context.addInitScript((id) => {
      if (!localStorage.getItem('workspace-id')) localStorage.setItem('workspace-id', id);
    }, fixture.workspaceId);
  }
  return context.newPage();
}

/**
 * Opens `path`, waits until the page shows itself (a first-level heading, nothing loading) and returns
 * null when it fits the viewport, else how far it overflows and the innermost elements sticking out.
 */
export async function overflowOf(page: Page, path: string): Promise<string | null> {
  await page.goto(path);
  // A busy machine can take long to load a page's code the first time.
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page.evaluate(() => {
    const extra = document.documentElement.scrollWidth - window.innerWidth;
    if (extra <= 0) return null;
    const outside = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > window.innerWidth + 1 || box.left < -1);
    });
    const innermost = outside.filter(
      (element) => !outside.some((other) => element.contains(other) && other !== element),
    );
    const names = innermost
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`);
    return `+${extra}px (${names.join(', ')})`;
  });
}
