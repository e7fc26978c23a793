import { StatusCode } from '@wsm/contracts';
import { HttpResponse, http } from 'msw';
import { bodyOf, ok } from '../../lib/mock-http';

// Canned answers for the mocked-API mode (and the tests' default server), so every personal-settings
// screen works without a server.

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

/** Back to no authenticator app and no passkeys: what one test changed, the next does not see. */
export function resetProfileMock(): void {
  Object.assign(mockApp, { enrolled: false, preferred: false, loginAlerts: true });
  mockPasskeys = [];
}

// The mocked phone change asks for a step-up first, as a session older than 10 minutes would be, so
// the step-up screen can be seen without a server; the e-mail change goes straight on.
const stepUpFirst = async ({ request }: { request: Request }) =>
  (await bodyOf(request)).currentCode
    ? sent()
    : ok({ method: 'sms', phone: maskedPhone, resendAfter: 120 }, StatusCode.secondStep);

export const profileMockHandlers = [
  http.get('/v1/auth/profile', () => ok(sampleProfile)),
  http.put('/v1/auth/profile', () => ok(sampleProfile)),
  http.get('/v1/auth/profile/genders', () => ok(genders)),
  http.get('/v1/auth/profile/languages', () => ok(languages)),
  http.post('/v1/assets/user-profile-image', () => ok({ imageId: 'image-1', url: '/icons/icon-192.png' })),
  http.get('/v1/auth/identity/security/username', () => ok({ username: 'sara' })),
  http.put('/v1/auth/identity/security/username', () => ok(null)),
  http.get('/v1/auth/identity/security/national-code', () => ok({ nationalCode: '001***4563' })),
  http.post('/v1/auth/identity/security/national-code', () => ok(null)),
  http.get('/v1/auth/identity/security/password/verify/resend/sms', sent),
  http.put('/v1/auth/identity/security/password', () => ok(null)),
  http.get('/v1/auth/identity/security/email', () =>
    ok({ email: 's.mohammadi@example.com', verified: false }),
  ),
  http.post('/v1/auth/identity/security/email', sent),
  http.put('/v1/auth/identity/security/email', sent),
  http.post('/v1/auth/identity/security/email/verify', () => ok(null)),
  http.get('/v1/auth/identity/security/email/verify/resend', sent),
  http.get('/v1/auth/identity/security/phone', () => ok({ phone: '09121234567' })),
  http.put('/v1/auth/identity/security/phone', stepUpFirst),
  http.post('/v1/auth/identity/security/phone/verify', () => ok(null)),
  http.get('/v1/auth/identity/security/phone/verify/resend', sent),
  http.get('/v1/auth/identity/security/sessions', () =>
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
  ),
  http.delete('/v1/auth/identity/security/sessions', () => ok(null)),
  http.delete('/v1/auth/identity/security/sessions/others', () => ok({ revoked: 1 })),
  http.get('/v1/auth/identity/security/connected-applications', () =>
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
  ),
  http.delete('/v1/auth/identity/security/connected-applications', () => ok(null)),
  http.get('/v1/auth/identity/security/passkeys', () => ok(mockPasskeys)),
  http.post('/v1/auth/identity/security/passkeys/options', () =>
    ok({
      challenge: 'bW9jay1jaGFsbGVuZ2U',
      rp: { name: 'Workspace Manager', id: window.location.hostname },
      user: { id: 'dXNlci0x', name: 'sara', displayName: 'Sara' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      attestation: 'none',
      excludeCredentials: [],
    }),
  ),
  http.post('/v1/auth/identity/security/passkeys', async ({ request }) => {
    const passkey = {
      id: `passkey-${mockPasskeys.length + 1}`,
      name: String((await bodyOf(request)).name ?? ''),
      createdDate: new Date().toISOString(),
      lastUsedDate: null,
    };
    mockPasskeys = [...mockPasskeys, passkey];
    return ok(passkey);
  }),
  http.put('/v1/auth/identity/security/passkeys', async ({ request }) => {
    const { id, name } = await bodyOf(request);
    mockPasskeys = mockPasskeys.map((p) => (p.id === id ? { ...p, name: String(name) } : p));
    return ok(mockPasskeys.find((p) => p.id === id) ?? null);
  }),
  http.delete('/v1/auth/identity/security/passkeys', async ({ request }) => {
    const { id } = await bodyOf(request);
    mockPasskeys = mockPasskeys.filter((p) => p.id !== id);
    return ok(null);
  }),
  http.get('/v1/auth/identity/security/2fa', () => ok(twoFaSettings())),
  http.put('/v1/auth/identity/security/2fa', async ({ request }) => {
    // The mocked e-mail is not verified: like the server, only SMS (or an enrolled app) may be chosen.
    const { method, loginAlerts } = await bodyOf(request);
    if (typeof loginAlerts === 'boolean') mockApp.loginAlerts = loginAlerts;
    if (method === undefined) return ok(twoFaSettings());
    if (method === 'google' && mockApp.enrolled) {
      mockApp.preferred = true;
      return ok(twoFaSettings());
    }
    if (method !== 'sms')
      return HttpResponse.json(
        {
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
        },
        { status: 400 },
      );
    mockApp.preferred = false;
    return ok(twoFaSettings());
  }),
  http.post('/v1/auth/identity/security/2fa/google', () =>
    ok({
      secret: sampleAuthenticatorSecret,
      otpauthUrl: `otpauth://totp/Workspace%20Manager:sara?secret=${sampleAuthenticatorSecret}&issuer=Workspace%20Manager&digits=6&period=30`,
    }),
  ),
  http.post('/v1/auth/identity/security/2fa/google/verify', () => {
    mockApp.enrolled = true;
    return ok({
      recoveryCodes: Array.from({ length: 10 }, (_, i) => `mock${'abcdefghij'[i]}-codes`),
    });
  }),
  http.delete('/v1/auth/identity/security/2fa/google', () => {
    mockApp.enrolled = false;
    mockApp.preferred = false;
    return ok(null);
  }),
];
