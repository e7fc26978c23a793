import { beforeEach, describe, expect, it } from 'vitest';
import { localKeys } from '../../lib/storage';
import {
  acceptUpdate,
  decideUpdate,
  declineUpdate,
  isDifferentVersion,
  readUpdateState,
  type UpdateState,
} from './update-policy';

const day = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 0, 10);
const fresh = (storedVersion: string | null): UpdateState => ({
  storedVersion,
  retriesLeft: 3,
  nextRetryAt: 0,
});

beforeEach(() => localStorage.clear());

describe('version compare', () => {
  it('treats a different reported version as new and the same one (any spacing or v prefix) as current', () => {
    expect(isDifferentVersion('1.2.0', '1.1.9')).toBe(true);
    expect(isDifferentVersion('1.0.0', '1.2.0')).toBe(true); // differs, also when older (a rollback)
    expect(isDifferentVersion(' 1.2.0 ', '1.2.0')).toBe(false);
    expect(isDifferentVersion('v1.2.0', '1.2.0')).toBe(false);
  });

  it('never calls a missing or empty reported version new', () => {
    expect(isDifferentVersion(null, '1.0.0')).toBe(false);
    expect(isDifferentVersion('  ', '1.0.0')).toBe(false);
  });
});

describe('deciding', () => {
  it('only records the version on a first visit (nothing stored yet)', () => {
    expect(decideUpdate({ serverVersion: '1.0.0', workerWaiting: false, state: fresh(null), now })).toBe(
      'record',
    );
  });

  it('prompts for a new version and stays quiet for the stored one', () => {
    expect(decideUpdate({ serverVersion: '1.1.0', workerWaiting: false, state: fresh('1.0.0'), now })).toBe(
      'prompt',
    );
    expect(decideUpdate({ serverVersion: '1.0.0', workerWaiting: false, state: fresh('1.0.0'), now })).toBe(
      'none',
    );
  });

  it('prompts when a new service worker waits, even without a reported version', () => {
    expect(decideUpdate({ serverVersion: null, workerWaiting: true, state: fresh('1.0.0'), now })).toBe(
      'prompt',
    );
  });

  it('does not prompt before the next-retry time', () => {
    const state = { storedVersion: '1.0.0', retriesLeft: 2, nextRetryAt: now + 1000 };
    expect(decideUpdate({ serverVersion: '1.1.0', workerWaiting: false, state, now })).toBe('none');
    expect(decideUpdate({ serverVersion: '1.1.0', workerWaiting: false, state, now: now + 1000 })).toBe(
      'prompt',
    );
  });
});

describe('answering', () => {
  it('"No" three times postpones by 1, 3 and 7 days, then records the version', () => {
    localStorage.setItem(localKeys.version, '1.0.0');
    let state = declineUpdate('1.1.0', now);
    expect(state).toEqual({ storedVersion: '1.0.0', retriesLeft: 2, nextRetryAt: now + day });
    state = declineUpdate('1.1.0', now);
    expect(state).toEqual({ storedVersion: '1.0.0', retriesLeft: 1, nextRetryAt: now + 3 * day });
    state = declineUpdate('1.1.0', now);
    expect(state.storedVersion).toBe('1.1.0');
    expect(state.nextRetryAt).toBe(now + 7 * day);
    expect(decideUpdate({ serverVersion: '1.1.0', workerWaiting: false, state, now: now + 8 * day })).toBe(
      'none',
    );
  });

  it('"Yes" stores the version and clears the retry data', () => {
    localStorage.setItem(localKeys.version, '1.0.0');
    declineUpdate('1.1.0', now);
    acceptUpdate('1.1.0');
    expect(readUpdateState()).toEqual({ storedVersion: '1.1.0', retriesLeft: 3, nextRetryAt: 0 });
    expect(localStorage.getItem(localKeys.versionRetryCount)).toBeNull();
    expect(localStorage.getItem(localKeys.versionNextRetry)).toBeNull();
  });

  it('reads broken stored retry data as "never declined"', () => {
    localStorage.setItem(localKeys.versionRetryCount, 'abc');
    localStorage.setItem(localKeys.versionNextRetry, '-5');
    expect(readUpdateState()).toEqual({ storedVersion: null, retriesLeft: 3, nextRetryAt: 0 });
  });
});
