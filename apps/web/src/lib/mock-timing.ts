import type { HttpAdapter } from './http';

// The mocked-API mode's pace (build flag VITE_API_MOCK=true): every call is answered after a random
// 1-2 s delay (app/mock-worker.ts waits it out with MSW's delay()), and uploads report progress every
// 100 ms meanwhile. A service worker takes a request's body at once, so the browser's own upload
// progress would jump to the end: this wrapper reports it instead, and tells the worker the delay it
// chose in a header, so the progress ends when the answer comes.

export const mockDelayRangeMs = [1000, 2000] as const;
export const mockProgressIntervalMs = 100;
/** The delay (ms) the client chose for an upload; the worker waits that long instead of a random one. */
export const mockDelayHeader = 'X-Mock-Delay';

/** A delay in the range; `random` (0 ≤ r < 1) is pinned by tests. */
export function randomMockDelay(random: () => number = Math.random): number {
  const [min, max] = mockDelayRangeMs;
  return Math.round(min + random() * (max - min));
}

/** How long the worker waits before answering `request`: the client's choice when it made one. */
export function mockDelayOf(request: Request, random: () => number = Math.random): number {
  const chosen = Number(request.headers.get(mockDelayHeader));
  const [min, max] = mockDelayRangeMs;
  return chosen >= min && chosen <= max ? chosen : randomMockDelay(random);
}

function uploadSize(data: unknown): number {
  if (!(data instanceof FormData)) return 0;
  let total = 0;
  for (const [, value] of data.entries()) total += typeof value === 'string' ? value.length : value.size;
  return Math.max(total, 1);
}

/** `send`, with an upload's progress reported every 100 ms over the delay the worker is told to wait. */
export function withMockUploadProgress(send: HttpAdapter, random: () => number = Math.random): HttpAdapter {
  return async (request) => {
    const { onUploadProgress, ...rest } = request;
    const total = uploadSize(request.data);
    if (!onUploadProgress || total === 0) return send(request);
    const delay = randomMockDelay(random);
    const started = Date.now();
    const ticker = setInterval(() => {
      const share = Math.min((Date.now() - started) / delay, 1);
      onUploadProgress({ loaded: Math.round(total * share), total });
    }, mockProgressIntervalMs);
    try {
      const response = await send({
        ...rest,
        headers: { ...rest.headers, [mockDelayHeader]: String(delay) },
      });
      onUploadProgress({ loaded: total, total });
      return response;
    } finally {
      clearInterval(ticker);
    }
  };
}
