import type { Locale } from '@wsm/contracts';

// Registers /sw.js (production builds only) and tells listeners when a new worker is waiting.
// The page never activates a new worker by itself: the update dialog asks first (applyUpdate).

type WaitingListener = (worker: ServiceWorker | null) => void;
const listeners = new Set<WaitingListener>();
let waiting: ServiceWorker | null = null;

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const listener of listeners) listener(worker);
}

/** The worker waiting to take over, if any. */
export const waitingWorker = (): ServiceWorker | null => waiting;

/** Calls the listener whenever a new worker starts or stops waiting; returns the unsubscribe function. */
export function onWaitingWorker(listener: WaitingListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function watch(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // Without a controller this is the first install: it activates at once, nothing to ask.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
    });
  });
}

/** Registers the service worker once the page has loaded; returns the registration (or null). */
export async function registerServiceWorker(url = '/sw.js'): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  try {
    const registration = await navigator.serviceWorker.register(url, { scope: '/' });
    watch(registration);
    return registration;
  } catch (cause) {
    console.warn('Service worker registration failed', cause);
    return null;
  }
}

/** Deletes every Cache Storage entry (the update dialog's "Yes"). */
export async function clearCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

/**
 * Lets the waiting worker take over, then reloads; without a waiting worker it reloads at once.
 * `reload` is injectable for tests.
 */
export function activateAndReload(reload: () => void = () => window.location.reload()): void {
  const worker = waiting;
  if (!worker || !('serviceWorker' in navigator)) {
    reload();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', finish, { once: true });
  // A worker that never takes over must not leave the user on a dialog that did nothing.
  setTimeout(finish, 3000);
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** Points <link rel="manifest"> at the manifest of the current language (name and start_url in it). */
export function applyManifestLocale(locale: Locale, doc: Document = document): void {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = `/manifest.${locale}.webmanifest`;
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** For tests. */
export function resetServiceWorkerState(): void {
  waiting = null;
  listeners.clear();
}
