import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { server as msw } from '../test/server';
import {
  CanceledError,
  encodeBody,
  HttpError,
  type HttpRequest,
  requestUrl,
  sendWithXhr,
  type UploadProgress,
} from './http';

// The HTTP layer against a real server: jsdom's XMLHttpRequest talks to a node http server on a free
// port, so the URL, headers, body, answers, upload progress and aborts are the real ones. MSW, which
// answers every other test's calls (test/server.ts), is off for this file.

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let origin = '';
const seen: Seen[] = [];

function answer(request: IncomingMessage, response: ServerResponse, body: string): void {
  // jsdom's page is on another origin: the answers are CORS ones, as the API's are.
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  if (request.method === 'OPTIONS') {
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
    response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept-Language');
    response.end();
    return;
  }
  seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
  const path = new URL(request.url ?? '/', origin).pathname;
  if (path === '/slow') return; // never answers: the abort test cancels it
  if (path === '/text') {
    response.setHeader('Content-Type', 'text/plain');
    response.end('plain words');
  } else if (path === '/file') {
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', 'attachment; filename="a.zip"');
    response.end('PK-bytes');
  } else if (path === '/missing') {
    response.statusCode = 404;
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.end('{"statusCode":404,"statusMessage":"not found","data":null}');
  } else {
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.end('{"statusCode":200,"statusMessage":"ok","data":{"a":1}}');
  }
}

beforeAll(async () => {
  msw.close();
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, response, Buffer.concat(chunks).toString('latin1')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (overrides: Partial<HttpRequest>): HttpRequest => ({
  method: 'get',
  baseURL: origin,
  url: '/v1/x',
  headers: {},
  ...overrides,
});

describe('requestUrl', () => {
  it('joins the base and the path and adds the params, leaving out undefined and null', () => {
    const params = { page: 2, search: 'a b&c', flag: false, none: undefined, empty: null };
    expect(requestUrl({ baseURL: 'https://api.test/', url: '/v1/x/', params })).toBe(
      'https://api.test/v1/x/?page=2&search=a+b%26c&flag=false',
    );
    expect(requestUrl({ baseURL: '', url: '/v1/x?a=1', params: { b: 2 } })).toBe('/v1/x?a=1&b=2');
    expect(requestUrl({ baseURL: 'https://api.test', url: 'https://other.test/y' })).toBe(
      'https://other.test/y',
    );
    expect(requestUrl({ baseURL: 'https://api.test', url: '/v1/x', params: {} })).toBe(
      'https://api.test/v1/x',
    );
  });
});

describe('encodeBody', () => {
  it('sends an object as JSON, a FormData as it is, and nothing as no body', () => {
    expect(encodeBody({ a: [1, 'b'] })).toEqual({ data: '{"a":[1,"b"]}', contentType: 'application/json' });
    const form = new FormData();
    expect(encodeBody(form)).toEqual({ data: form });
    expect(encodeBody(undefined)).toEqual({});
  });
});

describe('sendWithXhr', () => {
  it('sends the method, query, headers and JSON body with no timeout, and parses a JSON answer', async () => {
    seen.length = 0;
    const send = XMLHttpRequest.prototype.send;
    let timeout: number | undefined;
    const spy = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (
      this: XMLHttpRequest,
      body,
    ) {
      timeout = this.timeout;
      send.call(this, body);
    });
    const response = await sendWithXhr(
      request({
        method: 'delete',
        params: { page: 1, skipped: undefined },
        headers: { Authorization: 'Bearer t-1', 'Content-Type': 'application/json' },
        data: '{"id":"x"}',
      }),
    );
    spy.mockRestore();
    expect(timeout).toBe(0);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ statusCode: 200, statusMessage: 'ok', data: { a: 1 } });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(seen).toMatchObject([
      {
        method: 'DELETE',
        url: '/v1/x?page=1',
        headers: { authorization: 'Bearer t-1', 'content-type': 'application/json' },
        body: '{"id":"x"}',
      },
    ]);
  });

  it('keeps an answer that is not JSON as text', async () => {
    expect((await sendWithXhr(request({ url: '/text' }))).data).toBe('plain words');
  });

  it('gives a download as a Blob, with its headers under lower-case names', async () => {
    const response = await sendWithXhr(request({ url: '/file', responseType: 'blob' }));
    expect(response.data).toBeInstanceOf(Blob);
    const text = await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(response.data as Blob);
    });
    expect(text).toBe('PK-bytes');
    expect(response.headers['content-disposition']).toBe('attachment; filename="a.zip"');
  });

  it('rejects an answer outside 2xx with an HttpError carrying the response', async () => {
    const error = await sendWithXhr(request({ url: '/missing' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).response).toMatchObject({ status: 404, data: { statusCode: 404 } });
  });

  it('rejects a network failure with an HttpError without a response', async () => {
    const error = await sendWithXhr(request({ baseURL: 'http://127.0.0.1:1' })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).response).toBeUndefined();
  });

  it('sends a FormData as multipart, and reports the upload progress', async () => {
    seen.length = 0;
    const form = new FormData();
    form.append('file', new Blob(['x'.repeat(5000)]), 'backup.zip');
    const events: UploadProgress[] = [];
    await sendWithXhr(
      request({ method: 'put', data: form, onUploadProgress: (event) => events.push(event) }),
    );
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('filename="backup.zip"');
    // jsdom does not know the length of a multipart body (lengthComputable false): the total is unknown.
    expect(events.at(-1)).toEqual({ loaded: 0, total: undefined });

    // A browser that knows it says how far the upload is; the events are passed on as they come.
    events.length = 0;
    const send = XMLHttpRequest.prototype.send;
    const spy = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (
      this: XMLHttpRequest,
      data,
    ) {
      this.upload.dispatchEvent(
        new ProgressEvent('progress', { lengthComputable: true, loaded: 5, total: 10 }),
      );
      send.call(this, data);
    });
    await sendWithXhr(
      request({ method: 'put', data: form, onUploadProgress: (event) => events.push(event) }),
    );
    spy.mockRestore();
    expect(events[0]).toEqual({ loaded: 5, total: 10 });
  });

  it('rejects with a CanceledError when the signal aborts, before or during the request', async () => {
    const early = new AbortController();
    early.abort();
    await expect(sendWithXhr(request({ signal: early.signal }))).rejects.toBeInstanceOf(CanceledError);

    const late = new AbortController();
    const pending = sendWithXhr(request({ url: '/slow', signal: late.signal }));
    setTimeout(() => late.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(CanceledError);
  });
});
