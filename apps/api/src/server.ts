import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter';
import { createMessaging } from './messaging/messaging';

const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pglite'),
  });
  await runMigrations(database);
  const limiter = config.redisUrl ? createRedisRateLimiter(config.redisUrl) : createMemoryRateLimiter();
  const app = await buildApp({ config, database, limiter, messaging: createMessaging(config) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('graceful shutdown took too long; exiting');
      process.exit(1);
    }, shutdownGraceMs);
    force.unref();
    try {
      await app.close();
      await limiter.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

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
