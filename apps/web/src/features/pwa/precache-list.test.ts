import { describe, expect, it } from 'vitest';
import { precacheList } from '../../../pwa-plugin';

describe('precacheList', () => {
  it('lists emitted and public files once, sorted, without source maps or the worker itself', () => {
    expect(
      precacheList(
        ['assets/index-a.js', 'assets/index-a.js.map', 'sw.js', 'index.html'],
        ['favicon.svg', 'index.html'],
      ),
    ).toEqual(['/assets/index-a.js', '/favicon.svg', '/index.html']);
  });

  it('leaves out the on-demand chunks (the password-strength dictionaries)', () => {
    const list = precacheList(
      ['assets/index-a.js', 'assets/password-estimator-b.js', 'index.html'],
      [],
      ['assets/password-estimator-b.js'],
    );
    expect(list).toEqual(['/assets/index-a.js', '/index.html']);
  });
});
