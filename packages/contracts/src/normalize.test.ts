import { describe, expect, it } from 'vitest';
import { maxInputDepth, normalizeInput, unsafeInputReason } from './normalize';

const nested = (depth: number): unknown => {
  let value: unknown = ' ۱ ';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('normalizeInput', () => {
  it('normalises strings at any depth without overflowing the call stack', () => {
    let value = normalizeInput(nested(200_000));
    for (let i = 0; i < 200_000; i++) value = (value as unknown[])[0];
    expect(value).toBe('1');
  });

  it('keeps a __proto__ key as an own property and leaves the prototype alone', () => {
    const input = JSON.parse('{"__proto__": {"admin": true}, "name": " علي "}') as Record<string, unknown>;
    const out = normalizeInput(input);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { admin?: boolean }).admin).toBeUndefined();
    expect(Object.keys(out)).toEqual(['__proto__', 'name']);
    expect(out.name).toBe('علی');
  });

  it('does not change the value it was given', () => {
    const input = { a: [' x '] };
    normalizeInput(input);
    expect(input).toEqual({ a: [' x '] });
  });
});

describe('unsafeInputReason', () => {
  it('refuses nesting past the limit, in arrays and objects alike', () => {
    expect(unsafeInputReason(nested(maxInputDepth - 1))).toBeNull();
    expect(unsafeInputReason(nested(maxInputDepth + 1))).toBe('too_deep');
    expect(unsafeInputReason(JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`))).toBe('too_deep');
  });

  it('refuses U+0000 and lone surrogates in values and keys', () => {
    expect(unsafeInputReason({ name: 'a\u0000b' })).toBe('nul_character');
    expect(unsafeInputReason({ 'a\u0000': 1 })).toBe('nul_character');
    expect(unsafeInputReason(['\ud800x'])).toBe('lone_surrogate');
    expect(unsafeInputReason('x\udc00')).toBe('lone_surrogate');
    expect(unsafeInputReason({ emoji: '😀', text: 'سلام' })).toBeNull();
  });
});
