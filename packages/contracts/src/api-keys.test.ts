import { describe, expect, it } from 'vitest';
import { apiKeyOf, crc32, createApiKeyRequestSchema, isWellFormedApiKey } from './api-keys';

describe('API key format', () => {
  it('is wsk_ + 32 base62 + 6 base62 of the CRC-32 that a scanner checks offline', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    const key = apiKeyOf('A'.repeat(32));
    expect(key).toMatch(/^wsk_A{32}[0-9A-Za-z]{6}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(isWellFormedApiKey(`${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`)).toBe(false);
    expect(isWellFormedApiKey(key.replace('wsk_', 'wsx_'))).toBe(false);
    expect(isWellFormedApiKey(`${key}0`)).toBe(false);
  });

  it('refuses an expiry in the past', () => {
    const base = { workspaceId: 'w', name: 'n', permissions: ['tenant_members_read'] };
    expect(
      createApiKeyRequestSchema.safeParse({ ...base, expiresDate: '2000-01-01T00:00:00Z' }).success,
    ).toBe(false);
    expect(
      createApiKeyRequestSchema.safeParse({ ...base, expiresDate: '2999-01-01T00:00:00Z' }).success,
    ).toBe(true);
    expect(createApiKeyRequestSchema.safeParse({ ...base, expiresDate: null }).success).toBe(true);
  });
});
