import { readFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
} from '@playwright/test';

// What several browser specs share: texts of the locale files, fresh people signed up through the API
// with codes read from the development outbox, and a logged-in browser context.

export type Locale = 'fa' | 'en';
type Texts = Record<string, Record<string, unknown>>;

const texts = (locale: Locale | 'ar', ns: string): Texts =>
  JSON.parse(readFileSync(`apps/web/public/assets/locales/${locale}/${ns}.json`, 'utf8')) as Texts;
export const persian = (value: string) =>
  value.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

/** A text of a locale file, with Persian digits in fa and Arabic-Indic digits in ar (as the app shows it). */
export function text(locale: Locale | 'ar', ns: string, path: string): string {
  let value: unknown = texts(locale, ns);
  for (const key of path.split('.')) value = (value as Record<string, unknown>)[key];
  if (typeof value !== 'string') throw new Error(`no text ${ns}:${path}`);
  if (locale === 'ar') return value.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
  return locale === 'fa' ? persian(value) : value;
}

let serial = 0;
/** A fresh valid national code (with its check digit). */
export function nationalCode(): string {
  for (;;) {
    const body = String(Math.floor(Math.random() * 1e9) + serial++)
      .padStart(9, '0')
      .slice(-9);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(body[i]) * (10 - i);
    const r = sum % 11;
    const code = `${body}${r < 2 ? r : 11 - r}`;
    if (!/^(\d)\1{9}$/.test(code)) return code;
  }
}

export const phone = () => `0912${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
export const password = 'Blue-Harbour-Lantern-42';

/** The newest one-time code the development outbox holds for a phone or address. */
export async function codeFor(request: APIRequestContext, to: string, after = ''): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()).data as { code: string | null }[];
      // The newest message carrying a code (a login alert, say, carries none).
      code = messages.find((message) => message.code)?.code ?? '';
      return code !== '' && code !== after;
    })
    .toBe(true);
  return code;
}

export interface Account {
  phone: string;
  nationalCode: string;
  password: string;
  username: string;
  /** The token pair sign-up answered with (a logged-in session). */
  tokens: { accessToken: string; refreshToken: string; expiresIn: number };
}

/** Signs an account up through the API (for the tests that start at login); `phone` picks its number. */
export async function registerAccount(
  request: APIRequestContext,
  fields: { phone?: string; firstName?: string; lastName?: string } = {},
): Promise<Account> {
  const { phone: chosenPhone, ...names } = fields;
  const account = {
    phone: chosenPhone ?? phone(),
    nationalCode: nationalCode(),
    password,
    username: `u${nationalCode()}`,
  };
  const started = await request.post('/v1/auth/identity/signup/2fa/phone/', {
    data: { phone: account.phone, nationalCode: account.nationalCode },
  });
  const { signupToken } = (await started.json()).data;
  const code = await codeFor(request, account.phone);
  await request.post('/v1/auth/identity/signup/2fa/verify/', { data: { signupToken, code } });
  const done = await request.post('/v1/auth/identity/signup/2fa/password/', {
    data: { signupToken, password, username: account.username, ...names },
  });
  const answer = await done.json();
  expect(answer.statusCode).toBe(200);
  return { ...account, tokens: answer.data };
}

/** Makes a browser context logged in as `account`, the way the app stores a session (storage.ts). */
export async function logInContext(
  context: BrowserContext,
  baseURL: string,
  account: Account,
): Promise<void> {
  const { accessToken, refreshToken, expiresIn } = account.tokens;
  // As the API sets them: the refresh token HttpOnly on the renewal path, its CSRF companion readable.
  const { hostname } = new URL(baseURL);
  await context.addCookies([
    { name: 'accessToken', value: accessToken, url: baseURL },
    {
      name: 'refreshToken',
      value: refreshToken,
      domain: hostname,
      path: '/v1/auth/identity/security/tokens/renew',
      httpOnly: true,
      sameSite: 'Strict',
    },
    { name: 'refreshCsrf', value: `csrf-${accessToken.slice(-12)}`, url: baseURL, sameSite: 'Strict' },
  ]);
  const expiry = Date.now() + expiresIn * 1000;
  await context.addInitScript((at) => {
    if (!localStorage.getItem('access-expiry')) localStorage.setItem('access-expiry', String(at));
  }, expiry);
}

/** A request header set that acts as `account`. */
export const bearer = (account: Account) => ({ authorization: `Bearer ${account.tokens.accessToken}` });

/** A form field by its name. */
export const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/** A cookie's value in `context`. */
export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

/** The first login step through the form; lands on the SMS code page. */
export async function loginFirstStep(
  page: Page,
  locale: Locale,
  account: Account,
  identifier = account.nationalCode,
) {
  await page.goto(`/${locale}/login`);
  await input(page, 'identifier').fill(identifier);
  await input(page, 'password').fill(account.password);
  await page.getByRole('button', { name: text(locale, 'auth', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/login/verify$`));
}

// The session after login: an access token renewed before it expires, and a refresh token kept in an
// HttpOnly cookie that scripts cannot read.

/** A new owner of one workspace, chosen, in a browser context of their own (a first visit: cold cache). */
export async function ownerWithWorkspace(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string | undefined,
) {
  const account = await registerAccount(request);
  const created = await request.post('/v1/workspaces/', {
    headers: bearer(account),
    data: { workspaceName: `shell-${Date.now().toString(36)}`, name: 'Shell' },
  });
  const workspaceId = ((await created.json()).data as { id: string }).id;
  const context = await browser.newContext();
  await logInContext(context, baseURL ?? '', account);
  await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
  return { account, workspaceId, context, page: await context.newPage() };
}
