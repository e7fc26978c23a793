import * as checks from 'virtual:read-checks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checked } from '../../lib/read-check';
import { firstReadSchemas } from './first-read-schemas';

// The frame's first reads are checked by code compiled from the contracts' schemas (read-checks-plugin.ts)
// instead of by zod: on any answer, right or wrong, the check must agree with zod's parse, and leave the
// answer as zod's parse returns it (unknown keys dropped).

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
};

const wrongValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.object(),
);
const extraKeys = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 });

/**
 * Answers shaped by `schema`, with keys it does not name; when `faulty`, now and then a wrong value or a
 * missing key too (a schema of many fields then rarely gets a right answer: hence the two kinds).
 */
function answers(schema: JsonSchema, faulty: boolean): fc.Arbitrary<unknown> {
  const shaped = shapedAnswers(schema, faulty);
  return faulty ? fc.oneof({ weight: 12, arbitrary: shaped }, { weight: 1, arbitrary: wrongValue }) : shaped;
}

function shapedAnswers(schema: JsonSchema, faulty: boolean): fc.Arbitrary<unknown> {
  const inner = (part: JsonSchema) => answers(part, faulty);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(inner));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => inner({ ...schema, type })));
  switch (schema.type) {
    case 'string':
      return fc.string();
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: faulty ? -10 : (schema.minimum ?? -10), max: 1000 });
    case 'array':
      return fc.array(inner(schema.items ?? {}), { maxLength: 3 });
    case 'object': {
      const fields = Object.entries(schema.properties ?? {});
      const names = fields.map(([name]) => name);
      return fc
        .tuple(
          fc.record(Object.fromEntries(fields.map(([name, field]) => [name, inner(field)]))),
          faulty ? fc.subarray(names) : fc.constant(names),
          extraKeys,
        )
        .map(([values, kept, extra]) => ({
          ...extra,
          ...Object.fromEntries(Object.entries(values).filter(([name]) => kept.includes(name))),
        }));
    }
    default:
      throw new Error(`no answers for ${JSON.stringify(schema)}`);
  }
}

/** Whether the check and zod's parse agree on `answer`, and leave it alike when it fits. */
function agree(check: checks.ReadCheck<unknown>, schema: z.ZodType, answer: unknown) {
  const parsed = schema.safeParse(structuredClone(answer));
  const copy = structuredClone(answer);
  expect(check(copy)).toBe(parsed.success);
  if (parsed.success) expect(copy).toStrictEqual(parsed.data);
  return parsed.success;
}

const checksByName = new Map(Object.entries(checks));

describe('the first reads checked without zod', () => {
  for (const [name, schema] of Object.entries(firstReadSchemas)) {
    const check = checksByName.get(name) as checks.ReadCheck<unknown>;
    const shape = z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;
    it(`${name}: takes every right answer as zod does, dropping the keys it does not name`, () => {
      fc.assert(
        fc.property(answers(shape, false), (answer) => {
          expect(agree(check, schema, answer)).toBe(true);
        }),
        { numRuns: 200 },
      );
    });
    it(`${name}: refuses what zod refuses, and only that`, () => {
      fc.assert(
        fc.property(answers(shape, true), (answer) => {
          agree(check, schema, answer);
        }),
        { numRuns: 400 },
      );
    });
  }

  it('a wrong answer fails loudly, naming where', () => {
    expect(() => checked(checks.unreadCount, { count: -1 })).toThrow(/at \/count \(minimum\)/);
    expect(() => checked(checks.workspaces, [{ id: 'w1' }])).toThrow(/at \/0 \(required\)/);
    expect(checked(checks.unreadCount, { count: 3, extra: true })).toStrictEqual({ count: 3 });
  });
});
