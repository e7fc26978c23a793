import { delay, http } from 'msw';
import { setupWorker } from 'msw/browser';
import { mockDelayOf } from '../lib/mock-timing';
import { mockHandlers, unknownApiCall } from './mock-handlers';

// The mocked-API mode (build flag VITE_API_MOCK=true; main.tsx starts this before the first render): a
// service worker of MSW's (mockServiceWorker.js, which mock-worker-plugin.ts serves and emits only in
// such builds) answers the API's calls from the features' handlers, each after a 1-2 s delay, so the
// interface can be worked on and demonstrated without a server. The app's own worker (the PWA's) is not
// registered in such builds: both would claim the same scope.

const apiPaths = ['/v1/*', '/dev/*', '/oidc/*', '/healthz', '/readyz'];

/** First for every API call: waits, then hands the call on to the handlers (a resolver that answers nothing). */
export const delayedApiCalls = apiPaths.map((path) =>
  http.all(path, async ({ request }) => {
    await delay(mockDelayOf(request));
  }),
);

/** Starts the worker; resolves once it answers, so no call goes to the network before it. */
export async function startMockWorker(): Promise<void> {
  await setupWorker(...delayedApiCalls, ...mockHandlers, ...unknownApiCall).start({
    // Everything else (the app's files, fonts, translations) comes from the server as usual.
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
