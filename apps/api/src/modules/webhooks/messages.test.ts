import { webhookEventTypes } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { eventTypeName } from './messages';

describe('webhook event names', () => {
  it('name every event type in words of each language, never its raw key', () => {
    for (const key of webhookEventTypes) {
      expect(eventTypeName(key, 'en'), key).toMatch(/^[A-Z][A-Za-z]*( [A-Za-z]+)*$/);
      for (const locale of ['fa', 'ar'] as const) {
        // Only the product name "API" stays in Latin letters.
        expect(eventTypeName(key, locale).replace('API', ''), `${key} in ${locale}`).not.toMatch(/[A-Za-z_]/);
      }
    }
  });

  it('call a revoked API key so in Persian and Arabic', () => {
    expect(eventTypeName('api_key.revoked', 'fa')).toBe('کلید API باطل شد');
    expect(eventTypeName('api_key.created', 'ar')).toBe('مفتاح API أُنشئ');
  });
});
