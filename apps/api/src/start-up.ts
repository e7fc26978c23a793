import { join } from 'node:path';
import { type Config, ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';

/**
 * How a process of the API starts (the server, a command-line tool): its configuration, or exit code 1
 * with what is wrong in it, and the database it names with the migrations applied.
 */
export async function openConfiguredDatabase(): Promise<{ config: Config; database: DatabaseHandle }> {
  let config: Config;
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
    directUrl: config.databaseDirectUrl,
    pooler: config.databasePooler,
    pgliteDir: join(config.dataDir, 'pglite'),
  });
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return { config, database };
}
