import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

// Beside this file in the source tree (src/db/migrations) and in the bundle (dist/migrations, copied by build.mjs).
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies every checked-in migration not yet applied; each runs once. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (!existsSync(join(migrationsFolder, 'meta', '_journal.json'))) return;
  if (handle.kind === 'postgres')
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  else await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
}
