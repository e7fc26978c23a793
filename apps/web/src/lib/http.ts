// The HTTP layer under the API client (api-client.ts): one request over XMLHttpRequest, in under 2
// KB (0.8 brotli) instead of axios' 58 KB (20 brotli) on every signed-in first screen.
//
// Why our own and not a small library: ky, redaxios and their like sit on fetch, and fetch reports no
// upload progress, which the backup import and the logo and profile-image uploads show. XMLHttpRequest
// does. The adapter seam (a function from a request to a response) is what the tests and the mocked-API
// build (mock-api.ts) replace, so nothing below the API client's rules is needed to exercise them.

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** Query parameters: undefined and null are left out (as axios did). */
export type QueryParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface UploadProgress {
  loaded: number;
  /** Unknown when the browser cannot compute it. */
  total: number | undefined;
}

/** What a caller may set on one request, besides the method, path and body. */
export interface RequestOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onUploadProgress?: (event: UploadProgress) => void;
  /** 'blob' for downloads; otherwise a JSON answer is parsed and any other answer is text. */
  responseType?: 'json' | 'blob';
}

/** A request as an adapter receives it: the body encoded and every header set. */
export interface HttpRequest extends RequestOptions {
  method: HttpMethod;
  baseURL: string;
  /** The path (or an absolute URL), without the query of `params`. */
  url: string;
  headers: Record<string, string>;
  /** The JSON text of an object body, or a FormData as it is. */
  data?: string | FormData;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  /** With lower-case names, e.g. headers['content-disposition']. */
  headers: Record<string, string>;
}

export type HttpAdapter = (request: HttpRequest) => Promise<HttpResponse>;

/** A failed request: with the `response` when the server answered outside 2xx, without when the network failed. */
export class HttpError extends Error {
  readonly response: HttpResponse | undefined;

  constructor(message: string, response?: HttpResponse) {
    super(message);
    this.name = 'HttpError';
    this.response = response;
  }
}

/** A request its caller cancelled (an aborted AbortSignal): not a failure to report. */
export class CanceledError extends Error {
  constructor(message = 'canceled') {
    super(message);
    this.name = 'CanceledError';
  }
}

/** The body and Content-Type of `data`: a FormData goes as it is (the browser sets its boundary), any other value as JSON. */
export function encodeBody(data: unknown): { data?: string | FormData; contentType?: string } {
  if (data === undefined || data === null) return {};
  if (data instanceof FormData) return { data };
  return { data: JSON.stringify(data), contentType: 'application/json' };
}

/** The URL a request goes to: the base joined to a relative path, then the query. */
export function requestUrl(request: Pick<HttpRequest, 'baseURL' | 'url' | 'params'>): string {
  const { baseURL, url } = request;
  const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(url);
  let full = baseURL && !absolute ? `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}` : url;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.params ?? {}))
    if (value !== undefined && value !== null) query.append(name, String(value));
  const search = query.toString();
  if (search) full += `${full.includes('?') ? '&' : '?'}${search}`;
  return full;
}

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function responseData(xhr: XMLHttpRequest, headers: Record<string, string>): unknown {
  if (xhr.responseType === 'blob') return xhr.response;
  const text = xhr.responseText;
  if (!text || !/[/+]json\b/i.test(headers['content-type'] ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends `request` with XMLHttpRequest. A 2xx answer resolves; any other answer rejects with an
 * HttpError carrying it; a network failure with an HttpError without one; an abort with a CanceledError.
 * No timeout: uploads and restores can take long.
 */
export const sendWithXhr: HttpAdapter = (request) =>
  new Promise((resolve, reject) => {
    const { signal, onUploadProgress } = request;
    if (signal?.aborted) {
      reject(new CanceledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method.toUpperCase(), requestUrl(request));
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    if (request.responseType === 'blob') xhr.responseType = 'blob';
    // Only when asked: an upload listener makes even a simple request preflighted.
    if (onUploadProgress)
      xhr.upload.onprogress = (event) =>
        onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });

    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort);
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      const headers = parseHeaders(xhr.getAllResponseHeaders());
      const response: HttpResponse = { data: responseData(xhr, headers), status: xhr.status, headers };
      if (xhr.status >= 200 && xhr.status < 300) resolve(response);
      else reject(new HttpError(`Request failed with status code ${xhr.status}`, response));
    };
    xhr.onerror = () => reject(new HttpError('Network Error'));
    xhr.onabort = () => reject(new CanceledError());
    xhr.send(request.data ?? null);
  });
