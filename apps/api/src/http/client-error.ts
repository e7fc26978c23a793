import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { customIssueMessages, httpStatusFor, StatusCode } from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import { envelope } from './envelope';
import { localeFromHeader } from './locale';

// The head is never parsed when it is refused, so its language is read from the bytes that came.
const acceptLanguage = /\r\naccept-language:[ \t]*([^\r\n]*)/i;

const messageKeys: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'headers_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
};

/**
 * Node refuses some requests before Fastify sees them: a head over its 16 KB limit, a malformed request
 * line, one that does not arrive in time. They get the envelope (body 400) in the request's language,
 * written straight to the socket, which is then closed, as Node and Fastify do.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const received = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const locale = localeFromHeader(received.match(acceptLanguage)?.[1]);
  const key = messageKeys[error.code ?? ''] ?? 'invalid_request';
  const message = customIssueMessages[key]![locale];
  const body = JSON.stringify(envelope(locale, StatusCode.validation, { errors: [{ path: '', message }] }));
  const requestId = randomUUID();
  this.log.debug({ err: error, reqId: requestId }, 'request refused before parsing');
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${httpStatusFor(StatusCode.validation)} Bad Request\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  socket.destroy(error);
}
