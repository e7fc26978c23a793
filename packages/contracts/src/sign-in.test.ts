import { describe, expect, it } from 'vitest';
import { isAllowedRedirectUri } from './sign-in';

describe('redirect URIs an application may register', () => {
  it.each([
    'https://shop.example/callback',
    'https://shop.example:8443/cb?tenant=1',
    'http://127.0.0.1/cb',
    'http://127.0.0.1:53124/cb',
    'http://[::1]:8080/cb',
    'http://localhost:3000/cb',
    'HTTP://LOCALHOST/cb',
    'com.example.app:/cb',
    'com.example.app:/oauth2redirect/example-provider',
  ])('accepts %s', (uri) => expect(isAllowedRedirectUri(uri)).toBe(true));

  it.each([
    'http://shop.example/cb',
    'http://127.0.0.1.evil.example/cb',
    'http://localhost.evil.example/cb',
    'http://[::2]/cb',
    'https://*.shop.example/cb',
    'https://shop.example/*',
    'https://shop.example/cb#frag',
    'https://user:pass@shop.example/cb',
    'https://user@shop.example/cb',
    'https:///cb',
    'https:/shop.example/cb',
    'javascript:alert(1)',
    'data:text/html,x',
    'file:///etc/passwd',
    'myapp:/cb',
    '/relative/cb',
    'https://shop.example/a b',
    'https://shop.example\\@evil.example/cb',
    '',
    `https://shop.example/${'a'.repeat(2000)}`,
  ])('refuses %s', (uri) => expect(isAllowedRedirectUri(uri)).toBe(false));
});
