import { beforeEach, describe, expect, it } from 'vitest';
import { detectPlatform, markInstallSuggested, shouldOfferInstall } from './install-policy';

const ua = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

beforeEach(() => localStorage.clear());

describe('platform detection', () => {
  it('recognises Android, iPhone and iPadOS (a Mac with touch) and nothing else', () => {
    expect(detectPlatform(ua.android)).toBe('android');
    expect(detectPlatform(ua.iphone)).toBe('ios');
    expect(detectPlatform(ua.ipad, 5)).toBe('ios');
    expect(detectPlatform(ua.ipad, 0)).toBe('other');
    expect(detectPlatform(ua.windows)).toBe('other');
  });
});

describe('offering to install', () => {
  it('offers only on Android or iOS, never in standalone mode', () => {
    expect(shouldOfferInstall('android', false)).toBe(true);
    expect(shouldOfferInstall('ios', false)).toBe(true);
    expect(shouldOfferInstall('other', false)).toBe(false);
    expect(shouldOfferInstall('ios', true)).toBe(false);
  });

  it('never offers again once closed (remembered under pwa-suggested)', () => {
    markInstallSuggested();
    expect(localStorage.getItem('pwa-suggested')).toBe('true');
    expect(shouldOfferInstall('android', false)).toBe(false);
  });
});
