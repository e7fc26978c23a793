import { asc } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { oidcSigningKeys } from './schema';

const alg = 'ES256';

/**
 * The provider's signing keys, read from the database: the first start makes an ES256 pair, its private
 * JWK sealed like the authenticator-app secrets (lib/secret-box.ts, bound to the key id). The oldest
 * current key comes first and signs, so processes that started together and each made a key agree;
 * retired keys stay so their tokens can still be checked.
 */
export async function signingKeys(db: Db, sealingKey: Buffer): Promise<JWK[]> {
  let rows = await db.select().from(oidcSigningKeys).orderBy(asc(oidcSigningKeys.createdDate));
  if (!rows.some((row) => row.retiredDate === null)) {
    await createKey(db, sealingKey);
    rows = await db.select().from(oidcSigningKeys).orderBy(asc(oidcSigningKeys.createdDate));
  }
  const current = rows.filter((row) => row.retiredDate === null);
  const retired = rows.filter((row) => row.retiredDate !== null);
  return [...current, ...retired].map((row) => ({
    ...(JSON.parse(openSecret(sealingKey, row.privateJwkSealed, row.kid)) as JWK),
    kid: row.kid,
    alg: row.alg,
    use: 'sig',
  }));
}

async function createKey(db: Db, sealingKey: Buffer): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = uuidv7();
  await db.insert(oidcSigningKeys).values({
    kid,
    alg,
    publicJwk: { ...(await exportJWK(publicKey)) },
    privateJwkSealed: sealSecret(sealingKey, JSON.stringify(await exportJWK(privateKey)), kid),
  });
}
