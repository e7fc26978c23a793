import { type Envelope, StatusCode, statusMessages } from '@wsm/contracts';
import { HttpResponse } from 'msw';

// The pieces every feature's MSW handlers (features/*/mock-handlers*.ts) answer with: the server's
// envelope, and the JSON body of a request. The handlers serve the mocked-API mode (app/mock-worker.ts)
// and the web unit tests (test/server.ts) alike.

/** A 2xx answer with the server's envelope around `data` (status code 630 for a second step). */
export function ok<T>(data: T, statusCode: number = StatusCode.ok) {
  return HttpResponse.json({
    statusCode,
    statusMessage: statusMessages[StatusCode.ok].en,
    data,
  } satisfies Envelope<T>);
}

/** An answer with HTTP `status` and the envelope's `statusCode` (a refusal, a missing record). */
export function fail(status: number, statusCode: number, data: unknown = null) {
  return HttpResponse.json(
    { statusCode, statusMessage: 'Mocked failure', data } satisfies Envelope<unknown>,
    { status },
  );
}

/** The JSON object a request carries; {} for no body, another type or text that is not JSON. */
export async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  try {
    const data: unknown = await request.json();
    return data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A query parameter of the request's URL, or undefined. */
export const queryOf = (request: Request, name: string): string | undefined =>
  new URL(request.url).searchParams.get(name) ?? undefined;

/** The unknown call's answer: what the API says for a path it does not serve. */
export const notFoundAnswer = () =>
  HttpResponse.json(
    { statusCode: StatusCode.notFound, statusMessage: statusMessages[404].en, data: null },
    { status: 404 },
  );
