import { formatDevice } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { clientInfo, describePlatform, deviceParts } from './client-info';

// Sessions and new-login notifications name the device ("Chrome 156 on Linux"); the raw user agent
// is kept only as the session's agent.

describe('describePlatform', () => {
  it('names browser, major version and system', () => {
    expect(
      describePlatform(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 126 on Windows 10');
    expect(describePlatform('Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0')).toBe(
      'Firefox 130 on Linux',
    );
  });

  it('calls a headless Chrome Chrome', () => {
    expect(
      describePlatform(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 156 on Linux');
  });

  it('is "unknown" for an empty or unreadable agent, which clientInfo keeps as sent', () => {
    expect(describePlatform('')).toBe('unknown');
    expect(clientInfo('127.0.0.1', 'node')).toEqual({
      ipAddress: '127.0.0.1',
      agent: 'node',
      platform: 'unknown',
    });
  });
});

describe('the device in each language', () => {
  const headless =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

  it('keeps product names and translates the joining words, versions in the language digits', () => {
    const parts = deviceParts(headless);
    expect(parts).toEqual({ browser: 'Chrome', browserVersion: '156', os: 'Linux' });
    expect(formatDevice(parts, 'en')).toBe('Chrome 156 on Linux');
    expect(formatDevice(parts, 'fa')).toBe('Chrome ۱۵۶ روی Linux');
    expect(formatDevice(parts, 'ar')).toBe('Chrome ١٥٦ على Linux');
    expect(formatDevice(deviceParts(iphone), 'fa')).toBe('Mobile Safari ۱۷ روی iOS ۱۷.۱، Apple iPhone');
  });

  it('has nothing to name for an unreadable agent', () => {
    expect(deviceParts('node')).toBeNull();
    expect(formatDevice(deviceParts('node'), 'fa')).toBeUndefined();
  });
});
