import type { TestProject } from 'vitest/node';
import { createScratchDatabase } from './scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}

/** Creates a fresh PostgreSQL database for this run on the DATABASE_URL server, and drops it afterwards. */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('the api-pg project needs DATABASE_URL');
  const scratch = await createScratchDatabase(serverUrl, 'wsm_test');
  project.provide('testDatabaseUrl', scratch.url);
  return scratch.drop;
}
