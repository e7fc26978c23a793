import { StatusCode, statusMessages } from '@wsm/contracts';
import { CanceledError, type HttpAdapter, HttpError, type HttpRequest, type HttpResponse } from './http';

// The mocked-API mode (build flag VITE_API_MOCK=true): every call is answered
// from canned envelopes after a random 1–2 s delay, and uploads report progress every 100 ms, so the
// interface can be worked on and demonstrated without a server.

export const mockDelayRangeMs = [1000, 2000] as const;
export const mockProgressIntervalMs = 100;

export interface MockAnswer {
  status?: number;
  body: unknown;
}

export interface MockRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  /** A path (query string ignored, trailing slash optional) or a pattern. */
  path: string | RegExp;
  answer: (config: HttpRequest) => MockAnswer;
}

function pathOf(config: HttpRequest): string {
  const url = config.url;
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function findRoute(routes: readonly MockRoute[], config: HttpRequest): MockRoute | undefined {
  const path = pathOf(config);
  return routes.find(
    (route) =>
      route.method === config.method &&
      (typeof route.path === 'string' ? route.path === path : route.path.test(path)),
  );
}

function uploadSize(data: unknown): number {
  if (typeof FormData === 'undefined' || !(data instanceof FormData)) return 0;
  let total = 0;
  for (const [, value] of data.entries()) total += typeof value === 'string' ? value.length : value.size;
  return Math.max(total, 1);
}

export interface MockAdapterOptions {
  routes: readonly MockRoute[];
  /** Source of randomness for the delay (0 ≤ r < 1); tests pin it. */
  random?: () => number;
}

/** An adapter that answers from `routes`; unknown calls get a 404 envelope. */
export function createMockAdapter(options: MockAdapterOptions): HttpAdapter {
  const { routes } = options;
  const random = options.random ?? Math.random;
  const [minDelay, maxDelay] = mockDelayRangeMs;

  return (config) =>
    new Promise<HttpResponse>((resolve, reject) => {
      const delay = Math.round(minDelay + random() * (maxDelay - minDelay));
      const total = uploadSize(config.data);
      const started = Date.now();
      let ticker: ReturnType<typeof setInterval> | undefined;

      const reportProgress = (loaded: number) => config.onUploadProgress?.({ loaded, total });

      if (total > 0 && config.onUploadProgress) {
        ticker = setInterval(() => {
          const share = Math.min((Date.now() - started) / delay, 1);
          reportProgress(Math.round(total * share));
        }, mockProgressIntervalMs);
      }

      const finish = () => {
        if (ticker) clearInterval(ticker);
        config.signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        clearTimeout(timer);
        finish();
        reject(new CanceledError());
      };

      const timer = setTimeout(() => {
        finish();
        if (total > 0) reportProgress(total);
        const route = findRoute(routes, config);
        const answer: MockAnswer = route
          ? route.answer(config)
          : {
              status: 404,
              body: { statusCode: StatusCode.notFound, statusMessage: statusMessages[404].en, data: null },
            };
        const status = answer.status ?? 200;
        const response: HttpResponse = {
          data: answer.body,
          status,
          headers: { 'content-type': 'application/json' },
        };
        if (status >= 200 && status < 300) resolve(response);
        else reject(new HttpError(`Request failed with status code ${status}`, response));
      }, delay);

      if (config.signal?.aborted) onAbort();
      else config.signal?.addEventListener('abort', onAbort);
    });
}

// The routes are the features' (composed in app/mock-routes.ts, which hands them in): lib never imports
// a feature, so the features can import lib.
let provide: (routes: readonly MockRoute[]) => void = () => {};
const provided = new Promise<HttpAdapter>((resolve) => {
  provide = (routes) => resolve(createMockAdapter({ routes }));
});

/** Hands in the routes the mock build answers from (app/mock-routes.ts, loaded by main.tsx). */
export function provideMockRoutes(routes: readonly MockRoute[]): void {
  provide(routes);
}

/** The adapter the API client uses in a mock build (VITE_API_MOCK=true): answers once the routes are in. */
export const mockAdapter: HttpAdapter = async (config) => (await provided)(config);
