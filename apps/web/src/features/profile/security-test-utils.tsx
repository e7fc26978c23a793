import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach } from 'vitest';
import { type FakeApi, featureTestHarness, renderScreen } from '../../test/feature-harness';
import { SecurityPage } from './security-page';

// What the security page's test files share: an account with a phone, a masked national code, SMS as
// its second factor and two sessions (this Chrome on Linux and an iPhone).

export const desktopChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** The fake API of a test file, answering the page's reads for the account above before each test. */
export function securityHarness(): FakeApi {
  const api = featureTestHarness();
  beforeEach(() => {
    api.on('GET /v1/auth/identity/security/username/', { username: 'sara' });
    api.on('GET /v1/auth/identity/security/national-code/', { nationalCode: '001***4563' });
    api.on('GET /v1/auth/identity/security/email/', { email: null, verified: false });
    api.on('GET /v1/auth/identity/security/phone/', { phone: '09121234567' });
    api.on('GET /v1/auth/identity/security/2fa/', {
      method: 'sms',
      methods: { sms: '0912***4567' },
      loginAlerts: true,
    });
    api.on('GET /v1/auth/identity/security/passkeys/', []);
    api.on('GET /v1/auth/identity/security/sessions/', [
      {
        id: 's1',
        ipAddress: '10.0.0.1',
        agent: desktopChrome,
        platform: 'Chrome 126 on Linux',
        createdDate: '2026-01-01T10:00:00.000Z',
        lastSeenDate: '2026-01-02T10:00:00.000Z',
        current: true,
      },
      {
        id: 's2',
        ipAddress: '10.0.0.2',
        agent: iPhoneSafari,
        platform: 'Mobile Safari 17.4 on iOS 17.4, Apple iPhone',
        createdDate: '2026-01-01T09:00:00.000Z',
        lastSeenDate: '2026-01-01T09:30:00.000Z',
        current: false,
      },
    ]);
  });
  return api;
}

export const open = (locale: 'fa' | 'en' = 'en') =>
  renderScreen(<SecurityPage />, {
    path: `/${locale}/profile/security`,
    pattern: '/:locale/profile/security',
    locale,
  });
export const card = (name: string) => screen.findByRole('region', { name });

/** Replaces the text of `input` (if any) with `text` and presses the section's button named `button`. */
export async function retype(section: HTMLElement, input: HTMLElement, text: string, button: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
  await userEvent.click(within(section).getByRole('button', { name: button }));
}

/** The sessions list holds only `session`, started on 1 January 2026 and last seen the day after. */
export const onlySession = (
  api: FakeApi,
  session: { id: string; ipAddress: string; agent: string; platform: string; current: boolean },
) =>
  api.on('GET /v1/auth/identity/security/sessions/', [
    { ...session, createdDate: '2026-01-01T10:00:00.000Z', lastSeenDate: '2026-01-02T10:00:00.000Z' },
  ]);

/** Opens the page (in English) and finds the field labelled `label` in the card named `name`. */
export async function openField(name: string, label: string) {
  await open();
  const section = await card(name);
  return { section, input: await within(section).findByLabelText(label) };
}

/** The server's refusal of a call tried too often (260), with its wait in seconds. */
export const tooManyTries = (retryAfter: number) => () => ({
  status: 400,
  statusCode: 260,
  data: { retryAfter },
});

/** Opens the page (in English) and adds sara@example.com in the e-mail card; returns the card. */
export async function openAndAddEmail() {
  await open();
  const section = await card('E-mail');
  await userEvent.type(await within(section).findByLabelText('E-mail address'), 'sara@example.com');
  await userEvent.click(within(section).getByRole('button', { name: 'Add e-mail' }));
  return section;
}
