import { decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, signIn, signInClient } from '../../../test/oidc-fixtures';
import { appForFile, testConfig, testDatabase } from '../../../test/test-app';
import { runHousekeeping } from '../../housekeeping';
import { keyRotation, keysFingerprint, rotateOldKeys, rotateSigningKeys, signingKeys } from './keys';
import { oidcSigningKeys } from './schema';

const api = appForFile();
beforeAll(() => {
  (api.deps.config as { publicUrl: string }).publicUrl = api.url;
});

const jwksKids = async () => {
  const jwks = (await (await fetch(`${api.url}/oidc/jwks`)).json()) as { keys: { kid: string }[] };
  return jwks.keys.map((key) => key.kid);
};

describe('rotating the signing keys', () => {
  it('signs with the new key at once, keeps the old public key published for a day, then drops it', async () => {
    const { config, owner } = await signInClient(api);
    const before = await signIn(config, new Browser(api, owner.tokens.accessToken), { scope: 'openid' });
    const oldKid = decodeProtectedHeader(before.id_token!).kid!;
    const db = api.deps.database.db;
    const sealing = api.deps.config.totpEncryptionKey;
    const rotated = await rotateSigningKeys(db, sealing);
    expect(rotated.retired).toContain(oldKid);
    // The process notices within a minute; here, at once, by asking it as the minute had passed.
    const { vi } = await import('vitest');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const after = await signIn(config, new Browser(api, owner.tokens.accessToken), { scope: 'openid' });
      expect(decodeProtectedHeader(after.id_token!).kid).toBe(rotated.kids.ES256);
    } finally {
      vi.useRealTimers();
    }
    expect(await jwksKids()).toEqual(
      expect.arrayContaining([rotated.kids.ES256, rotated.kids.RS256, oldKid]),
    );
    // A day and a bit later the old key leaves; housekeeping does it.
    const later = new Date(Date.now() + keyRotation.retiredKeptMs + 60_000);
    const report = await runHousekeeping(api.deps, later);
    expect(report?.oidc_signing_keys).toBeGreaterThanOrEqual(1);
    const kids = (await db.select().from(oidcSigningKeys)).map((row) => row.kid);
    expect(kids).toEqual(expect.arrayContaining([rotated.kids.ES256, rotated.kids.RS256]));
    expect(kids).not.toContain(oldKid);
  });
});

describe('the keys by themselves', () => {
  it('rotates a key older than 90 days, and the fingerprint follows every change', async () => {
    // The test apps' sealing key: other files' providers on the same database must read what this makes.
    const { db } = await testDatabase();
    const sealing = testConfig().totpEncryptionKey;
    const current = await signingKeys(db, sealing);
    const print = await keysFingerprint(db);
    expect(await rotateOldKeys(db, sealing)).toBe(0);
    expect(await keysFingerprint(db)).toBe(print);
    const inNinetyOneDays = new Date(Date.now() + 91 * 86_400_000);
    // Both algorithms' keys retire and are replaced together.
    expect(await rotateOldKeys(db, sealing, inNinetyOneDays)).toBeGreaterThanOrEqual(4);
    const keys = await signingKeys(db, sealing);
    const signing = (alg: string) => keys.find((key) => key.alg === alg)!.kid;
    for (const old of current) {
      expect(signing(old.alg!)).not.toBe(old.kid);
      expect(keys.map((key) => key.kid)).toContain(old.kid);
    }
    expect(await keysFingerprint(db)).not.toBe(print);
  });
});
