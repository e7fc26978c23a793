import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './client';

// Beside this file in the source tree (src/db/migrations) and in the bundle (dist/migrations, copied by build.mjs).
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies every checked-in migration not yet applied; each runs once. On PostgreSQL over a connection of
 * its own to the handle's directUrl: PostgreSQL itself, never a pooler (docs/deploy.md).
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (!existsSync(join(migrationsFolder, 'meta', '_journal.json'))) return;
  if (!handle.directUrl) {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: handle.directUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.end().catch(() => undefined);
  }
}
