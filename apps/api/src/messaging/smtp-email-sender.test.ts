import { type LoginStep, identityPaths as paths } from '@wsm/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, signUp } from '../../test/fixtures';
import { startTestApp, testConfig } from '../../test/test-app';
import { setPreferredTwoFaMethod, setUserEmail } from '../modules/identity/service';
import { createMessaging } from './messaging';
import { createSmtpEmailSender } from './smtp-email-sender';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}
let server: SMTPServer;
let port: number;
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
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Subject and text body of a raw single-part message, decoding MIME words, base64 and quoted-printable. */
function readMail(raw: string): { subject: string; body: string; headers: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const rawBody = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  const subject = header('Subject').replace(
    /=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi,
    (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(rawBody.replace(/=\r\n/g, ''))
        : rawBody;
  return { subject, body, headers };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

describe('the SMTP e-mail sender', () => {
  it('delivers the message to a real SMTP server', async () => {
    const sender = createSmtpEmailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Workspace <no-reply@example.test>',
    });
    mails.length = 0;
    await sender.send({
      to: 'sara@example.com',
      subject: 'Your login code',
      text: 'Your login code: 482913',
      code: '482913',
    });
    sender.close();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'no-reply@example.test', to: ['sara@example.com'] });
    const mail = readMail(mails[0]!.raw);
    expect(mail.subject).toBe('Your login code');
    expect(mail.body).toContain('482913');
    expect(mail.headers).toMatch(/^To: sara@example\.com$/im);
  });

  it('fails with a delivery error when the server is unreachable', async () => {
    const sender = createSmtpEmailSender({ url: 'smtp://127.0.0.1:1', from: 'x@example.test' });
    await expect(sender.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(
      /SMTP delivery failed/,
    );
  });

  it('carries login codes in the user language through the API', async () => {
    const config = testConfig({
      TRUST_PROXY: 'true',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'Workspace manager <no-reply@example.test>',
    });
    const api = await startTestApp({ config, messaging: createMessaging(config) });
    try {
      const user = await signUp(api);
      const email = `${user.username}@example.com`;
      await setUserEmail(api.deps, user.id, email, true);
      await setPreferredTwoFaMethod(api.deps, user.id, 'email');
      mails.length = 0;
      const client = newClient(api);
      const step = await client.call<LoginStep>('POST', paths.loginNationalCode, {
        body: { nationalCode: user.nationalCode, password: user.password },
      });
      expect(step.body.data.method).toBe('email');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual([email]);
      const mail = readMail(mails[0]!.raw);
      expect(mail.subject).toBe('کد ورود');
      const code = /(\d{6})/.exec(mail.body)?.[1];
      expect(code).toBeDefined();
      const verify = await client.call('POST', paths.loginVerify, {
        body: { code },
        token: step.body.data.accessToken,
      });
      expect(verify.body.statusCode).toBe(200);
    } finally {
      await api.close();
    }
  });
});
