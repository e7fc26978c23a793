import type { Envelope } from '@wsm/contracts';
import { HttpError, type HttpResponse } from '../lib/http';

// The pieces every fake HTTP layer of the tests answers with (the feature harness, the identity
// screens' fake server, the API client's own tests): the server's envelope, and the response of the HTTP layer.

/** The server's envelope with `statusCode` and `data`. */
export const envelope = <T>(statusCode: number, data: T = null as T): Envelope<T> => ({
  statusCode,
  statusMessage: `message ${statusCode}`,
  data,
});

/**
 * Answers with the HTTP `status` and `body` the way the XMLHttpRequest adapter does: the response, and
 * outside 2xx a thrown HttpError carrying it.
 */
export function respond(status: number, body: unknown): HttpResponse {
  const response: HttpResponse = { data: body, status, headers: { 'content-type': 'application/json' } };
  if (status >= 200 && status < 300) return response;
  throw new HttpError(`status ${status}`, response);
}
