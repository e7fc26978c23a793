import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { identityPaths as paths } from '@wsm/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ageChallenge, newClient, randomNationalCode, randomPhone } from '../../test/fixtures';
import { startTestApp, type TestApp, testConfig } from '../../test/test-app';
import { createKavenegarSmsSender } from './kavenegar-sms-sender';
import { createMessaging } from './messaging';
import { MessageDeliveryError } from './sms-sender';

// A local stand-in for api.kavenegar.com speaking its documented format
// (https://kavenegar.com/rest.html): POST /v1/{API-KEY}/sms/send.json, form fields receptor, sender, message.
interface Received {
  apiKey: string;
  contentType: string | undefined;
  form: Record<string, string>;
}
let server: Server;
let base: string;
let received: Received[] = [];
let reply: (res: ServerResponse) => void;

const success = (res: ServerResponse, form: Record<string, string>) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({
      return: { status: 200, message: 'تایید شد' },
      entries: [
        {
          messageid: 8792343,
          message: form.message,
          status: 1,
          statustext: 'در صف ارسال',
          sender: form.sender ?? '10004346',
          receptor: form.receptor,
          date: Math.floor(Date.now() / 1000),
          cost: 120,
        },
      ],
    }),
  );
};
const failure = (httpStatus: number, status: number, message: string) => (res: ServerResponse) => {
  res.writeHead(httpStatus, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ return: { status, message }, entries: null }));
};

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    const match = /^\/v1\/([^/]+)\/sms\/send\.json$/.exec(req.url ?? '');
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method !== 'POST' || !match) return failure(404, 404, 'not found')(res);
    const form = Object.fromEntries(new URLSearchParams(body));
    received.push({ apiKey: decodeURIComponent(match[1]!), contentType: req.headers['content-type'], form });
    if (reply === undefined) return success(res, form);
    reply(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  reply = undefined as unknown as typeof reply;
});

describe('the Kavenegar SMS sender', () => {
  it('posts receptor, sender and message form-encoded to /v1/{key}/sms/send.json', async () => {
    const sms = createKavenegarSmsSender({ apiKey: 'TEST-KEY-123', sender: '10004346', baseUrl: `${base}/` });
    await sms.send({ to: '09121234567', text: 'کد ورود شما: 123456', code: '123456' });
    expect(received).toEqual([
      {
        apiKey: 'TEST-KEY-123',
        contentType: expect.stringContaining('application/x-www-form-urlencoded'),
        form: { receptor: '09121234567', sender: '10004346', message: 'کد ورود شما: 123456' },
      },
    ]);
  });

  it('fails on any return.status but 200, on an unreadable answer and when unreachable', async () => {
    const sms = createKavenegarSmsSender({ apiKey: 'K', baseUrl: base });
    reply = failure(400, 418, 'اعتبار حساب شما کافی نیست');
    await expect(sms.send({ to: '09121234567', text: 'x' })).rejects.toThrow(/418/);
    reply = failure(200, 411, 'receptor invalid');
    await expect(sms.send({ to: '09121234567', text: 'x' })).rejects.toBeInstanceOf(MessageDeliveryError);
    reply = (res) => res.writeHead(502).end('<html>bad gateway</html>');
    await expect(sms.send({ to: '09121234567', text: 'x' })).rejects.toThrow(/HTTP 502/);
    const down = createKavenegarSmsSender({ apiKey: 'SECRET-KEY', baseUrl: 'http://127.0.0.1:1' });
    const error = await down.send({ to: '09121234567', text: 'x' }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(MessageDeliveryError);
    expect((error as Error).message).not.toContain('SECRET-KEY');
  });

  it('never posts to a number that is not an Iranian mobile', async () => {
    const sms = createKavenegarSmsSender({ apiKey: 'K', baseUrl: base });
    await expect(sms.send({ to: '+447911123456', text: 'x' })).rejects.toBeInstanceOf(MessageDeliveryError);
    expect(received).toHaveLength(0);
  });
});

describe('the API with Kavenegar', () => {
  let api: TestApp;
  beforeAll(async () => {
    const config = testConfig({
      TRUST_PROXY: 'true',
      SMS_PROVIDER: 'kavenegar',
      KAVENEGAR_API_KEY: 'APP-KEY',
      KAVENEGAR_SENDER: '2000500666',
      KAVENEGAR_BASE_URL: base,
    });
    api = await startTestApp({ config, messaging: createMessaging(config, null) });
  });
  afterAll(() => api.close());

  it('texts sign-up codes through the gateway', async () => {
    const phone = randomPhone();
    const answer = await newClient(api).call('POST', paths.signupPhone, {
      body: { phone, nationalCode: randomNationalCode() },
    });
    expect(answer.body.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.form).toMatchObject({ receptor: phone, sender: '2000500666' });
    expect(received[0]!.form.message).toMatch(/\d{6}/);
  });

  it('answers 503 when the gateway refuses, and a resend can be tried again at once', async () => {
    const client = newClient(api);
    reply = failure(401, 401, 'invalid api key');
    const refused = await client.call('POST', paths.signupPhone, {
      body: { phone: randomPhone(), nationalCode: randomNationalCode() },
    });
    expect(refused.status).toBe(503);
    expect(refused.body.statusCode).toBe(503);

    reply = undefined as unknown as typeof reply;
    const started = await client.call<{ signupToken: string }>('POST', paths.signupPhone, {
      body: { phone: randomPhone(), nationalCode: randomNationalCode() },
    });
    const signupToken = started.body.data.signupToken;
    await ageChallenge(api.deps.database, 'signup', signupToken, 120);
    reply = failure(400, 418, 'no credit');
    const failed = await client.call('POST', paths.signupResend, { body: { signupToken } });
    expect(failed.status).toBe(503);
    reply = undefined as unknown as typeof reply;
    const retried = await client.call('POST', paths.signupResend, { body: { signupToken } });
    expect(retried.body.statusCode).toBe(200);
  });

  it('has no development outbox when no provider is a log provider', async () => {
    const config = testConfig({
      SMS_PROVIDER: 'kavenegar',
      KAVENEGAR_API_KEY: 'K',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    const other = await startTestApp({ config });
    try {
      expect((await other.call('GET', '/dev/outbox')).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
