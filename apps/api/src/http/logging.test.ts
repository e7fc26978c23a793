import { identityPaths, profilePaths, type TokenPair, workspacePaths } from '@wsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkspace,
  latestCode,
  newClient,
  randomNationalCode,
  randomPhone,
  signUp,
  strongPassword,
} from '../../test/fixtures';
import { startTestApp, type TestApp, testConfig } from '../../test/test-app';

// Every log line of a whole account's life (sign-up, login, renewal, password change) is read back, at
// the most verbose level, with a hook that logs each request's headers and body as a careless debug
// line would: no password, code or token may appear in any of them.

let api: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  api = await startTestApp({
    config: testConfig({ LOG_LEVEL: 'trace', TRUST_PROXY: 'true' }),
    logStream: { write: (line) => lines.push(line) },
    extend(app) {
      app.addHook('preHandler', async (request) => {
        request.log.trace({ headers: request.headers, body: request.body }, 'request in full');
      });
    },
  });
});
afterAll(() => api.close());

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('logs', () => {
  it('never carry a password, code or token through sign-up, login, renewal and a password change', async () => {
    const client = newClient(api);
    const phone = randomPhone();
    const nationalCode = randomNationalCode();
    const secrets: string[] = [strongPassword];

    const start = await client.call<{ signupToken: string }>('POST', identityPaths.signupPhone, {
      body: { phone, nationalCode },
    });
    const signupCode = await latestCode(api, phone);
    const verified = await client.call<{ signupToken: string }>('POST', identityPaths.signupVerify, {
      body: { signupToken: start.body.data.signupToken, code: signupCode },
    });
    const signedUp = await client.call<TokenPair>('POST', identityPaths.signupPassword, {
      body: {
        signupToken: verified.body.data.signupToken,
        password: strongPassword,
        username: `log${Date.now()}`,
      },
    });
    expect(signedUp.body.statusCode).toBe(200);
    secrets.push(start.body.data.signupToken, verified.body.data.signupToken, signupCode);
    secrets.push(signedUp.body.data.accessToken, signedUp.body.data.refreshToken);

    const step = await client.call<{ accessToken: string }>('POST', identityPaths.loginNationalCode, {
      body: { nationalCode, password: strongPassword },
    });
    expect(step.body.statusCode).toBe(630);
    const loginCode = await latestCode(api, phone);
    const loggedIn = await client.call<TokenPair>('POST', identityPaths.loginVerify, {
      body: { code: loginCode },
      token: step.body.data.accessToken,
    });
    expect(loggedIn.body.statusCode).toBe(200);
    secrets.push(step.body.data.accessToken, loginCode, loggedIn.body.data.accessToken);
    secrets.push(loggedIn.body.data.refreshToken);

    const renewed = await client.call<TokenPair>('POST', identityPaths.renew, {
      body: { refreshToken: loggedIn.body.data.refreshToken },
    });
    expect(renewed.body.statusCode).toBe(200);
    const token = renewed.body.data.accessToken;
    secrets.push(token, renewed.body.data.refreshToken);

    expect((await client.call('GET', profilePaths.passwordCode, { token })).body.statusCode).toBe(200);
    const passwordCode = await latestCode(api, phone);
    const newPassword = 'Another-Long-Passphrase-7';
    const changed = await client.call('PUT', profilePaths.password, {
      body: { currentPassword: strongPassword, password: newPassword, code: passwordCode },
      token,
    });
    expect(changed.body.statusCode).toBe(200);
    secrets.push(passwordCode, newPassword);

    // The lines are there, at trace level, with the request bodies (their other fields) in them.
    expect(
      lines.some((line) => line.includes('"msg":"request in full"') && line.includes(nationalCode)),
    ).toBe(true);
    expect(lines.some((line) => line.includes('[redacted]'))).toBe(true);
    for (const secret of secrets)
      for (const line of lines)
        expect(line.includes(secret), `a log line holds ${secret}: ${line}`).toBe(false);
  });

  it("carry our request id, the proxy's beside it, and the user and workspace once they are known", async () => {
    const user = await signUp(api);
    const workspace = await createWorkspace(api, user);
    lines.length = 0;
    const answer = await api.call('GET', workspacePaths.workspace(workspace.id), {
      token: user.tokens.accessToken,
      headers: { 'x-request-id': 'trace-me-123' },
    });
    expect(answer.status).toBe(200);
    // This app trusts the proxy in front (the test's own connection): its id is kept beside ours.
    const ours = answer.headers.get('x-request-id');
    expect(ours).not.toBe('trace-me-123');
    const completed = parsed().find((line) => line.reqId === ours && line.msg === 'request completed');
    expect(completed).toMatchObject({
      proxyRequestId: 'trace-me-123',
      userId: user.id,
      workspaceId: workspace.id,
    });
    // Before the guards ran, neither is known: the first line names only the request.
    const incoming = parsed().find((line) => line.reqId === ours && line.msg === 'incoming request');
    expect(incoming).toMatchObject({ proxyRequestId: 'trace-me-123' });
    expect(incoming).not.toHaveProperty('userId');
  });
});
