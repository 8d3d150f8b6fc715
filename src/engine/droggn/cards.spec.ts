import fc from 'fast-check';
import { DECK, countPile, facePoints, isCard } from './cards.js';

describe('the 66-card pack (docs/rules/droggn.md#cards)', () => {
  it('has 21 trumps, four suits of eleven and the Gstieß, each once', () => {
    expect(DECK).toHaveLength(66);
    expect(new Set(DECK).size).toBe(66);
    expect(DECK.filter((c) => c[0] === 'T')).toHaveLength(21);
    for (const s of ['S', 'C', 'H', 'D']) expect(DECK.filter((c) => c[0] === s)).toHaveLength(11);
    expect(DECK).toContain('GS');
    expect(['S4', 'S10', 'C4', 'H1', 'H7', 'D1', 'D7', 'HR'].every(isCard)).toBe(true);
    expect(['H10', 'S1', 'S3', 'T22', 'T0', 'HA'].some(isCard)).toBe(false);
  });

  it('face values: GS, T21, T1 and kings 5, queens 4, riders 3, jacks 2, others 1; raw total 118', () => {
    expect(['GS', 'T21', 'T1', 'SK', 'HK'].map(facePoints)).toEqual([5, 5, 5, 5, 5]);
    expect(['CQ', 'DR', 'HJ', 'T20', 'S10', 'H1', 'D7'].map(facePoints)).toEqual([4, 3, 2, 1, 1, 1, 1]);
    expect(DECK.reduce((v, c) => v + facePoints(c), 0)).toBe(118);
  });
});

describe('counting in threes (docs/rules/droggn.md#counting, S5 "Cards")', () => {
  it('a queen and two 1-point cards are worth 4', () => expect(countPile(['SQ', 'S4', 'S5'])).toBe(4));
  it('a king, a rider and a jack are worth 8', () => expect(countPile(['SK', 'CR', 'DJ'])).toBe(8));
  it('three one-point cards are worth one', () => expect(countPile(['S4', 'T7', 'H3'])).toBe(1));
  it('a leftover rider and jack are worth 4', () => expect(countPile(['HR', 'CJ'])).toBe(4));
  it('a king by itself is worth 4, an empty card nothing', () => {
    expect(countPile(['DK'])).toBe(4);
    expect(countPile(['D7'])).toBe(0);
  });

  it('any split of the pack into two piles of 3a and 3b, or 3a+1 and 3b+2, counts 74', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...DECK], { minLength: 66, maxLength: 66 }),
        fc.integer({ min: 0, max: 22 }),
        fc.boolean(),
        (deck, a, odd) => {
          const cut = Math.min(66, 3 * a + (odd && a < 22 ? 1 : 0));
          expect(countPile(deck.slice(0, cut)) + countPile(deck.slice(cut))).toBe(74);
        },
      ),
    );
  });
});
