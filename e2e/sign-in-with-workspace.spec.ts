import { type ChildProcess, spawn } from 'node:child_process';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, bearer, codeFor, logInContext, registerAccount, text } from './support';

// "Sign in with the workspace" (docs/sign-in-with-workspace.md) in a browser: the example application
// (examples/sign-in-with-workspace) on loopback signs in a member who is not logged in (the product's
// login names the application and workspace) and one who is (no login shown); and the settings dialog
// that registers its redirect URIs, refuses a wildcard with the reason and shows a secret once.

const port = Number(process.env.E2E_PORT ?? 4310);
// The issuer is PUBLIC_URL, by default http://localhost:{PORT}: the whole flow runs on that host.
const product = `http://localhost:${port}`;
// The example applications' ports: the e2e port's last digits pick a free range beside it.
const examplePort = (offset: number) => 50_000 + (port % 1000) * 10 + offset;

interface Registered {
  owner: Account;
  workspaceId: string;
  workspaceName: string;
  applicationId: string;
}

async function ownerWithApplication(request: APIRequestContext, name = 'Shop'): Promise<Registered> {
  const owner = await registerAccount(request, { firstName: 'Sara', lastName: 'Example' });
  const workspaceName = `Acme ${Math.floor(Math.random() * 1e6)}`;
  const ws = await request.post('/v1/workspaces/', {
    headers: bearer(owner),
    data: {
      workspaceName: `si-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`,
      name: workspaceName,
    },
  });
  const workspaceId = (await ws.json()).data.id as string;
  const app = await request.post('/v1/workspaces/profile/applications/', {
    headers: bearer(owner),
    data: { workspaceId, key: `shop${Math.floor(Math.random() * 1e6)}`, name },
  });
  const applicationId = (await app.json()).data.id as string;
  return { owner, workspaceId, workspaceName, applicationId };
}

/** Registers the example on `exampleAt` as a confidential client and starts it; answers the process. */
async function startExample(request: APIRequestContext, registered: Registered, exampleAt: number) {
  const base = `http://127.0.0.1:${exampleAt}`;
  const saved = await request.put('/v1/workspaces/profile/applications/sign-in/', {
    headers: bearer(registered.owner),
    data: {
      workspaceId: registered.workspaceId,
      applicationId: registered.applicationId,
      enabled: true,
      clientType: 'confidential',
      redirectUris: [`${base}/callback`],
      postLogoutRedirectUris: [`${base}/`],
    },
  });
  const { clientId, clientSecret } = (await saved.json()).data as { clientId: string; clientSecret: string };
  const child = spawn(process.execPath, ['examples/sign-in-with-workspace/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(exampleAt),
      ISSUER: `${product}/oidc`,
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
      SCOPE: 'openid profile workspace',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return { child, base };
}

const examples: ChildProcess[] = [];
test.afterAll(() => {
  for (const child of examples) child.kill();
});

/** The claims the example shows after a sign-in. */
async function expectSignedIn(page: Page, base: string, registered: Registered) {
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.locator('#name')).toHaveText('Sara Example');
  await expect(page.locator('#workspace')).toHaveText(registered.workspaceId);
  await expect(page.locator('#permissions')).toHaveText('*');
}

test('the example application signs in a member who is not logged in, through a login that names it', async ({
  browser,
  request,
}) => {
  const registered = await ownerWithApplication(request);
  const { child, base } = await startExample(request, registered, examplePort(0));
  examples.push(child);
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(base);
  await page.locator('#sign-in').click();
  await expect(page).toHaveURL(/\/en\/login\?returnTo=%2Foidc%2Finteraction%2F/);
  const banner = page.getByTestId('sign-in-request');
  await expect(banner).toContainText('Shop');
  await expect(banner).toContainText(registered.workspaceName);
  await expect(banner).toContainText('Sign in to');
  const before = await codeFor(request, registered.owner.phone);
  await page.locator('input[name="identifier"]').fill(registered.owner.nationalCode);
  await page.locator('input[name="password"]').fill(registered.owner.password);
  await page.getByRole('button', { name: text('en', 'auth', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/en\/login\/verify$/);
  // The second step names it too.
  await expect(page.getByTestId('sign-in-request')).toContainText('Shop');
  await page.getByTestId('code-input').fill(await codeFor(request, registered.owner.phone, before));
  await page.getByRole('button', { name: text('en', 'auth', 'verify.submit') }).click();
  await expectSignedIn(page, base, registered);
  await context.close();
});

test('the example application signs in a member who is logged in without showing a login', async ({
  browser,
  request,
}) => {
  const registered = await ownerWithApplication(request);
  const { child, base } = await startExample(request, registered, examplePort(1));
  examples.push(child);
  const context = await browser.newContext({ locale: 'en-US' });
  await logInContext(context, product, registered.owner);
  const page = await context.newPage();
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto(base);
  await page.locator('#sign-in').click();
  await expectSignedIn(page, base, registered);
  expect(visited.filter((url) => /\/login/.test(new URL(url).pathname))).toEqual([]);
  // Sign-out goes through the end-session endpoint with the ID token and the registered return
  // address (what the provider then does is the API tests' matter); the example forgets the user.
  const endSession = page.waitForRequest((r) => new URL(r.url()).pathname === '/oidc/session/end');
  await page.locator('#sign-out').click();
  const ask = new URL((await endSession).url()).searchParams;
  expect(ask.get('id_token_hint')).toMatch(/^ey/);
  expect(ask.get('post_logout_redirect_uri')).toBe(`${base}/`);
  await page.goto(base);
  await expect(page.locator('#sign-in')).toBeVisible();
  await context.close();
});

for (const [locale, viewport] of [
  ['fa', { width: 360, height: 780 }],
  ['en', { width: 1280, height: 900 }],
] as const) {
  test(`in ${locale} at ${viewport.width} px: the sign-in settings register a redirect URI, refuse a wildcard with the reason and show the secret once`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const registered = await ownerWithApplication(request, 'Shop');
    const context = await browser.newContext({ viewport });
    await logInContext(context, baseURL ?? '', registered.owner);
    await context.addInitScript((id) => localStorage.setItem('workspace-id', id), registered.workspaceId);
    const page = await context.newPage();
    await page.goto(`/${locale}/workspace/settings/applications`);
    // The name sits in bidi isolates inside the label: matched by the words before it.
    const labelStart = text(locale, 'workspaces', 'signIn.openNamed').split('{{name}}')[0]!.trim();
    const openButton = page
      .getByTestId('application-row')
      .filter({ hasText: 'Shop' })
      .getByRole('button', { name: new RegExp(`^${labelStart}`) });
    await openButton.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('sign-in-settings')).toBeVisible();
    const field = dialog.getByTestId('redirect-uris').getByRole('textbox');
    const add = dialog
      .getByTestId('redirect-uris')
      .getByRole('button', { name: text(locale, 'workspaces', 'signIn.addUri') });
    await field.fill('https://*.shop.example/callback');
    await add.click();
    await expect(dialog.getByText(text(locale, 'workspaces', 'signIn.refused.wildcard'))).toBeVisible();
    await field.fill('http://shop.example/callback');
    await add.click();
    // The field's own message (the hint above names the same addresses).
    await expect(dialog.getByTestId('redirect-uris').locator('p.Mui-error')).toContainText(
      text(locale, 'workspaces', 'signIn.refused.httpLoopbackOnly').split('{{')[0]!,
    );
    await field.fill('https://shop.example/callback');
    await add.click();
    await expect(dialog.getByTestId('redirect-uris').getByRole('listitem')).toHaveText(
      'https://shop.example/callback',
    );
    await page.screenshot({
      path: `test-results/sign-in-settings-${locale}-${viewport.width}-uris.png`,
      fullPage: true,
    });
    await dialog.getByRole('button', { name: text(locale, 'workspaces', 'actions.save') }).click();
    const secret = dialog.getByTestId('client-secret');
    await expect(secret).toBeVisible();
    await expect(secret.locator('code')).toHaveText(/^[\w-]{43}$/);
    await expect(dialog.getByTestId('client-id')).toHaveValue(/.+/);
    await page.screenshot({
      path: `test-results/sign-in-settings-${locale}-${viewport.width}-secret.png`,
      fullPage: true,
    });
    await dialog.getByRole('button', { name: text(locale, 'workspaces', 'actions.cancel') }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Opened again: the settings are there, the secret is not.
    await openButton.click();
    await expect(page.getByRole('dialog').getByTestId('client-id')).toHaveValue(/.+/);
    await expect(page.getByRole('dialog').getByTestId('client-secret')).toHaveCount(0);
    await context.close();
  });
}
