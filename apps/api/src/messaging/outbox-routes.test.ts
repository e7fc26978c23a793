import { describe, expect, it } from 'vitest';
import { startTestApp, testConfig } from '../../test/test-app';

describe('the development outbox', () => {
  it('serves the kept messages for one recipient, newest first, in the envelope', async () => {
    const api = await startTestApp();
    try {
      const outbox = api.deps.messaging.outbox!;
      await api.deps.messaging.sms.send({ to: '09121110000', text: 'first 111111', code: '111111' });
      await api.deps.messaging.sms.send({ to: '09121110000', text: 'second 222222', code: '222222' });
      await api.deps.messaging.email.send({ to: 'x@example.com', subject: 's', text: 't' });
      expect(outbox.size()).toBe(3);
      // Any accepted spelling of the phone finds it.
      const answer = await api.call<{ code: string | null }[]>(
        'GET',
        `/dev/outbox/?to=${encodeURIComponent('+989121110000')}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([
        {
          channel: 'sms',
          to: '09121110000',
          text: 'second 222222',
          code: '222222',
          createdDate: expect.any(String),
        },
        {
          channel: 'sms',
          to: '09121110000',
          text: 'first 111111',
          code: '111111',
          createdDate: expect.any(String),
        },
      ]);
      const mail = await api.call<unknown[]>('GET', '/dev/outbox?to=x@example.com');
      expect(mail.body.data).toEqual([
        {
          channel: 'email',
          to: 'x@example.com',
          text: 's\n\nt',
          code: null,
          createdDate: expect.any(String),
        },
      ]);
    } finally {
      await api.close();
    }
  });

  it('does not exist in production, even with log providers allowed', async () => {
    const api = await startTestApp({
      config: testConfig({ NODE_ENV: 'production', ALLOW_LOG_PROVIDERS: 'true' }),
    });
    try {
      const answer = await api.call('GET', '/dev/outbox?to=09121110000');
      expect(answer.status).toBe(404);
      expect(answer.body.statusCode).toBe(404);
    } finally {
      await api.close();
    }
  });
});
