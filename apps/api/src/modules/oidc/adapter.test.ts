import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { compactVerify, importJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testDatabase } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { adapterClass } from './adapter';
import { signingKeys } from './keys';
import { oidcSigningKeys } from './schema';

let db: Database;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

const unique = () => randomBytes(8).toString('hex');

describe('the provider adapter', () => {
  it('keeps, finds, consumes and destroys payloads per model, and finds by uid', async () => {
    const Adapter = adapterClass(db);
    const codes = new Adapter('AuthorizationCode');
    const sessions = new Adapter('Session');
    const id = unique();
    const uid = unique();
    await codes.upsert(id, { accountId: 'u1', grantId: 'g1' }, 60);
    await sessions.upsert(id, { uid, accountId: 'u1' }, 60);
    expect(await codes.find(id)).toEqual({ accountId: 'u1', grantId: 'g1' });
    expect(await sessions.findByUid(uid)).toEqual({ uid, accountId: 'u1' });
    expect(await codes.findByUid(uid)).toBeUndefined();
    await codes.upsert(id, { accountId: 'u2', grantId: 'g1' }, 60);
    expect((await codes.find(id))?.accountId).toBe('u2');
    await codes.consume(id);
    expect((await codes.find(id))?.consumed).toEqual(expect.any(Number));
    expect((await sessions.find(id))?.consumed).toBeUndefined();
    await codes.destroy(id);
    expect(await codes.find(id)).toBeUndefined();
    expect(await sessions.find(id)).toBeDefined();
  });

  it('forgets expired payloads and revokes every model of a grant', async () => {
    const Adapter = adapterClass(db);
    const grantId = unique();
    const [access, refresh, other] = [unique(), unique(), unique()];
    await new Adapter('AccessToken').upsert(access, { grantId }, 60);
    await new Adapter('RefreshToken').upsert(refresh, { grantId }, 60);
    await new Adapter('RefreshToken').upsert(other, { grantId: unique() }, 60);
    const expired = unique();
    await new Adapter('AccessToken').upsert(expired, { grantId: unique() }, -1);
    expect(await new Adapter('AccessToken').find(expired)).toBeUndefined();
    await new Adapter('Grant').revokeByGrantId(grantId);
    expect(await new Adapter('AccessToken').find(access)).toBeUndefined();
    expect(await new Adapter('RefreshToken').find(refresh)).toBeUndefined();
    expect(await new Adapter('RefreshToken').find(other)).toBeDefined();
  });

  it('takes a hostile id as a value, not as SQL', async () => {
    const codes = new (adapterClass(db))('AuthorizationCode');
    const id = `x'); drop table oidc_payloads; --`;
    await codes.upsert(id, { accountId: 'u' }, 60);
    expect(await codes.find(id)).toEqual({ accountId: 'u' });
  });
});

describe('the signing keys', () => {
  it('makes one ES256 and one RS256 key at first start, keeps their private halves sealed, and signs with them after', async () => {
    // The test apps' sealing key: other files' providers on the same database read what this makes.
    const sealing = testConfig().totpEncryptionKey;
    await db.delete(oidcSigningKeys);
    const first = await signingKeys(db, sealing);
    const again = await signingKeys(db, sealing);
    expect(first.map((k) => k.alg).sort()).toEqual(['ES256', 'RS256']);
    expect(again.map((k) => k.kid)).toEqual(first.map((k) => k.kid));
    for (const key of first) {
      const alg = key.alg!;
      const [row] = await db.select().from(oidcSigningKeys).where(eq(oidcSigningKeys.kid, key.kid!));
      expect(row!.alg).toBe(alg);
      expect(row!.privateJwkSealed).not.toContain(key.d);
      expect(row!.publicJwk).not.toHaveProperty('d');
      const jws = await new SignJWT({ a: 1 }).setProtectedHeader({ alg }).sign(await importJWK(key, alg));
      await expect(compactVerify(jws, await importJWK(row!.publicJwk, alg))).resolves.toBeDefined();
    }
    await expect(signingKeys(db, randomBytes(32))).rejects.toThrow();
  });
});
