import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackConnections } from './connection-drain';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server = undefined;
});

async function listen(): Promise<{ port: number; drain: () => Promise<void> }> {
  let closing = false;
  server = createServer((_request, response) => {
    if (closing) response.setHeader('connection', 'close');
    response.end('ok');
  });
  const connections = trackConnections(server, 200);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    drain: () => {
      closing = true;
      return connections.drain();
    },
  };
}

/** Everything the socket receives until it ends, or the error that ended it. */
function received(socket: Socket): Promise<string> {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve) => {
    socket.once('close', () => resolve(text));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(`${text}[${error.code}]`));
  });
}

const request = 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n';

/** A server, and a connection to it kept alive once its first request is answered. */
async function keptAliveAfterOneAnswer() {
  const { port, drain } = await listen();
  const socket = connect(port, '127.0.0.1');
  const text = received(socket);
  socket.write(request);
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  return { socket, text, drain };
}

describe('draining keep-alive connections', () => {
  it('answers a request waiting unread after a stall longer than the idle time, with Connection: close', async () => {
    const { socket, text, drain } = await keptAliveAfterOneAnswer();
    const drained = drain();
    // Sent from the check phase: the loop's next turn runs its timers before it reads the request.
    await new Promise((resolve) => setImmediate(resolve));
    socket.write(request);
    // The process stalls (a busy machine, a garbage collection) with the request unread.
    const until = Date.now() + 400;
    while (Date.now() < until);
    await drained;
    const answers = (await text).split('HTTP/1.1 ');
    expect(answers.slice(1).map((answer) => answer.split('\r\n')[0])).toEqual(['200 OK', '200 OK']);
    expect(answers[2]).toMatch(/connection: close/i);
  });

  it('closes a connection that stays idle, so the server can stop', async () => {
    const { socket, text, drain } = await keptAliveAfterOneAnswer();
    const started = Date.now();
    await drain();
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(await text).toMatch(/^HTTP\/1.1 200 OK/);
    expect(socket.destroyed || socket.readableEnded).toBe(true);
  });
});
