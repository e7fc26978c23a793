import type { IncomingMessage } from 'node:http';
import { uuidv7 } from 'uuidv7';

// A client's id is echoed in headers, logs and 500 bodies: only ids that cannot carry markup or break a
// log line are taken.
const safeRequestId = /^[A-Za-z0-9_-]{1,64}$/;

/** The request's id: the client's X-Request-Id when it is safe to echo, else a new uuidv7. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && safeRequestId.test(given) ? given : uuidv7();
}
