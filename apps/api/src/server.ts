import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { trackConnections } from './http/connection-drain';
import { createMetrics } from './http/metrics';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter';
import { createMessaging } from './messaging/messaging';
import { openConfiguredDatabase } from './start-up';

// How long in-flight requests may take to finish after SIGTERM/SIGINT before the process exits anyway.
const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  const { config, database } = await openConfiguredDatabase();
  // The limiter exists before the app and its logger: it reports Redis outages once the logger is there.
  let log: FastifyBaseLogger | undefined;
  const redis = config.redisSentinel ?? config.redisUrl;
  const limiter = redis
    ? createRedisRateLimiter(redis, 'rl:', {
        onDown: (err) =>
          log?.error({ err }, 'Redis is unreachable: limited routes answer 503 until it is back'),
        onUp: () => log?.info('Redis is reachable again'),
        commandTimeoutMs: config.redisCommandTimeoutMs,
      })
    : createMemoryRateLimiter();
  const metrics = createMetrics({ config, database });
  const app = await buildApp({ config, database, limiter, messaging: createMessaging(config), metrics });
  log = app.log;

  // A connection a client keeps alive would hold the server open until its keep-alive timeout (72 s):
  // once closing, every answer says Connection: close and ends its connection; connections that stay
  // idle are closed after two seconds (http/connection-drain.ts says why not at once).
  let closing = false;
  const connections = trackConnections(app.server, 2000);
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    await connections.drain();
  });
  // Fastify runs onClose hooks once the server has stopped accepting and every in-flight request has
  // answered; only then may the pool go, or a request still running would fail on a closed pool.
  app.addHook('onClose', async () => {
    await limiter.close();
    await database.close();
  });
  closeWithGrace({ delay: shutdownGraceMs, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  const port = (app.server.address() as { port: number }).port;
  const where =
    database.kind === 'pglite' ? `embedded database in ${join(config.dataDir, 'pglite')}` : 'PostgreSQL';
  console.log(
    `\n  Workspace manager is running at http://${shownHost}:${port}/  (${config.env}, ${where})\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
