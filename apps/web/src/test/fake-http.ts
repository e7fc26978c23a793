import type { Envelope } from '@wsm/contracts';

// What the tests' MSW handlers answer with (the feature harness, the identity screens' fake server, the
// API client's own tests): the server's envelope.

/** The server's envelope with `statusCode` and `data`. */
export const envelope = <T>(statusCode: number, data: T = null as T): Envelope<T> => ({
  statusCode,
  statusMessage: `message ${statusCode}`,
  data,
});
