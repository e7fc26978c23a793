import { describe, expect, it } from 'vitest';
import { uriRefusal } from './uri-check';

// The settings refuse a redirect URI with the reason a developer can act on, by the server's rule.

describe('uriRefusal', () => {
  it('accepts exact https, loopback http with any port and private-use schemes', () => {
    for (const uri of [
      'https://shop.example/callback',
      'http://127.0.0.1:53124/cb',
      'http://[::1]/cb',
      'http://localhost:3000/callback',
      'com.example.app:/cb',
    ])
      expect(uriRefusal(uri, [])).toBeUndefined();
  });

  it.each([
    ['https://*.shop.example/cb', 'wildcard'],
    ['http://shop.example/cb', 'httpLoopbackOnly'],
    ['http://127.0.0.1.evil.example/cb', 'httpLoopbackOnly'],
    ['https://shop.example/cb#x', 'fragment'],
    ['https://user:pass@shop.example/cb', 'credentials'],
    ['myapp:/cb', 'privateScheme'],
    ['https://shop example/cb', 'spaces'],
    ['not a uri', 'spaces'],
    ['', 'empty'],
  ])('refuses %j: %s', (uri, reason) => {
    expect(uriRefusal(uri, [])).toBe(reason);
  });

  it('refuses a duplicate and a 21st address', () => {
    expect(uriRefusal('https://a.example/cb', ['https://a.example/cb'])).toBe('duplicate');
    const twenty = Array.from({ length: 20 }, (_, i) => `https://a.example/${i}`);
    expect(uriRefusal('https://b.example/cb', twenty)).toBe('tooMany');
  });
});
