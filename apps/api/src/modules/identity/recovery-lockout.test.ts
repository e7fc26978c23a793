import { identityPaths as paths, type TokenPair } from '@wsm/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  latestCode,
  logIn,
  newClient,
  otherCode,
  outbox,
  signUp,
  type TestUser,
} from '../../../test/fixtures';
import { appForFile, behindProxy } from '../../../test/test-app';
import { hashOpaqueToken } from './one-time-codes';
import { challenges } from './schema';

// Strangers, from any number of addresses, cannot spend the owner's recovery (docs/security.md,
// "Recovery nobody else can spend"): each texted code serves only the start it was texted for, one
// address spends a small share of the phone's texts, and a browser the account signed in from texts on
// its own budget.

const api = appForFile(behindProxy);

type Start = { recoveryToken: string; phone: string; resendAfter: number };

/** Calls with a cookie header, as a browser that holds the cookie sends it. */
const withCookie = (client: Client, cookie: string | undefined): Client => ({
  ip: client.ip,
  call: (method, path, options = {}) =>
    client.call(method, path, { ...options, headers: { ...(cookie ? { cookie } : {}), ...options.headers } }),
});

/** The secret of a recovery text's link. */
function linkOf(text: string): string {
  const secret = /forgot-password\/link#([\w-]{43})$/m.exec(text)?.[1];
  if (!secret) throw new Error(`no link in: ${text}`);
  return secret;
}

const start = (client: Client, nationalCode: string) =>
  client.call<Start>('POST', paths.recoveryStart, { body: { nationalCode } });
const verify = async (client: Client, recoveryToken: string, code: string) =>
  (await client.call('POST', paths.recoveryVerify, { body: { recoveryToken, code } })).body.statusCode;

/** The owner signed in from its browser: the device cookie that browser holds for the recovery start. */
async function ownerWithBrowser(): Promise<{ owner: TestUser; cookie: string; attributes: string[] }> {
  const owner = await signUp(api);
  const home = newClient(api);
  const step = await home.call<{ accessToken: string }>('POST', paths.loginNationalCode, {
    body: { nationalCode: owner.nationalCode, password: owner.password },
  });
  const answer = await home.call<TokenPair>('POST', paths.loginVerify, {
    body: { code: await latestCode(api, owner.phone) },
    token: step.body.data.accessToken,
  });
  expect(answer.status).toBe(200);
  const line = answer.headers.getSetCookie().find((value) => value.startsWith('knownDevice='));
  if (!line) throw new Error('no device cookie');
  const [pair = '', ...attributes] = line.split(/;\s*/);
  return { owner, cookie: pair, attributes };
}

/** Strangers, each from its own address, start recovery for the owner and spend every try they get. */
async function strangersAttack(owner: TestUser, addresses: number): Promise<void> {
  for (let i = 0; i < addresses; i++) {
    const stranger = newClient(api);
    for (let s = 0; s < 3; s++) {
      const begun = await start(stranger, owner.nationalCode);
      expect(begun.body.statusCode).toBe(200);
      const guesses = [];
      for (let t = 0; t < 5; t++)
        guesses.push(await verify(stranger, begun.body.data.recoveryToken, '000000'));
      expect(guesses.at(-1)).toBe(660);
    }
  }
}

describe('recovery strangers cannot spend', () => {
  it('after starts and wrong codes from 12 addresses, the owner completes recovery from a new address', async () => {
    const { owner, cookie, attributes } = await ownerWithBrowser();
    expect(attributes.map((a) => a.toLowerCase())).toEqual(
      expect.arrayContaining([
        'httponly',
        'samesite=strict',
        `path=${paths.recoveryStart.replace(/\/$/, '')}`,
      ]),
    );
    const textsBefore = (await outbox(api, owner.phone)).length;
    await strangersAttack(owner, 12);
    // The strangers' 36 starts texted the phone 5 times (its hourly recovery budget), no more.
    expect((await outbox(api, owner.phone)).length - textsBefore).toBe(5);

    const away = withCookie(newClient(api), cookie);
    const begun = await start(away, owner.nationalCode);
    expect(begun.body.statusCode).toBe(200);
    const { recoveryToken } = begun.body.data;
    expect((await outbox(api, owner.phone)).length - textsBefore).toBe(6);
    expect(await verify(away, recoveryToken, await latestCode(api, owner.phone))).toBe(200);
    const changed = await away.call('POST', paths.recoveryChange, {
      body: { recoveryToken, password: 'A-brand-new-secret-1' },
    });
    expect(changed.body.statusCode).toBe(200);
    await logIn(api, { ...owner, password: 'A-brand-new-secret-1' });
  });

  it("after strangers spent the phone's texts, the owner recovers on a new browser by the latest text's link", async () => {
    const owner = await signUp(api);
    const stranger = newClient(api);
    const theirs = (await start(stranger, owner.nationalCode)).body.data.recoveryToken;
    const firstLink = linkOf((await outbox(api, owner.phone))[0]!.text);
    await strangersAttack(owner, 12);
    const texts = (await outbox(api, owner.phone)).length;

    // The owner's own start on a browser that never signed in: the budget is spent, nothing is texted.
    const away = newClient(api);
    expect((await start(away, owner.nationalCode)).body.statusCode).toBe(200);
    expect((await outbox(api, owner.phone)).length).toBe(texts);

    const [latest] = await outbox(api, owner.phone);
    expect(latest!.text).toContain(`${api.deps.config.publicUrl}/fa/login/forgot-password/link#`);
    const opened = await away.call<{ recoveryToken: string }>('POST', paths.recoveryLink, {
      body: { link: linkOf(latest!.text) },
    });
    expect(opened.body.statusCode).toBe(200);
    const { recoveryToken } = opened.body.data;
    expect(recoveryToken).not.toBe(theirs);
    // Once only; and whoever started the recovery it was texted for gains nothing by it.
    const again = await newClient(api).call('POST', paths.recoveryLink, {
      body: { link: linkOf(latest!.text) },
    });
    expect(again.status).toBe(401);
    const password = 'A-brand-new-secret-1';
    const theirChange = await stranger.call('POST', paths.recoveryChange, {
      body: { recoveryToken: theirs, password },
    });
    expect(theirChange.status).toBe(401);

    const changed = await away.call('POST', paths.recoveryChange, { body: { recoveryToken, password } });
    expect(changed.body.statusCode).toBe(200);
    await logIn(api, { ...owner, password });
    // A new password ends every link texted before it.
    const old = await newClient(api).call('POST', paths.recoveryLink, { body: { link: firstLink } });
    expect(old.status).toBe(401);
  });

  it('a link works for a day, and a made-up one never', async () => {
    const owner = await signUp(api);
    await start(newClient(api), owner.nationalCode);
    const link = linkOf((await outbox(api, owner.phone))[0]!.text);
    const db = api.deps.database.db;
    await db
      .update(challenges)
      .set({ linkExpiresDate: new Date(Date.now() - 1000) })
      .where(eq(challenges.linkHash, hashOpaqueToken(link)));
    const late = await newClient(api).call('POST', paths.recoveryLink, { body: { link } });
    expect(late.status).toBe(401);
    const madeUp = await newClient(api).call('POST', paths.recoveryLink, { body: { link: 'x'.repeat(43) } });
    expect(madeUp.status).toBe(401);
    const malformed = await newClient(api).call('POST', paths.recoveryLink, { body: { link: 'short' } });
    expect(malformed.status).toBe(400);
  });

  it("a code serves only its own start: others' wrong tries never reach it, and it fails on their tokens", async () => {
    const owner = await signUp(api);
    const home = newClient(api);
    const own = (await start(home, owner.nationalCode)).body.data.recoveryToken;
    const code = await latestCode(api, owner.phone);
    const stranger = newClient(api);
    const theirs = (await start(stranger, owner.nationalCode)).body.data.recoveryToken;
    const theirCode = await latestCode(api, owner.phone);
    expect(await verify(stranger, theirs, code === theirCode ? otherCode(code) : code)).toBe(620);
    for (let t = 0; t < 4; t++) await verify(stranger, theirs, otherCode(theirCode));
    expect(await verify(stranger, theirs, theirCode)).toBe(660);
    expect(await verify(home, own, code)).toBe(200);
  });

  it('one address texts the phone twice an hour; a forged or foreign device cookie gets no budget of its own', async () => {
    const owner = await signUp(api);
    const { cookie: foreign } = await ownerWithBrowser();
    const texts = async () => (await outbox(api, owner.phone)).length;
    const before = await texts();
    const one = newClient(api);
    for (let s = 0; s < 5; s++) expect((await start(one, owner.nationalCode)).body.statusCode).toBe(200);
    expect((await texts()) - before).toBe(2);
    // Other addresses spend the rest of the phone's hourly budget (5).
    for (let i = 0; i < 2; i++) for (let s = 0; s < 3; s++) await start(newClient(api), owner.nationalCode);
    expect((await texts()) - before).toBe(5);
    for (const cookie of [foreign, `${foreign.split('.')[0]}.forged`, 'knownDevice=x.y'])
      expect((await start(withCookie(newClient(api), cookie), owner.nationalCode)).body.statusCode).toBe(200);
    expect((await texts()) - before).toBe(5);
  });
});
