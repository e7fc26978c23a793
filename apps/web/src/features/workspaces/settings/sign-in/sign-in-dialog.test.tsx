import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SignInSettings, signInPaths } from '@wsm/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  featureTestHarness,
  type RecordedRequest,
  renderScreen,
  toasts,
} from '../../../../test/feature-harness';
import { selectWorkspace } from '../../selection';
import { accessPath, application, ownerAccess } from '../../test-fixtures';
import { SignInDialog } from './sign-in-dialog';

// An application's "Sign-in" dialog against the contract's paths: switching it on, the client type,
// redirect URIs refused with their reason or added, removing one, the secret shown once with its copy
// button, and a rotation only after a confirmation.

const shop = application({ id: 'a2', key: 'shop', name: 'Shop' });
const getPath = `GET ${signInPaths.get('ws-1', 'a2')}`;
const savePath = `PUT ${signInPaths.save}`;
const secretPath = `POST ${signInPaths.secret}`;
const saved = (fields: Partial<SignInSettings> = {}): SignInSettings => ({
  clientId: 'client-1',
  clientType: 'confidential',
  enabled: true,
  redirectUris: ['https://shop.example/callback'],
  postLogoutRedirectUris: [],
  ...fields,
});

const api = featureTestHarness({ userId: 'u1' });
let clipboard: string[];
beforeEach(() => {
  clipboard = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void clipboard.push(text) },
  });
  selectWorkspace('ws-1');
  api.on(`GET ${accessPath}`, ownerAccess);
  // Never set up: the settings answer 404 until saved.
  api.on(getPath, () => ({ status: 404, statusCode: 404 }));
});

const open = async (locale: 'fa' | 'en') => {
  await renderScreen(<SignInDialog workspaceId="ws-1" application={shop} onClose={() => undefined} />, {
    path: `/${locale}/workspace/settings/applications`,
    pattern: '/:locale/workspace/settings/applications',
    locale,
  });
  // Names are isolated in right-to-left text, so the title is matched around them.
  const title = locale === 'fa' ? /^ورود با فضای کاری: .?Shop.?$/ : 'Sign in with the workspace: Shop';
  const dialog = await screen.findByRole('dialog', { name: title });
  await within(dialog).findByTestId('sign-in-settings');
  return dialog;
};

/** Types an address into the redirect URI list's field and presses its Add button. */
async function addUri(dialog: HTMLElement, uri: string, locale: 'fa' | 'en' = 'en') {
  const list = within(within(dialog).getByTestId('redirect-uris'));
  const field = list.getByRole('textbox', { name: locale === 'fa' ? 'افزودن نشانی' : 'Add an address' });
  await userEvent.clear(field);
  await userEvent.type(field, uri);
  await userEvent.click(list.getByRole('button', { name: locale === 'fa' ? 'افزودن' : 'Add' }));
  return list;
}

describe("an application's sign-in dialog", { timeout: 30_000 }, () => {
  it('refuses http off loopback and wildcards with their reasons, adds and removes, and shows the secret once', async () => {
    api.on(savePath, (request: RecordedRequest) => ({
      data: { ...saved(request.body as Partial<SignInSettings>), clientSecret: 'first-secret' },
    }));
    const dialog = await open('en');
    expect(within(dialog).getByText(/does not sign members in yet/)).toBeTruthy();
    // Saving without a redirect URI is stopped on the page.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Add at least one redirect URI before saving.')).toBeTruthy();
    let list = await addUri(dialog, 'http://shop.example/callback');
    expect(list.getByText('http is allowed only on localhost, 127.0.0.1, [::1]; use https.')).toBeTruthy();
    list = await addUri(dialog, 'https://*.shop.example/callback');
    expect(list.getByText('Wildcards are not allowed: register each exact address.')).toBeTruthy();
    list = await addUri(dialog, 'http://127.0.0.1:8080/callback');
    list = await addUri(dialog, 'https://shop.example/callback');
    expect(list.getByText('https://shop.example/callback')).toBeTruthy();
    await userEvent.click(list.getByRole('button', { name: 'Remove http://127.0.0.1:8080/callback' }));
    expect(list.queryByText('http://127.0.0.1:8080/callback')).toBeNull();
    // Switched off, then on again: what is sent is what is shown.
    const enabled = within(dialog).getByRole('switch', {
      name: 'Members can sign in to this application with the workspace',
    });
    await userEvent.click(enabled);
    expect((enabled as HTMLInputElement).checked).toBe(false);
    await userEvent.click(enabled);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await api.sentOnce(savePath)).toEqual({
      workspaceId: 'ws-1',
      applicationId: 'a2',
      enabled: true,
      clientType: 'confidential',
      redirectUris: ['https://shop.example/callback'],
      postLogoutRedirectUris: [],
    });
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('The sign-in settings of Shop are saved'),
    );
    const secret = await within(dialog).findByTestId('client-secret');
    expect(secret.textContent).toContain('first-secret');
    expect((within(dialog).getByTestId('client-id') as HTMLInputElement).value).toBe('client-1');
    await userEvent.click(within(secret).getByRole('button', { name: 'Copy the secret' }));
    expect(clipboard).toEqual(['first-secret']);
    expect(toasts.success).toHaveBeenCalledWith('Copied');
  });

  it('rotates the secret only after a confirmation, and shows the new one', async () => {
    api.on(getPath, saved());
    api.on(secretPath, { clientSecret: 'second-secret' });
    const dialog = await open('en');
    expect(within(dialog).queryByTestId('client-secret')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'New client secret' }));
    let confirm = await screen.findByRole('dialog', { name: 'Make a new client secret?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Make a new client secret?' })).toBeNull(),
    );
    expect(api.calls(secretPath)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'New client secret' }));
    confirm = await screen.findByRole('dialog', { name: 'Make a new client secret?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'New client secret' }));
    expect(await api.sentOnce(secretPath)).toEqual({ workspaceId: 'ws-1', applicationId: 'a2' });
    expect((await within(dialog).findByTestId('client-secret')).textContent).toContain('second-secret');
  });

  it('in Persian: refuses with the reason, and a public client has no secret nor rotation', async () => {
    api.on(getPath, saved({ clientType: 'public', redirectUris: ['com.example.shop:/callback'] }));
    api.on(savePath, (request: RecordedRequest) => ({
      data: saved(request.body as Partial<SignInSettings>),
    }));
    const dialog = await open('fa');
    expect(within(dialog).queryByRole('button', { name: 'رمز کلاینت تازه' })).toBeNull();
    const list = await addUri(dialog, 'https://*.shop.example/callback', 'fa');
    expect(list.getByText('نویسه‌ی عام (*) مجاز نیست: هر نشانی را دقیق ثبت کنید.')).toBeTruthy();
    await addUri(dialog, 'http://localhost:3000/callback', 'fa');
    expect(list.getByText('http://localhost:3000/callback')).toBeTruthy();
    await userEvent.click(list.getByRole('button', { name: /^حذف .?com\.example\.shop:\/callback.?$/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: /^عمومی/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'ذخیره‌ی تغییرات' }));
    expect(await api.sentOnce(savePath)).toMatchObject({
      clientType: 'public',
      redirectUris: ['http://localhost:3000/callback'],
    });
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith(expect.stringMatching(/^تنظیمات ورود .?Shop.? ذخیره شد$/)),
    );
    expect(within(dialog).queryByTestId('client-secret')).toBeNull();
  });

  it('in Persian: turning a public client confidential shows its new secret', async () => {
    api.on(getPath, saved({ clientType: 'public' }));
    api.on(savePath, (request: RecordedRequest) => ({
      data: { ...saved(request.body as Partial<SignInSettings>), clientSecret: 'made-secret' },
    }));
    const dialog = await open('fa');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^محرمانه/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'ذخیره‌ی تغییرات' }));
    expect(await api.sentOnce(savePath)).toMatchObject({ clientType: 'confidential' });
    const secret = await within(dialog).findByTestId('client-secret');
    expect(secret.textContent).toContain('made-secret');
    expect(within(secret).getByRole('button', { name: 'رونوشت رمز' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'رمز کلاینت تازه' })).toBeTruthy();
  });
});
