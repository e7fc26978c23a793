import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import {
  type AddressPolicy,
  guardedLookup,
  hostOf,
  RefusedAddressError,
  type Resolver,
  refusedAddress,
} from './address-guard';

// One call to a receiver: POST the body with the Standard Webhooks headers (docs/webhooks.md). A 2xx
// within the timeout succeeds; anything else is a failure the queue retries. Redirects are not
// followed (a 3xx fails), and no more of the answer than a small cap is read, for the delivery log.

export const senderLimits = {
  timeoutMs: 10_000,
  /** Bytes of the answer kept in the log (and read at all). */
  responseCap: 2048,
};

/** The signature header: one `v1,<base64>` per secret, space-separated while two secrets sign. */
export function signatureHeader(id: string, timestamp: Date, body: string, secrets: string[]): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' ');
}

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

export interface SendRequest {
  url: string;
  id: string;
  body: string;
  secrets: string[];
  now: Date;
}

// Keep-alive connections per process: a receiver that takes many deliveries is not dialled anew for
// each. A reused socket was checked by guardedLookup when it connected.
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** Sends one delivery; never rejects (a failure is a result). */
export function send(request: SendRequest, policy: AddressPolicy, resolve: Resolver): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): SendResult => ({
    ok: false,
    statusCode: null,
    responseBody: null,
    error,
    durationMs: elapsed(),
  });
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  if (!secure && !(policy.allowHttp && url.protocol === 'http:'))
    return Promise.resolve(failed('refused: the URL must use https'));
  // net.connect does not call `lookup` for an address literal: it is checked here.
  const host = hostOf(url);
  if (isIP(host)) {
    const why = refusedAddress(host, policy.allowLoopback);
    if (why) return Promise.resolve(failed(`refused: ${host} is ${why}`));
  }
  const timestamp = request.now;
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'workspace-manager-webhooks/1',
    'webhook-id': request.id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatureHeader(request.id, timestamp, request.body, request.secrets),
  };
  return new Promise((done) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(result);
    };
    const call = (secure ? https : http).request(url, {
      method: 'POST',
      headers,
      agent: secure ? agents.https : agents.http,
      lookup: guardedLookup(policy, resolve),
    });
    const timer = setTimeout(() => {
      finish(failed(`no answer within ${senderLimits.timeoutMs / 1000} s`));
      call.destroy();
    }, senderLimits.timeoutMs);
    call.on('error', (error) =>
      finish(failed(error instanceof RefusedAddressError ? `refused: ${error.message}` : error.message)),
    );
    call.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const statusCode = response.statusCode ?? 0;
      const complete = () => {
        const responseBody = Buffer.concat(chunks).subarray(0, senderLimits.responseCap).toString('utf8');
        const ok = statusCode >= 200 && statusCode < 300;
        finish({ ok, statusCode, responseBody, error: null, durationMs: elapsed() });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Enough for the log: the rest is not read, and the connection is not kept.
        if (size >= senderLimits.responseCap) {
          complete();
          response.destroy();
        }
      });
      response.on('end', complete);
      response.on('error', complete);
    });
    call.end(request.body);
  });
}
