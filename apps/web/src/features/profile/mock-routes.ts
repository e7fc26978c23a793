import { type Envelope, StatusCode } from '@wsm/contracts';
import type { HttpRequest } from '../../lib/http';
import type { MockAnswer, MockRoute } from '../../lib/mock-api';

// Canned answers for the mocked-API mode (src/lib/mock-api.ts puts these
// before its own generic routes), so every personal-settings screen works without a server.

const ok = <T>(data: T): MockAnswer => ({
  body: { statusCode: 200, statusMessage: 'OK', data } satisfies Envelope<T>,
});
const created = '2025-03-21T08:30:00.000Z';

const genders = [
  { id: 'gender-male', name: 'male', key: 'male' },
  { id: 'gender-female', name: 'female', key: 'female' },
];
const languages = [
  { id: 'language-persian', name: 'فارسی', key: 'persian' },
  { id: 'language-english', name: 'English', key: 'english' },
  { id: 'language-arabic', name: 'العربية', key: 'arabic' },
];

export const sampleProfile = {
  id: 'profile-1',
  userId: 'user-1',
  firstName: 'سارا',
  lastName: 'محمدی',
  gender: genders[1] ?? null,
  birthDate: '1992-06-15',
  language: languages[0] ?? null,
  image: null,
  mode: null,
};

const sent = () => ok({ resendAfter: 120 });

// The mocked authenticator app: any first code turns it on, any code turns it off.
const sampleAuthenticatorSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const mockApp = { enrolled: false, preferred: false, loginAlerts: true };
const twoFaSettings = () =>
  mockApp.enrolled
    ? {
        method: mockApp.preferred ? 'google' : 'sms',
        methods: { sms: maskedPhone, google: true },
        loginAlerts: mockApp.loginAlerts,
      }
    : { method: 'sms', methods: { sms: maskedPhone }, loginAlerts: mockApp.loginAlerts };
const maskedPhone = '0912***4567';

// The mocked passkeys: kept in memory; the browser's prompt itself is real (it needs a real authenticator).
let mockPasskeys: { id: string; name: string; createdDate: string; lastUsedDate: string | null }[] = [];

/** The body of a mocked request (the client hands over the JSON text). */
function bodyOf(config: HttpRequest): Record<string, unknown> {
  try {
    const data: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

// The mocked phone change asks for a step-up first, as a session older than 10 minutes would be, so
// the step-up screen can be seen without a server; the e-mail change goes straight on.
const stepUpFirst = (config: HttpRequest): MockAnswer =>
  bodyOf(config).currentCode
    ? sent()
    : {
        body: {
          statusCode: StatusCode.secondStep,
          statusMessage: 'A second verification step is required',
          data: { method: 'sms', phone: maskedPhone, resendAfter: 120 },
        } satisfies Envelope,
      };

export const profileMockRoutes: MockRoute[] = [
  { method: 'get', path: '/v1/auth/profile', answer: () => ok(sampleProfile) },
  { method: 'put', path: '/v1/auth/profile', answer: () => ok(sampleProfile) },
  { method: 'get', path: '/v1/auth/profile/genders', answer: () => ok(genders) },
  { method: 'get', path: '/v1/auth/profile/languages', answer: () => ok(languages) },
  {
    method: 'post',
    path: '/v1/assets/user-profile-image',
    answer: () => ok({ imageId: 'image-1', url: '/icons/icon-192.png' }),
  },
  { method: 'get', path: '/v1/auth/identity/security/username', answer: () => ok({ username: 'sara' }) },
  { method: 'put', path: '/v1/auth/identity/security/username', answer: () => ok(null) },
  {
    method: 'get',
    path: '/v1/auth/identity/security/national-code',
    answer: () => ok({ nationalCode: '001***4563' }),
  },
  { method: 'post', path: '/v1/auth/identity/security/national-code', answer: () => ok(null) },
  { method: 'get', path: '/v1/auth/identity/security/password/verify/resend/sms', answer: sent },
  { method: 'put', path: '/v1/auth/identity/security/password', answer: () => ok(null) },
  {
    method: 'get',
    path: '/v1/auth/identity/security/email',
    answer: () => ok({ email: 's.mohammadi@example.com', verified: false }),
  },
  { method: 'post', path: '/v1/auth/identity/security/email', answer: sent },
  { method: 'put', path: '/v1/auth/identity/security/email', answer: sent },
  { method: 'post', path: '/v1/auth/identity/security/email/verify', answer: () => ok(null) },
  { method: 'get', path: '/v1/auth/identity/security/email/verify/resend', answer: sent },
  { method: 'get', path: '/v1/auth/identity/security/phone', answer: () => ok({ phone: '09121234567' }) },
  { method: 'put', path: '/v1/auth/identity/security/phone', answer: stepUpFirst },
  { method: 'post', path: '/v1/auth/identity/security/phone/verify', answer: () => ok(null) },
  { method: 'get', path: '/v1/auth/identity/security/phone/verify/resend', answer: sent },
  {
    method: 'get',
    path: '/v1/auth/identity/security/sessions',
    answer: () =>
      ok([
        {
          id: 'session-1',
          ipAddress: '185.20.1.10',
          agent:
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
          platform: 'Chrome 126 on Windows 10',
          createdDate: created,
          lastSeenDate: new Date().toISOString(),
          current: true,
        },
        {
          id: 'session-2',
          ipAddress: '5.160.2.20',
          agent:
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
          platform: 'Mobile Safari 17.4 on iOS 17.4, Apple iPhone',
          createdDate: created,
          lastSeenDate: created,
          current: false,
        },
      ]),
  },
  { method: 'delete', path: '/v1/auth/identity/security/sessions', answer: () => ok(null) },
  { method: 'delete', path: '/v1/auth/identity/security/sessions/others', answer: () => ok({ revoked: 1 }) },
  {
    method: 'get',
    path: '/v1/auth/identity/security/connected-applications',
    answer: () =>
      ok([
        {
          id: 'grant-1',
          application: { id: 'app-1', name: 'Shop' },
          workspace: { id: 'ws-1', name: 'Acme' },
          scopes: ['openid', 'profile', 'workspace'],
          firstSignInDate: created,
          lastSignInDate: new Date().toISOString(),
        },
      ]),
  },
  { method: 'delete', path: '/v1/auth/identity/security/connected-applications', answer: () => ok(null) },
  { method: 'get', path: '/v1/auth/identity/security/passkeys', answer: () => ok(mockPasskeys) },
  {
    method: 'post',
    path: '/v1/auth/identity/security/passkeys/options',
    answer: () =>
      ok({
        challenge: 'bW9jay1jaGFsbGVuZ2U',
        rp: { name: 'Workspace Manager', id: window.location.hostname },
        user: { id: 'dXNlci0x', name: 'sara', displayName: 'Sara' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        attestation: 'none',
        excludeCredentials: [],
      }),
  },
  {
    method: 'post',
    path: '/v1/auth/identity/security/passkeys',
    answer: (config) => {
      const passkey = {
        id: `passkey-${mockPasskeys.length + 1}`,
        name: String(bodyOf(config).name ?? ''),
        createdDate: new Date().toISOString(),
        lastUsedDate: null,
      };
      mockPasskeys = [...mockPasskeys, passkey];
      return ok(passkey);
    },
  },
  {
    method: 'put',
    path: '/v1/auth/identity/security/passkeys',
    answer: (config) => {
      const { id, name } = bodyOf(config);
      mockPasskeys = mockPasskeys.map((p) => (p.id === id ? { ...p, name: String(name) } : p));
      return ok(mockPasskeys.find((p) => p.id === id) ?? null);
    },
  },
  {
    method: 'delete',
    path: '/v1/auth/identity/security/passkeys',
    answer: (config) => {
      const { id } = bodyOf(config);
      mockPasskeys = mockPasskeys.filter((p) => p.id !== id);
      return ok(null);
    },
  },
  {
    method: 'get',
    path: '/v1/auth/identity/security/2fa',
    answer: () => ok(twoFaSettings()),
  },
  {
    method: 'put',
    path: '/v1/auth/identity/security/2fa',
    answer: (config) => {
      // The mocked e-mail is not verified: like the server, only SMS (or an enrolled app) may be chosen.
      const { method, loginAlerts } = bodyOf(config);
      if (typeof loginAlerts === 'boolean') mockApp.loginAlerts = loginAlerts;
      if (method === undefined) return ok(twoFaSettings());
      if (method === 'google' && mockApp.enrolled) {
        mockApp.preferred = true;
        return ok(twoFaSettings());
      }
      if (method !== 'sms')
        return {
          status: 400,
          body: {
            statusCode: StatusCode.validation,
            statusMessage: 'The request is not valid',
            data: {
              errors: [
                {
                  path: 'method',
                  message:
                    method === 'google'
                      ? 'This account has no authenticator app set up'
                      : 'This account has no verified e-mail address',
                },
              ],
            },
          } satisfies Envelope,
        };
      mockApp.preferred = false;
      return ok(twoFaSettings());
    },
  },
  {
    method: 'post',
    path: '/v1/auth/identity/security/2fa/google',
    answer: () =>
      ok({
        secret: sampleAuthenticatorSecret,
        otpauthUrl: `otpauth://totp/Workspace%20Manager:sara?secret=${sampleAuthenticatorSecret}&issuer=Workspace%20Manager&digits=6&period=30`,
      }),
  },
  {
    method: 'post',
    path: '/v1/auth/identity/security/2fa/google/verify',
    answer: () => {
      mockApp.enrolled = true;
      return ok({
        recoveryCodes: Array.from({ length: 10 }, (_, i) => `mock${'abcdefghij'[i]}-codes`),
      });
    },
  },
  {
    method: 'delete',
    path: '/v1/auth/identity/security/2fa/google',
    answer: () => {
      mockApp.enrolled = false;
      mockApp.preferred = false;
      return ok(null);
    },
  },
];
