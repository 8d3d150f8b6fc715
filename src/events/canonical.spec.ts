import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { canonicalJson } from './canonical.js';

/** The recursive definition the hash chain was written with; canonicalJson must equal it byte for byte. */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : reference(v))).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${reference(obj[k])}`).join(',')}}`;
}

describe('canonicalJson', () => {
  it('equals the recursive definition on any JSON-like value', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withNullPrototype: false,
          withBigInt: false,
          withMap: false,
          withSet: false,
          withTypedArray: false,
          withSparseArray: false,
        }),
        (v) => {
          expect(canonicalJson(v)).toBe(reference(v));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('sorts keys at every depth', () => {
    expect(canonicalJson({ b: [{ z: 1, a: undefined, y: [2, undefined] }], a: 'x' })).toBe('{"a":"x","b":[{"y":[2,null],"z":1}]}');
  });

  it('writes a part deeper than its recursion as the definition does', () => {
    let deep: unknown = { z: 'end', a: [1, undefined] };
    for (let i = 0; i < 300; i++) deep = i % 3 ? { b: deep, a: i, c: undefined } : [i, deep, null];
    expect(canonicalJson(deep)).toBe(reference(deep));
  });

  it('takes any depth without exhausting the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { a: deep };
    expect(canonicalJson(deep).length).toBe(50_000 * (6 + 2) + 1);
  });
});
