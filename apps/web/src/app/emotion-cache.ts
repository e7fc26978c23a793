import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

// In rtl every style is mirrored by stylis-plugin-rtl (margin-left → margin-right, ...), so components
// are written once for ltr. Each direction has its own cache (and class prefix), created once.
const caches: Partial<Record<'rtl' | 'ltr', EmotionCache>> = {};

export function emotionCacheFor(direction: 'rtl' | 'ltr'): EmotionCache {
  const existing = caches[direction];
  if (existing) return existing;
  const cache =
    direction === 'rtl'
      ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'mui' });
  caches[direction] = cache;
  return cache;
}
