import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/test-app';
import { createLogEmailSender, createLogSmsSender, createOutbox } from './log-provider';
import { createMessaging } from './messaging';
import { MessageDeliveryError } from './sms-sender';

afterEach(() => vi.restoreAllMocks());

describe('the log providers and the outbox', () => {
  it('keep each message, newest first, and print each code in one line', async () => {
    const outbox = createOutbox();
    const lines: string[] = [];
    const sms = createLogSmsSender(outbox, (line) => lines.push(line));
    const email = createLogEmailSender(outbox, (line) => lines.push(line));
    await sms.send({ to: '09121234567', text: 'کد ورود شما: 123456', code: '123456' });
    await email.send({
      to: 'a@example.com',
      subject: 'Your code',
      text: 'Your code: 654321',
      code: '654321',
    });
    await sms.send({ to: '09121234567', text: 'hello\nthere' });
    expect(lines).toEqual([
      '[sms] 09121234567 code 123456',
      '[email] a@example.com code 654321',
      '[sms] 09121234567 hello there',
    ]);
    expect(outbox.list('09121234567').map((m) => m.code)).toEqual([null, '123456']);
    expect(outbox.list('A@example.com')).toEqual([
      {
        channel: 'email',
        to: 'a@example.com',
        text: 'Your code\n\nYour code: 654321',
        code: '654321',
        createdDate: expect.any(String),
      },
    ]);
    expect(outbox.list()).toHaveLength(3);
  });

  it('refuses to text anything but an Iranian mobile number (SMS pumping)', async () => {
    const sms = createLogSmsSender(createOutbox(), null);
    for (const to of ['+447911123456', '00989121234567', '0211234567', '09121234']) {
      await expect(sms.send({ to, text: 'x' })).rejects.toBeInstanceOf(MessageDeliveryError);
    }
  });

  it('forgets the oldest messages beyond its capacity', async () => {
    const outbox = createOutbox(2);
    for (const to of ['09120000001', '09120000002', '09120000003'])
      outbox.add({ channel: 'sms', to, text: 't', code: null });
    expect(outbox.list().map((m) => m.to)).toEqual(['09120000003', '09120000002']);
  });

  it('prints codes on the console, unless the test app says not to', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      // A setting of production or of tests changes nothing: only the printer given does.
      const local = createMessaging(testConfig());
      await local.sms.send({ to: '09121234567', text: 'code 111222', code: '111222' });
      expect(log).toHaveBeenCalledWith('[sms] 09121234567 code 111222');
      log.mockClear();
      await createMessaging(testConfig(), null).sms.send({ to: '09121234567', text: 'x', code: '1' });
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });
});
