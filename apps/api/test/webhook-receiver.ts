import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver on a loopback port for the tests: it records every call and answers as the test
// says (a status, or no answer at all until released).

export interface ReceivedCall {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How to answer the n-th call (counted from 0): a status code, or 'hang' (no answer until release). */
export type Answer = number | 'hang';

export interface Receiver {
  url: string;
  calls: ReceivedCall[];
  /** Resolves once `count` calls have arrived (no sleeping: woken by the calls). */
  received(count: number): Promise<ReceivedCall[]>;
  /** Answers every hanging call with 200. */
  release(): void;
  close(): Promise<void>;
}

export async function startReceiver(answer: (n: number) => Answer = () => 200): Promise<Receiver> {
  const calls: ReceivedCall[] = [];
  const hanging: ServerResponse[] = [];
  const waiters: { count: number; resolve: (calls: ReceivedCall[]) => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const n = calls.length;
      calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const w of [...waiters])
        if (calls.length >= w.count) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(calls.slice());
        }
      const what = answer(n);
      if (what === 'hang') hanging.push(response);
      else response.writeHead(what, { 'content-type': 'text/plain' }).end(`answer ${what}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    calls,
    received: (count) =>
      calls.length >= count
        ? Promise.resolve(calls.slice())
        : new Promise((resolve) => waiters.push({ count, resolve })),
    release: () => {
      for (const response of hanging.splice(0)) response.writeHead(200).end('late');
    },
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
