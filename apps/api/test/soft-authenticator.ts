import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// A software passkey for the API tests: an ES256 (P-256) key made with node:crypto, answering WebAuthn
// options the way a browser and a platform authenticator would (attestation "none"), so registration
// and login run through the real verification. Its origin and counter can be set per answer, to play a
// phishing page or a cloned authenticator.

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

/** Encodes the few CBOR types WebAuthn uses (RFC 8949): integers, byte and text strings, arrays, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

export interface SoftPasskey {
  credentialId: string;
  /** Signature counter of the next answer (it goes up by one with each authentication). */
  counter: number;
  register(options: Options, overrides?: { origin?: string }): RegistrationAnswer;
  authenticate(options: Options, overrides?: { origin?: string; counter?: number }): AuthenticationAnswer;
}

export interface RegistrationAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

export interface AuthenticationAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

/** A new software passkey for `origin` (the RP id is taken from the options, as a browser does). */
export function softPasskey(origin: string): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialIdBytes = randomBytes(32);
  const credentialId = b64url(credentialIdBytes);
  const key = privateKey as KeyObject;
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  // COSE_Key (RFC 9053): kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const coseKey = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );

  const authData = (rpId: string, counter: number, attested: boolean): Buffer => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    // User present (0x01) and verified (0x04); attested credential data included (0x40) at registration.
    const flags = Buffer.from([0x01 | 0x04 | (attested ? 0x40 : 0)]);
    const parts: Buffer[] = [sha256(rpId), flags, count];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialIdBytes.length);
      parts.push(Buffer.alloc(16), idLength, credentialIdBytes, coseKey);
    }
    return Buffer.concat(parts);
  };
  const clientData = (type: string, challenge: string, from: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  const passkey: SoftPasskey = {
    credentialId,
    counter: 1,
    register(options, overrides = {}) {
      const rpId = options.rp?.id ?? new URL(origin).hostname;
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(rpId, 0, true)],
        ]),
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(
            clientData('webauthn.create', options.challenge, overrides.origin ?? origin),
          ),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    authenticate(options, overrides = {}) {
      const rpId = options.rpId ?? new URL(origin).hostname;
      const counter = overrides.counter ?? passkey.counter++;
      const data = authData(rpId, counter, false);
      const client = clientData('webauthn.get', options.challenge, overrides.origin ?? origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), key);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
  return passkey;
}
