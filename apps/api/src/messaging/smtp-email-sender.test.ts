import { type LoginStep, identityPaths as paths } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { newClient, signUp } from '../../test/fixtures';
import { mailCatcherForFile, readMail } from '../../test/mail-catcher';
import { startTestApp } from '../../test/test-app';
import { setPreferredTwoFaMethod, setUserEmail } from '../modules/identity/service';
import { createSmtpEmailSender } from './smtp-email-sender';

const smtp = mailCatcherForFile();
const mails = smtp.mails;

describe('the SMTP e-mail sender', () => {
  it('delivers the message to a real SMTP server', async () => {
    const sender = createSmtpEmailSender({
      url: smtp.url,
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
    const api = await startTestApp({ config: smtp.config() });
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
