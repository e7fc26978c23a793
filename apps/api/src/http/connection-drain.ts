import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

// How often drain() looks at the connections, and the most idle time one look may count.
const checkEveryMs = 50;
const countAtMostMs = 100;

/**
 * Closes an HTTP server's keep-alive connections without closing one under a request. Node's
 * server.close() destroys every connection idle at that instant, and a client may just have sent its
 * next request on one: it sees a reset, and cannot know whether the request ran. Instead, once drain()
 * is called, the server stops accepting, each connection ends after its next answer (which says
 * Connection: close), and one that stays idle for idleMs after the drain's start is closed then: a
 * client silent that long is not in the middle of a burst of requests.
 *
 * Idle time is counted only while the process is responsive: after a stall (a busy machine, a long
 * garbage collection) timers run before the requests that arrived meanwhile are read, so a connection
 * whose next request is waiting unread must not look idle for the length of the stall.
 */
export function trackConnections(server: Server, idleMs: number): { drain(): Promise<void> } {
  const connections = new Map<Socket, { busy: number; idleMs: number }>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleMs: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request, response) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.busy++;
    response.once('close', () => {
      state.busy--;
      state.idleMs = 0;
    });
  });
  return {
    async drain() {
      // The listening socket only: http.Server's own close() would also destroy the idle connections.
      if (server.listening) NetServer.prototype.close.call(server);
      for (const state of connections.values()) state.idleMs = 0;
      let lookedAt = Date.now();
      while (connections.size > 0) {
        await sleep(checkEveryMs);
        const now = Date.now();
        const counted = Math.min(now - lookedAt, countAtMostMs);
        lookedAt = now;
        for (const [socket, state] of connections) {
          if (state.busy > 0) continue;
          state.idleMs += counted;
          if (state.idleMs >= idleMs) socket.destroy();
        }
      }
    },
  };
}
