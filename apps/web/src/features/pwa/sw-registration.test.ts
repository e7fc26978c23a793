import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  activateAndReload,
  applyManifestLocale,
  onWaitingWorker,
  registerServiceWorker,
  resetServiceWorkerState,
  waitingWorker,
} from './sw-registration';

class FakeTarget extends EventTarget {}

function fakeServiceWorkerContainer(registration: unknown, controller: unknown) {
  const container = Object.assign(new FakeTarget(), {
    controller,
    register: vi.fn().mockResolvedValue(registration),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}

afterEach(() => {
  resetServiceWorkerState();
  vi.useRealTimers();
});

describe('the service worker registration', () => {
  it('registers /sw.js for the whole site and reports a worker already waiting', async () => {
    const waiting = { postMessage: vi.fn() };
    const registration = Object.assign(new FakeTarget(), { waiting, installing: null });
    const container = fakeServiceWorkerContainer(registration, { scriptURL: '/sw.js' });
    await registerServiceWorker();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(waitingWorker()).toBe(waiting);
  });

  it('reports a newly installed worker only when an older one controls the page', async () => {
    const registration = Object.assign(new FakeTarget(), { waiting: null, installing: null as unknown });
    fakeServiceWorkerContainer(registration, { scriptURL: '/sw.js' });
    const seen: unknown[] = [];
    onWaitingWorker((worker) => seen.push(worker));
    await registerServiceWorker();
    const installing = Object.assign(new FakeTarget(), { state: 'installing', postMessage: vi.fn() });
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    installing.state = 'installed';
    installing.dispatchEvent(new Event('statechange'));
    expect(seen).toEqual([installing]);
  });

  it('does not report the first install (nothing controls the page yet)', async () => {
    const registration = Object.assign(new FakeTarget(), { waiting: null, installing: null as unknown });
    fakeServiceWorkerContainer(registration, null);
    await registerServiceWorker();
    const installing = Object.assign(new FakeTarget(), { state: 'installed' });
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    installing.dispatchEvent(new Event('statechange'));
    expect(waitingWorker()).toBeNull();
  });

  it('on accept tells the waiting worker to skip waiting and reloads once it controls the page', async () => {
    const waiting = { postMessage: vi.fn() };
    const registration = Object.assign(new FakeTarget(), { waiting, installing: null });
    const container = fakeServiceWorkerContainer(registration, { scriptURL: '/sw.js' });
    await registerServiceWorker();
    const reload = vi.fn();
    activateAndReload(reload);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads anyway when the worker never takes over', async () => {
    vi.useFakeTimers();
    const waiting = { postMessage: vi.fn() };
    fakeServiceWorkerContainer(Object.assign(new FakeTarget(), { waiting, installing: null }), {});
    await registerServiceWorker();
    const reload = vi.fn();
    activateAndReload(reload);
    vi.advanceTimersByTime(3000);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('points the manifest link at the language of the page', () => {
    document.head.innerHTML = '<link rel="manifest" href="/manifest.fa.webmanifest">';
    applyManifestLocale('en');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest.en.webmanifest',
    );
  });
});
