import { createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import { asc, isNull, lt } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { ExternalSigningKey } from 'oidc-provider';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { oidcSigningKeys } from './schema';

/** The ID token algorithms on offer, each with its own current key: ES256 by default, RS256 on request. */
export const signingAlgs = ['ES256', 'RS256'] as const;
export type SigningAlg = (typeof signingAlgs)[number];
const day = 86_400_000;

/**
 * Rotation (docs/sign-in-with-workspace.md, "Signing keys"): a new key signs from the rotation on; the
 * retired key's public half stays in the JWKS for a day, beyond the longest token it signed (ID tokens
 * live an hour, access tokens ten minutes) and the minute processes take to pick up the new key.
 * Housekeeping rotates a key older than 90 days.
 */
export const keyRotation = { retiredKeptMs: day, maxAgeMs: 90 * day };

/**
 * The provider's signing keys, read from the database: a start without a current key of an algorithm
 * (ES256, RS256) makes that pair, its private JWK sealed like the authenticator-app secrets
 * (lib/secret-box.ts, bound to the key id). The oldest current key of an algorithm comes first and signs,
 * so processes that started together and each made a key agree; retired keys stay so their tokens can
 * still be checked.
 */
export async function signingKeys(db: Db, sealingKey: Buffer): Promise<JWK[]> {
  let rows = await db.select().from(oidcSigningKeys).orderBy(asc(oidcSigningKeys.createdDate));
  const missing = signingAlgs.filter(
    (alg) => !rows.some((row) => row.alg === alg && row.retiredDate === null),
  );
  if (missing.length > 0) {
    for (const alg of missing) await createKey(db, sealingKey, alg);
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

/** How Node's crypto.sign signs for each algorithm: ES256 as JWS wants it (r || s, not DER). */
const nodeSignatures: Record<SigningAlg, { digest: string; dsaEncoding?: 'ieee-p1363' }> = {
  ES256: { digest: 'sha256', dsaEncoding: 'ieee-p1363' },
  RS256: { digest: 'sha256' },
};

/**
 * The keys as the provider's ExternalSigningKey (features.externalSigningSupport, provider.ts), each
 * signing with its KeyObject through Node's crypto.sign: the library's own path signs through WebCrypto
 * (jose), a thread-pool job and a promise per ID token, a tenth of a refresh grant's CPU
 * (docs/performance.md). The library publishes only the public parameters the key's getters give.
 * `Base` is the library's class, passed in so that this module does not load the library.
 */
export function nodeSigningKeys(Base: typeof ExternalSigningKey, jwks: JWK[]): ExternalSigningKey[] {
  return jwks.map((jwk) => {
    const alg = jwk.alg as SigningAlg;
    const { digest, dsaEncoding } = nodeSignatures[alg];
    const privateKey: KeyObject = createPrivateKey({ key: jwk as never, format: 'jwk' });
    const publicKey = createPublicKey(privateKey);
    const key = new (class extends Base {
      override keyObject() {
        return publicKey;
      }
      override sign(data: Uint8Array) {
        return sign(digest, data, dsaEncoding ? { key: privateKey, dsaEncoding } : privateKey);
      }
    })();
    Object.assign(key, { kid: jwk.kid, alg });
    return key;
  });
}

/** What changes when keys are made, rotated or dropped: each process compares it once a minute. */
export async function keysFingerprint(db: Db): Promise<string> {
  const rows = await db
    .select({ kid: oidcSigningKeys.kid, retired: oidcSigningKeys.retiredDate })
    .from(oidcSigningKeys)
    .orderBy(asc(oidcSigningKeys.kid));
  return rows.map((row) => `${row.kid}:${row.retired ? 'r' : 'c'}`).join(',');
}

async function createKey(db: Db, sealingKey: Buffer, alg: SigningAlg): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 });
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

/** A new signing key of each algorithm; the current ones retire (published until their tokens expire). */
export async function rotateSigningKeys(
  db: Db,
  sealingKey: Buffer,
  now = new Date(),
): Promise<{ kids: Record<SigningAlg, string>; retired: string[]; dropped: string[] }> {
  const dropped = await dropRetiredKeys(db, now);
  return db.transaction(async (tx) => {
    const retired = await tx
      .update(oidcSigningKeys)
      .set({ retiredDate: now })
      .where(isNull(oidcSigningKeys.retiredDate))
      .returning({ kid: oidcSigningKeys.kid });
    const kids = {
      ES256: await createKey(tx, sealingKey, 'ES256'),
      RS256: await createKey(tx, sealingKey, 'RS256'),
    };
    return { kids, retired: retired.map((row) => row.kid), dropped };
  });
}

/** Housekeeping: rotates when a signing key is older than 90 days, drops expired retired keys. */
export async function rotateOldKeys(db: Db, sealingKey: Buffer, now = new Date()): Promise<number> {
  // The oldest current key: all rotate together, so an RS256 key added later does not postpone ES256's turn.
  const [oldest] = await db
    .select({ created: oidcSigningKeys.createdDate })
    .from(oidcSigningKeys)
    .where(isNull(oidcSigningKeys.retiredDate))
    .orderBy(asc(oidcSigningKeys.createdDate))
    .limit(1);
  if (oldest && now.getTime() - oldest.created.getTime() > keyRotation.maxAgeMs) {
    const { retired, dropped } = await rotateSigningKeys(db, sealingKey, now);
    return retired.length + dropped.length + signingAlgs.length;
  }
  return (await dropRetiredKeys(db, now)).length;
}
