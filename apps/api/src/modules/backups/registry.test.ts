import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { excludedTables, tableName, workspaceTables } from './registry';

// The registry is the one list of a workspace's tables a backup holds. These tests fail when the
// database gains a workspace table or a column the registry does not know, so nothing is left out of
// backups silently (and a restore never writes null into a column the archive did not carry).

let db: Database;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('the registry of workspace tables', () => {
  it('names every table with a workspace_id column, or excludes it with a reason', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select distinct table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'workspace_id' order by table_name`,
    );
    const known = new Set([...workspaceTables.map(tableName), ...Object.keys(excludedTables)]);
    const forgotten = tables.map((t) => t.table_name).filter((name) => !known.has(name));
    expect(forgotten).toEqual([]);
    // And the workspaces table itself.
    expect(workspaceTables.map(tableName)).toContain('workspaces');
    for (const reason of Object.values(excludedTables)) expect(reason.length).toBeGreaterThan(10);
  });

  it("checks exactly each table's columns (a new column needs the row schema and a format version)", async () => {
    for (const entry of workspaceTables) {
      const name = tableName(entry);
      const columns = await rows<{ column_name: string }>(
        sql`select column_name from information_schema.columns
            where table_schema = 'public' and table_name = ${name} order by ordinal_position`,
      );
      const inDatabase = columns
        .map((c) => c.column_name)
        .filter((c) => c !== entry.binary?.column && !entry.derived?.includes(c));
      const schema = entry.row('w') as unknown as { shape: Record<string, unknown> };
      expect({ name, columns: Object.keys(schema.shape).sort() }).toEqual({
        name,
        columns: inDatabase.sort(),
      });
    }
  });

  it('lists parents before the tables that reference them', () => {
    const order = workspaceTables.map(tableName);
    // The workspace row is updated in place and its logo_image_id has no foreign key: it may come first.
    for (const entry of workspaceTables.filter((e) => e.scope === 'workspace_id'))
      for (const reference of entry.references ?? [])
        expect(order.indexOf(reference.table)).toBeLessThan(order.indexOf(tableName(entry)));
  });
});
