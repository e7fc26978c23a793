import { identityPaths, type LoginStep, profilePaths as paths, type TokenPair } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { newClient, otherCode, signUp } from '../../../test/fixtures';
import { mailCatcherForFile, readMail } from '../../../test/mail-catcher';
import { appForFile } from '../../../test/test-app';

// The e-mail flows over a real SMTP exchange: the code the user types is the one the SMTP server received.

const smtp = mailCatcherForFile();
const mails = smtp.mails;
const api = appForFile(() => ({ config: smtp.config() }));

function codeMailedTo(address: string): string {
  const mail = [...mails].reverse().find((m) => m.to.includes(address));
  if (!mail) throw new Error(`no mail to ${address}`);
  const code = /\b(\d{6})\b/.exec(readMail(mail.raw).body)?.[1];
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
