import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config';
import { testConfig } from './test-app';

// A real SMTP server on a loopback port that keeps what it receives: e-mail is tested over the wire.

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
}

export interface MailCatcher {
  /** Every message received so far, oldest first; a test may empty it (`mails.length = 0`). */
  readonly mails: CaughtMail[];
  /** Its address, smtp://127.0.0.1:port. */
  readonly url: string;
  /** The app's settings for sending e-mail to it (behind a trusted proxy, as the e-mail tests' clients). */
  config(): Config;
}

/** Starts the server before the file's tests and closes it after them. */
export function mailCatcherForFile(): MailCatcher {
  const mails: CaughtMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  beforeAll(async () => {
    const started = new SMTPServer({
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
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    server = started;
    port = (started.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  const catcher: MailCatcher = {
    mails,
    get url() {
      if (!port) throw new Error('the mail catcher is started in beforeAll: use it inside tests and hooks');
      return `smtp://127.0.0.1:${port}`;
    },
    config: () =>
      testConfig({
        TRUST_PROXY: 'true',
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: catcher.url,
        SMTP_FROM: 'Workspace manager <no-reply@example.test>',
      }),
  };
  return catcher;
}

/** Subject and text body of a raw single-part message, decoding MIME words, base64 and quoted-printable. */
export function readMail(raw: string): { subject: string; body: string; headers: string } {
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
