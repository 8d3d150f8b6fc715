import { describe, expect, it } from '@jest/globals';
import { jsonProblem, MAX_ARRAY_LENGTH, MAX_JSON_DEPTH } from './json-limits.js';

const nested = (depth: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

describe('jsonProblem', () => {
  it('takes what CONTRACT.md bodies look like, emoji (paired surrogates) and all', () => {
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
