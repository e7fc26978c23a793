import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the peer `hop` steps from this process (0: the one connected) may speak for the client. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** TRUST_PROXY as Fastify applies it: no peer, the first `n` hops, or peers at these addresses. */
export function trustProxyOf(setting: false | number | string[]): TrustProxy {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/**
 * The request's own id. Node's randomUUID draws from a cached batch of random bytes; the uuidv7 used
 * before called WebCrypto for fresh ones on every request (about 1 % of the API's busy time on a
 * signed-in read).
 */
export function requestIdOf(): string {
  return randomUUID();
}

// A proxy's id goes into log lines: only ids that cannot carry markup or break a log line are taken.
const safeRequestId = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The X-Request-Id a trusted proxy (nginx's $request_id) gave the request, logged beside ours so its
 * lines and ours can be matched. From anyone else it is ignored: a client must not choose, or collide
 * with, the id of other requests' log lines.
 */
export function proxyRequestIdOf(request: IncomingMessage, trust: TrustProxy): string | undefined {
  const peer = request.socket.remoteAddress;
  if (!peer || !trust(peer, 0)) return undefined;
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && safeRequestId.test(given) ? given : undefined;
}
