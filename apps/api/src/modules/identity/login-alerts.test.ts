import { identityPaths, profilePaths } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { latestCode, logIn, newClient, outbox, signUp, type TestUser } from '../../../test/fixtures';
import { appForFile, behindProxy } from '../../../test/test-app';
import { signSessionLink } from './login-alerts';

// Login alerts: a login from a browser and system the account has not used
// in 90 days e-mails the verified address, with a link that ends that session.

const api = appForFile(behindProxy);

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const chromeOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function withVerifiedEmail(language: 'fa' | 'en' | 'ar' = 'en'): Promise<TestUser & { email: string }> {
  const user = await signUp(api, newClient(api), { language });
  const email = `${user.username}@example.com`;
  const token = user.tokens.accessToken;
  await newClient(api).call('POST', profilePaths.email, { token, body: { email } });
  const verified = await newClient(api).call('POST', profilePaths.emailVerify, {
    token,
    body: { code: await latestCode(api, email) },
  });
  expect(verified.body.statusCode).toBe(200);
  return { ...user, email };
}

const loginFrom = (user: TestUser, agent: string) =>
  logIn(api, user, newClient(api), { 'user-agent': agent });

/** The alerts mailed to an address, newest first, once every login's background check has ended. */
async function alertsTo(email: string) {
  await api.deps.background!.idle();
  return (await outbox(api, email)).filter((message) => !message.code);
}

const linkIn = (text: string) => {
  const match = text.match(/\/(fa|en)\/security\/end-session\?token=(\S+)/);
  if (!match) throw new Error(`no link in ${text}`);
  return { locale: match[1], token: match[2]! };
};

describe('login alerts', () => {
  it('a new browser and system mails the device, address and a link; the same one again does not', async () => {
    const user = await withVerifiedEmail('en');
    await loginFrom(user, firefoxOnWindows);
    const [alert] = await alertsTo(user.email);
    expect(alert?.text).toContain('Firefox 133 on Windows');
    expect(alert?.text).toMatch(/Address: \d+\.\d+\.\d+\.\d+/);
    expect(linkIn(alert!.text).locale).toBe('en');

    await loginFrom(user, firefoxOnWindows);
    await loginFrom(user, firefoxOnWindows);
    expect(await alertsTo(user.email)).toHaveLength(1);
    await loginFrom(user, chromeOnMac);
    expect(await alertsTo(user.email)).toHaveLength(2);
  });

  it('is in the account’s language', async () => {
    const user = await withVerifiedEmail('fa');
    await loginFrom(user, chromeOnMac);
    const [alert] = await alertsTo(user.email);
    expect(alert?.text).toContain('به وقت تهران');
    // Names as their makers write them, the joining word and the version digits Persian.
    expect(alert?.text).toContain('دستگاه: Chrome ۱۳۱ روی Mac OS ۱۰.۱۵.۷، Apple Macintosh\n');
    expect(alert?.text).not.toMatch(/دستگاه:[^\n]*[0-9]/);
    expect(linkIn(alert!.text).locale).toBe('fa');
  });

  it('in Arabic names the device in Arabic words and Arabic-Indic digits', async () => {
    const user = await withVerifiedEmail('ar');
    await loginFrom(user, chromeOnMac);
    const [alert] = await alertsTo(user.email);
    expect(alert?.text).toContain('الجهاز: Chrome ١٣١ على Mac OS ١٠.١٥.٧، Apple Macintosh\n');
    expect(alert?.text).toContain('بتوقيت طهران');
    // The time in the same digits as the device and the address.
    expect(alert?.text).toMatch(/الوقت: [^\n0-9]*[٠-٩][^\n0-9]*\(بتوقيت طهران\)/);
  });

  it('the link ends that session (its tokens stop working) and only once; a forged link is refused', async () => {
    const user = await withVerifiedEmail();
    const stranger = await loginFrom(user, chromeOnMac);
    const [alert] = await alertsTo(user.email);
    const { token } = linkIn(alert!.text);
    const list = () => newClient(api).call('GET', identityPaths.sessions, { token: stranger.accessToken });
    expect((await list()).status).toBe(200);

    const state = () =>
      newClient(api).call<{ ended: boolean }>('POST', identityPaths.sessionLinkState, { body: { token } });
    expect((await state()).body).toMatchObject({ statusCode: 200, data: { ended: false } });
    const ended = await newClient(api).call<{ ended: boolean }>('POST', identityPaths.sessionEndByLink, {
      body: { token },
    });
    // A used link is told from a bad one: its session has ended, and nothing more is said.
    expect((await state()).body).toEqual(expect.objectContaining({ statusCode: 200, data: { ended: true } }));
    expect(ended.body).toMatchObject({ statusCode: 200, data: { ended: true } });
    expect((await list()).status).toBe(401);
    // The person's own session is untouched.
    expect(
      (await newClient(api).call('GET', identityPaths.sessions, { token: user.tokens.accessToken })).status,
    ).toBe(200);
    const again = await newClient(api).call<{ ended: boolean }>('POST', identityPaths.sessionEndByLink, {
      body: { token },
    });
    expect(again.body.data.ended).toBe(false);

    const forged = await signSessionLink('another-secret-that-is-long-enough-for-hs256', {
      userId: user.id,
      sessionId: 'any',
      ipAddress: '1.2.3.4',
      platform: 'x',
    });
    const refused = await newClient(api).call('POST', identityPaths.sessionEndByLink, {
      body: { token: forged },
    });
    expect(refused.status).toBe(401);
    const forgedState = await newClient(api).call('POST', identityPaths.sessionLinkState, {
      body: { token: forged },
    });
    expect(forgedState.status).toBe(401);
    const expired = await signSessionLink(
      api.deps.config.jwtSecret,
      { userId: user.id, sessionId: 'any', ipAddress: '1.2.3.4', platform: 'x' },
      Math.floor(Date.now() / 1000) - 8 * 24 * 3600,
    );
    expect(
      (await newClient(api).call('POST', identityPaths.sessionEndByLink, { body: { token: expired } }))
        .status,
    ).toBe(401);
  });

  it('nothing is mailed without a verified e-mail, or with alerts turned off', async () => {
    const unverified = await signUp(api);
    const email = `${unverified.username}@example.com`;
    await newClient(api).call('POST', profilePaths.email, {
      token: unverified.tokens.accessToken,
      body: { email },
    });
    await loginFrom(unverified, firefoxOnWindows);

    const off = await withVerifiedEmail();
    const turnedOff = await newClient(api).call<{ loginAlerts: boolean }>('PUT', profilePaths.twoFa, {
      token: off.tokens.accessToken,
      body: { loginAlerts: false },
    });
    expect(turnedOff.body.data.loginAlerts).toBe(false);
    const read = await newClient(api).call<{ loginAlerts: boolean; method: string }>(
      'GET',
      profilePaths.twoFa,
      {
        token: off.tokens.accessToken,
      },
    );
    expect(read.body.data).toMatchObject({ loginAlerts: false, method: 'sms' });
    await loginFrom(off, firefoxOnWindows);

    expect(await alertsTo(email)).toHaveLength(0);
    expect(await alertsTo(off.email)).toHaveLength(0);
  });
});
