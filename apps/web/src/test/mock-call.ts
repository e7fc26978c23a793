import { getResponse } from 'msw';
import { mockHandlers, unknownApiCall } from '../app/mock-handlers';
import type { QueryParams } from '../lib/http';

// Calls the mocked API's handlers (app/mock-handlers.ts) directly, without a server or a delay: the
// tests of their answers.

export interface MockCallOptions {
  params?: QueryParams;
  data?: unknown;
  /** The request's Accept-Language; 'en' unless told. */
  lang?: string;
}

/** The HTTP status and the parsed JSON body (an envelope) of the mocked API's answer. */
export async function callMock(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  { params = {}, data, lang = 'en' }: MockCallOptions = {},
): Promise<{ status: number; statusCode: number; data: unknown }> {
  const url = new URL(path, document.baseURI);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== null) url.searchParams.append(name, String(value));
  const headers: Record<string, string> = { 'Accept-Language': lang };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const request = new Request(url, {
    method: method.toUpperCase(),
    headers,
    ...(data === undefined ? {} : { body: JSON.stringify(data) }),
  });
  const response = await getResponse([...mockHandlers, ...unknownApiCall], request);
  if (!response) throw new Error(`no mock handler answered ${method} ${path}`);
  return { status: response.status, ...((await response.json()) as { statusCode: number; data: unknown }) };
}
