import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { firstProblem, jsonProblem, MAX_ARRAY_LENGTH, MAX_JSON_DEPTH } from './json-limits.js';

const nested = (depth: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

describe('jsonProblem', () => {
  it('takes what docs/contract.md bodies look like, emoji (paired surrogates) and all', () => {
    expect(
      jsonProblem({ name: 'Resi 🂡', rules: { doubling: { firstSpeaker: 'dealerLeft' } }, actions: [{ seat: 0, cards: ['HS'] }] }),
    ).toBeNull();
    expect(jsonProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonProblem(new Array(MAX_ARRAY_LENGTH).fill(0))).toBeNull();
  });

  it('refuses depth and length beyond the limits, at any depth without recursion', () => {
    expect(jsonProblem(nested(MAX_JSON_DEPTH + 1))).toMatch(/nested deeper than 32/);
    expect(jsonProblem(nested(200_000))).toMatch(/nested deeper/);
    expect(jsonProblem({ deck: new Array(MAX_ARRAY_LENGTH + 1).fill('HS') })).toBe('deck has 1001 items; at most 1000 are accepted');
  });

  it('refuses NUL and unpaired surrogates in values and field names, saying where', () => {
    expect(jsonProblem({ action: { card: 'H\u0000S' } })).toBe('action.card contains a NUL character');
    expect(jsonProblem({ hands: [['HS', '\ud800']] })).toBe('hands[0][1] contains an unpaired surrogate (not valid Unicode)');
    expect(jsonProblem({ a: { 'x\udc00': 1 } })).toBe('a field name in a contains an unpaired surrogate (not valid Unicode)');
    expect(jsonProblem('\udfff\ud83c')).toMatch(/unpaired surrogate/);
  });
});

describe('jsonProblem and firstProblem', () => {
  // Strings of any UTF-16 unit (lone surrogates and NUL included), at depths around the limit.
  const value = fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small', maxDepth: MAX_JSON_DEPTH + 3 },
      fc.string({ unit: 'binary' }),
      fc.constantFrom('\u0000', '\ud800', 'a\udc00b', '🂡'),
      fc.integer(),
      fc.constant(null),
      fc.array(tie('v'), { maxLength: 3 }),
      fc.dictionary(fc.string({ unit: 'binary', maxLength: 3 }), tie('v'), { maxKeys: 3 }),
    ),
  })).v;

  it('the quick check of every request and the walk that says where agree on every value', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(jsonProblem(v)).toBe(firstProblem(v));
      }),
      { numRuns: 2000 },
    );
  });
});
