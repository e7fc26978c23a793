import type { Envelope } from '@wsm/contracts';
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

// The pieces every fake HTTP layer of the tests answers with (the feature harness, the identity
// screens' fake server, the API client's own tests): the server's envelope, and an axios response.

/** The server's envelope with `statusCode` and `data`. */
export const envelope = <T>(statusCode: number, data: T = null as T): Envelope<T> => ({
  statusCode,
  statusMessage: `message ${statusCode}`,
  data,
});

/**
 * Answers `config` with the HTTP `status` and `body` the way axios' own adapters do: the response, and
 * outside 2xx a thrown AxiosError carrying it.
 */
export function respond(config: InternalAxiosRequestConfig, status: number, body: unknown): AxiosResponse {
  const response: AxiosResponse = { data: body, status, statusText: '', headers: new AxiosHeaders(), config };
  if (status >= 200 && status < 300) return response;
  throw new AxiosError(`status ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
}
