import { locales } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { renderNotification } from './catalogue';

describe('notification texts', () => {
  it.each(locales)('in %s, a two-factor change names the method the codes now come by', (locale) => {
    const bodies = (['sms', 'email', 'google'] as const).map(
      (method) => renderNotification('two-fa.changed', { method }, locale).body,
    );
    expect(new Set(bodies).size).toBe(3);
  });
});
