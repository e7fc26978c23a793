import { identityPaths, type LoginStep, profilePaths as paths, type TokenPair } from '@wsm/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, otherCode, signUp } from '../../../test/fixtures';
import { startTestApp, type TestApp, testConfig } from '../../../test/test-app';
import { createMessaging } from '../../messaging/messaging';

// The e-mail flows over a real SMTP exchange: the code the user types is the one the SMTP server received.

interface Mail {
  to: string[];
  raw: string;
}
let server: SMTPServer;
let api: TestApp;
const mails: Mail[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const config = testConfig({
    TRUST_PROXY: 'true',
    EMAIL_PROVIDER: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_FROM: 'Workspace manager <no-reply@example.test>',
  });
  api = await startTestApp({ config, messaging: createMessaging(config) });
});
afterAll(async () => {
  await api.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The text of a single-part message (base64, quoted-printable or plain). */
function bodyOf(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`),
      'latin1',
    )
      .toString('utf8')
      .replace(/%([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return body;
}

function codeMailedTo(address: string): string {
  const mail = [...mails].reverse().find((m) => m.to.includes(address));
  if (!mail) throw new Error(`no mail to ${address}`);
  const code = /\b(\d{6})\b/.exec(bodyOf(mail.raw))?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

describe('e-mail verification over SMTP', () => {
  it('mails the code to the new address; the verified address then receives login codes', async () => {
    const user = await signUp(api, undefined, { language: 'en' });
    const token = user.tokens.accessToken;
    const email = `${user.username}@example.com`;
    const client = newClient(api);
    const headers = { 'accept-language': 'en' };

    mails.length = 0;
    const sent = await client.call('POST', paths.email, { token, body: { email }, headers });
    expect(sent.body).toMatchObject({ statusCode: 200, data: { resendAfter: 120 } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([email]);
    expect(mails[0]!.raw).toMatch(/^Subject: Your e-mail verification code/im);
    const code = codeMailedTo(email);

    const wrong = await client.call('POST', paths.emailVerify, { token, body: { code: otherCode(code) } });
    expect(wrong.body.statusCode).toBe(620);
    const right = await client.call('POST', paths.emailVerify, { token, body: { code } });
    expect(right.body.statusCode).toBe(200);

    mails.length = 0;
    const step = await client.call<LoginStep>('POST', identityPaths.loginUsername, {
      body: { username: user.username, password: user.password },
    });
    expect(step.body.statusCode).toBe(630);
    await client.call('POST', identityPaths.loginSend, {
      body: { method: 'email' },
      token: step.body.data.accessToken,
    });
    expect(mails.map((m) => m.to)).toEqual([[email]]);
    const verified = await client.call<TokenPair>('POST', identityPaths.loginVerify, {
      body: { code: codeMailedTo(email) },
      token: step.body.data.accessToken,
    });
    expect(verified.body.statusCode).toBe(200);
  });
});
