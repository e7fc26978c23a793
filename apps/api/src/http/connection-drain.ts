import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Closes an HTTP server's keep-alive connections without closing one under a request. Node's
 * server.close() destroys every connection idle at that instant, and a client may just have sent its
 * next request on one: it sees a reset, and cannot know whether the request ran. Instead, once drain()
 * is called, the server stops accepting, each connection ends after its next answer (which says
 * Connection: close), and one that stays idle for idleMs (counted from the drain's start at the
 * earliest) is closed then: a client silent that long is not in the middle of a burst of requests.
 */
export function trackConnections(server: Server, idleMs: number): { drain(): Promise<void> } {
  const connections = new Map<Socket, { busy: number; idleSince: number }>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request, response) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.busy++;
    response.once('close', () => {
      state.busy--;
      state.idleSince = Date.now();
    });
  });
  return {
    async drain() {
      // The listening socket only: http.Server's own close() would also destroy the idle connections.
      if (server.listening) NetServer.prototype.close.call(server);
      const started = Date.now();
      while (connections.size > 0) {
        const now = Date.now();
        for (const [socket, state] of connections)
          if (state.busy === 0 && now - Math.max(state.idleSince, started) >= idleMs) socket.destroy();
        await sleep(50);
      }
    },
  };
}
