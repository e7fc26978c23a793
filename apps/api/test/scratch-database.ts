import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A PostgreSQL database of its own for a test run, and how to drop it. */
export interface ScratchDatabase {
  url: string;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
}

/** Runs one statement on the server's default database (CREATE and DROP DATABASE cannot run inside the one they name). */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates a fresh database on the PostgreSQL server at `serverUrl`, named `<prefix>_<time>_<random>`. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
