import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { constantLimit } from './prepared';

describe('constantLimit', () => {
  it('writes the row count into the statement, not as a parameter', () => {
    const query = new PgDialect().sqlToQuery(sql`select 1 limit ${constantLimit(20)}`);
    expect(query).toEqual({ sql: 'select 1 limit 20', params: [] });
  });

  it('refuses anything but a whole, non-negative number, which could not be written as is', () => {
    for (const rows of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => constantLimit(rows)).toThrow(RangeError);
    }
  });
});
