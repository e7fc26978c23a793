import { describe, expect, it } from 'vitest';
import { AuthCache, type CachedSession } from './auth-cache';

const alive: CachedSession = { userId: 'u-1', expiresMs: Date.now() + 3_600_000, lastSeenMs: Date.now() };

function counting<T>(value: T) {
  const loader = {
    calls: 0,
    load: async () => {
      loader.calls++;
      return value;
    },
  };
  return loader;
}

describe('auth cache', () => {
  it('serves a second lookup from memory and reads again after the change is announced', async () => {
    const cache = new AuthCache<string>();
    cache.channelUp();
    const loader = counting(alive);
    await cache.session('s-1', loader.load);
    await cache.session('s-1', loader.load);
    expect(loader.calls).toBe(1);
    cache.invalidate('s:s-1');
    await cache.session('s-1', loader.load);
    expect(loader.calls).toBe(2);

    const access = counting('member');
    await cache.membership('w-1', 'u-1', access.load);
    await cache.membership('w-1', 'u-1', access.load);
    expect(access.calls).toBe(1);
    cache.invalidate('w-1'); // not a known message: drops everything
    await cache.membership('w-1', 'u-1', access.load);
    cache.invalidate('w:w-1');
    await cache.membership('w-1', 'u-1', access.load);
    expect(access.calls).toBe(3);
  });

  it('while the channel is lost reads through on every lookup, and starts empty once it is back', async () => {
    const lookups: string[] = [];
    const cache = new AuthCache<string>({ onLookup: (_, outcome) => void lookups.push(outcome) });
    cache.channelUp();
    const loader = counting(alive);
    await cache.session('s-1', loader.load);
    cache.channelDown();
    await cache.session('s-1', loader.load);
    await cache.session('s-1', loader.load);
    expect(loader.calls).toBe(3);
    expect(cache.active).toBe(false);
    // Back: what was read before the loss is not trusted; the next lookup reads, the one after is kept.
    cache.channelUp();
    await cache.session('s-1', loader.load);
    await cache.session('s-1', loader.load);
    expect(loader.calls).toBe(4);
    expect(lookups).toEqual(['miss', 'bypass', 'bypass', 'miss', 'hit']);
  });

  it('never keeps an answer read before a change that was announced while it was read', async () => {
    const cache = new AuthCache<string>();
    cache.channelUp();
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return 'old role';
    };
    const reading = cache.membership('w-1', 'u-1', slow);
    cache.invalidate('w:w-1'); // the change commits while the read is in flight
    release();
    expect(await reading).toBe('old role');
    const loader = counting('new role');
    expect(await cache.membership('w-1', 'u-1', loader.load)).toBe('new role');
    expect(loader.calls).toBe(1);
  });

  it('does not keep a session that is not alive, and drops entries past their age', async () => {
    let now = 0;
    const cache = new AuthCache<string>({ maxAgeMs: 1000, now: () => now });
    cache.channelUp();
    const dead = counting<CachedSession | undefined>(undefined);
    await cache.session('s-1', dead.load);
    await cache.session('s-1', dead.load);
    expect(dead.calls).toBe(2);
    const loader = counting(alive);
    await cache.session('s-2', loader.load);
    now = 999;
    await cache.session('s-2', loader.load);
    now = 1000;
    await cache.session('s-2', loader.load);
    expect(loader.calls).toBe(2);
  });

  it('shares syncs among callers, and never hands a caller one that was sent before it asked', async () => {
    const cache = new AuthCache<string>();
    cache.channelUp();
    // A channel of one listener (this process) that delivers each message a few milliseconds later.
    const sent: string[] = [];
    cache.sendWith(
      async (message) => {
        sent.push(message);
        setTimeout(() => cache.invalidate(message), 5);
      },
      async () => 1,
    );
    const syncsSent = () => sent.filter((message) => message.startsWith('sync:')).length;

    const first = cache.sync();
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(syncsSent()).toBe(1);
    // Ten callers while the first sync is out: they wait for one more, sent after they asked.
    const later = Array.from({ length: 10 }, () => cache.sync());
    let laterDone = false;
    void Promise.all(later).then(() => {
      laterDone = true;
    });
    await first;
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(laterDone).toBe(false);
    await Promise.all(later);
    expect(syncsSent()).toBe(2);
  });
});
