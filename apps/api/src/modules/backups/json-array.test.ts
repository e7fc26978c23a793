import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonArrayError, JsonArrayReader } from './json-array';

/** Every element the reader finds in `text` fed in the given chunk sizes, parsed. */
function read(text: string | Buffer, chunkSizes: number[] = [], maxElementBytes = 1024 * 1024): unknown[] {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const reader = new JsonArrayReader(maxElementBytes);
  const out: unknown[] = [];
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = Math.max(1, chunkSizes[i % Math.max(1, chunkSizes.length)] ?? bytes.length);
    for (const element of reader.push(bytes.subarray(at, at + size)))
      out.push(JSON.parse(element.toString('utf8')));
    at += size;
  }
  reader.end();
  return out;
}

/** The element number a JsonArrayError names, or 'read' when the text was read. */
function failure(text: string, maxElementBytes?: number): number | 'read' {
  try {
    read(text, [], maxElementBytes);
    return 'read';
  } catch (error) {
    if (error instanceof JsonArrayError) return error.element;
    throw error;
  }
}

const objects = fc.array(
  fc.dictionary(
    fc.string(),
    fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string()), fc.object()),
  ),
  { maxLength: 8 },
);

describe('JsonArrayReader', () => {
  it('finds every element of an array of objects however the bytes are cut and spaced', () => {
    fc.assert(
      fc.property(
        objects,
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1 }),
        fc.boolean(),
        (rows, chunkSizes, pretty) => {
          const text = JSON.stringify(rows, null, pretty ? 2 : undefined);
          expect(read(text, chunkSizes)).toEqual(JSON.parse(text));
        },
      ),
    );
  });

  it('reads strings holding brackets, quotes, escapes and multi-byte characters', () => {
    const rows = [{ a: '}]{[', b: 'quote " and \\ backslash \\"', c: 'فارسی ✓ 😀' }, { d: '\\' }];
    expect(read(JSON.stringify(rows), [1])).toEqual(rows);
    expect(read('[]')).toEqual([]);
    expect(read(' \n[ ]\n')).toEqual([]);
  });

  it('refuses what is not an array of objects, naming the element', () => {
    expect(failure('')).toBe(0);
    expect(failure('{"a":1}')).toBe(0);
    expect(failure('[1]')).toBe(1);
    expect(failure('[{"a":1},2]')).toBe(2);
    expect(failure('[{"a":1} {"b":2}]')).toBe(2);
    expect(failure('[{"a":1},]')).toBe(2);
    expect(failure('[,{"a":1}]')).toBe(1);
    expect(failure('[{"a":1}')).toBe(2);
    expect(failure('[{"a":1}] x')).toBe(2);
    expect(failure('[{"a":1}][]')).toBe(2);
    expect(failure('[{"a":"unterminated}]')).toBe(2);
  });

  it('refuses an element longer than its limit before gathering it', () => {
    expect(failure(`[{"a":"${'x'.repeat(100)}"}]`, 50)).toBe(1);
    expect(failure(`[{"a":"${'x'.repeat(10)}"}]`, 50)).toBe('read');
  });
});
