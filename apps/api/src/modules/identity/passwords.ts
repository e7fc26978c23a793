import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify } from '@node-rs/argon2';
import {
  type Locale,
  loadPasswordEstimator,
  type PasswordOwner,
  passwordUserInputs,
  StatusCode,
} from '@wsm/contracts';
import { AppError } from '../../http/app-error';

// argon2id (the library's default algorithm) at OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const policy = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const argon2id = 2;

/** Hashes a password with argon2id (a PHC string with its own salt). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, policy);
}

let dummy: Promise<string> | undefined;

// A hash of a random password, made once: verifying against it costs what a real verification costs.
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}

/**
 * Checks a password against a stored hash, or against a dummy hash when there is no account, so an
 * unknown user and a wrong password take the same time. False for a malformed hash.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  const target = storedHash ?? (await dummyHash());
  let matches: boolean;
  try {
    matches = await verify(target, password);
  } catch {
    matches = false;
  }
  return storedHash !== null && matches;
}

/** True when a stored hash is weaker than the current policy (rehash it on the next successful login). */
export function needsRehash(storedHash: string): boolean {
  try {
    const used = parseOptions(storedHash);
    return (
      used.algorithm !== argon2id ||
      used.memoryCost < policy.memoryCost ||
      used.timeCost < policy.timeCost ||
      used.parallelism < policy.parallelism
    );
  } catch {
    return true;
  }
}

/** Warms the dummy hash at start-up, so the first unknown-user login is not faster or slower. */
export function prepareDummyHash(): Promise<void> {
  return dummyHash().then(() => undefined);
}

/**
 * Refuses a password zxcvbn finds guessable, the person's own data counted as guessable words: a
 * body-400 error on the `password` field, in the request's language. Sign-up, recovery and the
 * password change call it before anything is spent (the flow's token or code stays usable).
 */
export async function assertStrongPassword(password: string, owner: PasswordOwner, locale: Locale) {
  const estimator = await loadPasswordEstimator();
  const strength = estimator.estimate(password, passwordUserInputs(owner));
  if (strength.acceptable) return;
  throw new AppError(StatusCode.validation, {
    data: { errors: [{ path: 'password', message: estimator.refusalText(strength, locale) }] },
  });
}
