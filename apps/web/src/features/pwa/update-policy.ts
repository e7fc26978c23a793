import { localKeys, readLocal, removeLocal, writeLocal } from '../../lib/storage';

// The update prompt: shown when the server's web-app version differs
// from the stored one (or a new service worker is waiting) and the next-retry time has passed.
// "No" counts down from 3 and postpones by 1, 3, then 7 days; the third "No" records the version.

const dayMs = 24 * 60 * 60 * 1000;

/** Retries before a declined version is simply recorded. */
export const updateRetryCount = 3;
/** Postponement after the first, second and third "No", in days. */
export const updatePostponeDays = [1, 3, 7] as const;

export interface UpdateState {
  storedVersion: string | null;
  retriesLeft: number;
  nextRetryAt: number;
}

/** The stored version and retry data (missing or broken values fall back to "never declined"). */
export function readUpdateState(): UpdateState {
  const retries = Number(readLocal(localKeys.versionRetryCount));
  const next = Number(readLocal(localKeys.versionNextRetry));
  return {
    storedVersion: readLocal(localKeys.version),
    retriesLeft:
      readLocal(localKeys.versionRetryCount) !== null && Number.isInteger(retries) && retries >= 0
        ? Math.min(retries, updateRetryCount)
        : updateRetryCount,
    nextRetryAt: Number.isFinite(next) && next > 0 ? next : 0,
  };
}

/** A version as compared: trimmed, without a leading "v"; empty means "not reported". */
export function normalizeVersion(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/^v(?=\d)/i, '');
}

/** True when the server reports a version and it is not the stored one. */
export function isDifferentVersion(
  serverVersion: string | null | undefined,
  storedVersion: string | null,
): boolean {
  const server = normalizeVersion(serverVersion);
  return server !== '' && server !== normalizeVersion(storedVersion);
}

export type UpdateDecision = 'prompt' | 'record' | 'none';

/**
 * What to do now. With no stored version yet (a first visit) the server's version is only recorded:
 * there is nothing to update from.
 */
export function decideUpdate(input: {
  serverVersion?: string | null;
  workerWaiting: boolean;
  state: UpdateState;
  now: number;
}): UpdateDecision {
  const { serverVersion, workerWaiting, state, now } = input;
  const server = normalizeVersion(serverVersion);
  if (server && state.storedVersion === null && !workerWaiting) return 'record';
  const newVersion = isDifferentVersion(server, state.storedVersion);
  if (!newVersion && !workerWaiting) return 'none';
  return now >= state.nextRetryAt ? 'prompt' : 'none';
}

/** Remembers a version as the current one. */
export function recordVersion(version: string | null | undefined): void {
  const value = normalizeVersion(version);
  if (value) writeLocal(localKeys.version, value);
}

/** Forgets every retry counter and postponement. */
export function clearRetryData(): void {
  removeLocal(localKeys.versionRetryCount);
  removeLocal(localKeys.versionNextRetry);
}

/** "No": one retry fewer and the next prompt postponed; below one retry the version is just recorded. */
export function declineUpdate(version: string | null | undefined, now: number = Date.now()): UpdateState {
  const before = readUpdateState();
  const retriesLeft = before.retriesLeft - 1;
  const step = Math.min(updateRetryCount - retriesLeft - 1, updatePostponeDays.length - 1);
  const nextRetryAt = now + (updatePostponeDays[Math.max(step, 0)] ?? 7) * dayMs;
  writeLocal(localKeys.versionNextRetry, String(nextRetryAt));
  if (retriesLeft < 1) {
    recordVersion(version);
    removeLocal(localKeys.versionRetryCount);
  } else {
    writeLocal(localKeys.versionRetryCount, String(retriesLeft));
  }
  return readUpdateState();
}

/** "Yes": the version is stored and the retry data cleared (the caller then clears caches and reloads). */
export function acceptUpdate(version: string | null | undefined): void {
  recordVersion(version);
  clearRetryData();
}
