import { asc, desc, isNull, lt } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { oidcSigningKeys } from './schema';

const alg = 'ES256';
const day = 86_400_000;

/**
 * Rotation (docs/sign-in-with-workspace.md, "Signing keys"): a new key signs from the rotation on; the
 * retired key's public half stays in the JWKS for a day, beyond the longest token it signed (ID tokens
 * live an hour, access tokens ten minutes) and the minute processes take to pick up the new key.
 * Housekeeping rotates a key older than 90 days.
 */
export const keyRotation = { retiredKeptMs: day, maxAgeMs: 90 * day };

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

/** What changes when keys are made, rotated or dropped: each process compares it once a minute. */
export async function keysFingerprint(db: Db): Promise<string> {
  const rows = await db
    .select({ kid: oidcSigningKeys.kid, retired: oidcSigningKeys.retiredDate })
    .from(oidcSigningKeys)
    .orderBy(asc(oidcSigningKeys.kid));
  return rows.map((row) => `${row.kid}:${row.retired ? 'r' : 'c'}`).join(',');
}

async function createKey(db: Db, sealingKey: Buffer): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = uuidv7();
  await db.insert(oidcSigningKeys).values({
    kid,
    alg,
    publicJwk: { ...(await exportJWK(publicKey)) },
    privateJwkSealed: sealSecret(sealingKey, JSON.stringify(await exportJWK(privateKey)), kid),
  });
  return kid;
}

/** Drops retired keys whose tokens have all expired; answers their ids. */
export async function dropRetiredKeys(db: Db, now = new Date()): Promise<string[]> {
  const gone = await db
    .delete(oidcSigningKeys)
    .where(lt(oidcSigningKeys.retiredDate, new Date(now.getTime() - keyRotation.retiredKeptMs)))
    .returning({ kid: oidcSigningKeys.kid });
  return gone.map((row) => row.kid);
}

/** A new signing key; the current ones retire (published until their tokens expire). */
export async function rotateSigningKeys(
  db: Db,
  sealingKey: Buffer,
  now = new Date(),
): Promise<{ kid: string; retired: string[]; dropped: string[] }> {
  const dropped = await dropRetiredKeys(db, now);
  return db.transaction(async (tx) => {
    const retired = await tx
      .update(oidcSigningKeys)
      .set({ retiredDate: now })
      .where(isNull(oidcSigningKeys.retiredDate))
      .returning({ kid: oidcSigningKeys.kid });
    const kid = await createKey(tx, sealingKey);
    return { kid, retired: retired.map((row) => row.kid), dropped };
  });
}

/** Housekeeping: rotates when the signing key is older than 90 days, drops expired retired keys. */
export async function rotateOldKeys(db: Db, sealingKey: Buffer, now = new Date()): Promise<number> {
  const [newest] = await db
    .select({ created: oidcSigningKeys.createdDate })
    .from(oidcSigningKeys)
    .where(isNull(oidcSigningKeys.retiredDate))
    .orderBy(desc(oidcSigningKeys.createdDate))
    .limit(1);
  if (newest && now.getTime() - newest.created.getTime() > keyRotation.maxAgeMs) {
    const { retired, dropped } = await rotateSigningKeys(db, sealingKey, now);
    return retired.length + dropped.length + 1;
  }
  return (await dropRetiredKeys(db, now)).length;
}
