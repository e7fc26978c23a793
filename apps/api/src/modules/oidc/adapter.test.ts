import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { compactVerify, importJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testDatabase } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { adapterClass } from './adapter';
import { signingKeys } from './keys';
import { oidcPayloads, oidcSigningKeys } from './schema';
import { closeWriteBatch, openWriteBatch } from './write-batch';

let db: Database;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

const unique = () => randomBytes(8).toString('hex');

describe('the provider adapter', () => {
  it('keeps, finds, consumes and destroys payloads per model, and finds by uid', async () => {
    const Adapter = adapterClass(db);
    const interactions = new Adapter('Interaction');
    const sessions = new Adapter('Session');
    const id = unique();
    const uid = unique();
    await interactions.upsert(id, { accountId: 'u1' }, 60);
    await sessions.upsert(id, { uid, accountId: 'u1' }, 60);
    expect(await interactions.find(id)).toEqual({ accountId: 'u1' });
    expect(await sessions.findByUid(uid)).toEqual({ uid, accountId: 'u1' });
    expect(await interactions.findByUid(uid)).toBeUndefined();
    await interactions.upsert(id, { accountId: 'u2' }, 60);
    expect((await interactions.find(id))?.accountId).toBe('u2');
    await interactions.consume(id);
    expect((await interactions.find(id))?.consumed).toEqual(expect.any(Number));
    expect((await sessions.find(id))?.consumed).toBeUndefined();
    await interactions.destroy(id);
    expect(await interactions.find(id)).toBeUndefined();
    expect(await sessions.find(id)).toBeDefined();
  });

  it('forgets expired payloads and revokes every model of a grant', async () => {
    const Adapter = adapterClass(db);
    const grantId = unique();
    const [session, interaction, other] = [unique(), unique(), unique()];
    await new Adapter('Session').upsert(session, { grantId }, 60);
    await new Adapter('Interaction').upsert(interaction, { grantId }, 60);
    await new Adapter('Interaction').upsert(other, { grantId: unique() }, 60);
    const expired = unique();
    await new Adapter('AccessToken').upsert(expired, {}, -1);
    expect(await new Adapter('AccessToken').find(expired)).toBeUndefined();
    await new Adapter('Grant').revokeByGrantId(grantId);
    expect(await new Adapter('Session').find(session)).toBeUndefined();
    expect(await new Adapter('Interaction').find(interaction)).toBeUndefined();
    expect(await new Adapter('Interaction').find(other)).toBeDefined();
  });

  it('reads a code or token only while its grant is alive, and deletes what a dead grant gave', async () => {
    const Adapter = adapterClass(db);
    const grantId = unique();
    const [code, access, refresh, loose] = [unique(), unique(), unique(), unique()];
    await new Adapter('AuthorizationCode').upsert(code, { grantId }, 60);
    await new Adapter('AccessToken').upsert(access, { grantId }, 60);
    await new Adapter('RefreshToken').upsert(refresh, { grantId }, 60);
    await new Adapter('Grant').upsert(grantId, { accountId: 'u' }, 60);
    // No oidc_grants row: the grant is not alive (grants.ts).
    expect(await new Adapter('RefreshToken').find(refresh)).toBeUndefined();
    const left = await db.select().from(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    expect(left).toEqual([]);
    expect(await new Adapter('Grant').find(grantId)).toBeUndefined();
    await new Adapter('AccessToken').upsert(loose, { accountId: 'u' }, 60);
    expect(await new Adapter('AccessToken').find(loose)).toEqual({ accountId: 'u' });
  });

  it("holds a token request's writes until it closes; a consume another request took first saves nothing", async () => {
    const ctx = {};
    const Held = adapterClass(db, { context: () => ctx });
    const Direct = adapterClass(db);
    const [first, second, taken] = [unique(), unique(), unique()];
    await new Direct('RefreshToken').upsert(taken, {}, 60);

    openWriteBatch(ctx, db);
    await new Held('AccessToken').upsert(first, { accountId: 'u' }, 60);
    await new Held('RefreshToken').consume(taken);
    expect(await new Direct('AccessToken').find(first)).toBeUndefined();
    expect(await closeWriteBatch(ctx)).toBeUndefined();
    expect(await new Direct('AccessToken').find(first)).toEqual({ accountId: 'u' });
    expect((await new Direct('RefreshToken').find(taken))?.consumed).toEqual(expect.any(Number));

    // Consumed meanwhile (by the request above): the new token is not saved, and the request is told.
    openWriteBatch(ctx, db);
    await new Held('RefreshToken').consume(taken);
    await new Held('AccessToken').upsert(second, { accountId: 'u' }, 60);
    expect(await closeWriteBatch(ctx)).toEqual({ grantIds: [] });
    expect(await new Direct('AccessToken').find(second)).toBeUndefined();
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
