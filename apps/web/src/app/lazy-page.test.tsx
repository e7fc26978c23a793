import { cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, retryFailedLoads } from './lazy-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

const draw = (page: ReactNode) => (
  <Boundary>
    <Suspense fallback={<p>loading</p>}>{page}</Suspense>
  </Boundary>
);

describe('a lazily loaded page', () => {
  it('once preloaded, draws at once: the prerenderer and hydration get the page, not the loading state', async () => {
    const Page = lazyPage(async () => ({ name }: { name: string }) => <h1>{name}</h1>);
    expect(renderToString(draw(<Page name="login" />))).toContain('loading');
    await Page.preload();
    expect(renderToString(draw(<Page name="login" />))).toContain('<h1>login</h1>');
  });

  it('whose file failed to load shows the error, without loading again, until a navigation retries it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fails = true;
    const load = vi.fn(async () => {
      if (fails) throw new TypeError('Failed to fetch dynamically imported module');
      return () => <h1>members</h1>;
    });
    const Page = lazyPage(load);
    const view = render(draw(<Page />));
    await screen.findByText('failed');
    view.unmount();
    render(draw(<Page />));
    await screen.findByText('failed');
    expect(load).toHaveBeenCalledTimes(1);

    fails = false;
    retryFailedLoads();
    cleanup();
    render(draw(<Page />));
    await screen.findByRole('heading', { name: 'members' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
