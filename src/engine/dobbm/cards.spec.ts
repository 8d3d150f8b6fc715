/** The pack of docs/rules/dobbm.md#cards and the trick winner of docs/rules/dobbm.md#play. */
import fc from 'fast-check';
import { DOBBM_DECK, beats, cardIndex, cardPoints, isWholePack, pointsOf, winningIndex } from './cards.js';

describe('the 36-card pack (docs/rules/dobbm.md#cards)', () => {
  it('holds 36 distinct codes worth 120 card points, 30 per suit', () => {
    expect(new Set(DOBBM_DECK).size).toBe(36);
    expect(pointsOf(DOBBM_DECK)).toBe(120);
    for (const s of ['H', 'L', 'A', 'B']) expect(pointsOf(DOBBM_DECK.filter((c) => c[0] === s))).toBe(30);
  });
  it('counts Sow 11, Ten 10, King 4, Ober 3, Unter 2, the Spatzen 0', () => {
    expect(['AS', 'A10', 'AK', 'AO', 'AU', 'A9', 'A8', 'A7', 'A6'].map(cardPoints)).toEqual([11, 10, 4, 3, 2, 0, 0, 0, 0]);
  });
  it('indexes exactly the 36 codes', () => {
    expect(DOBBM_DECK.map(cardIndex)).toEqual(DOBBM_DECK.map((_, i) => i));
    for (const bad of ['', 'H', 'H1', 'H100', 'H10 ', 'X9', 'h9', 'HS6', 'Hé', 'ɧS', 'L11', 'A0']) expect(cardIndex(bad)).toBe(-1);
  });
  it('recognises a whole pack and nothing else', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(DOBBM_DECK as string[], { minLength: 36, maxLength: 36 }), fc.nat(35), fc.nat(35), (deck, i, j) => {
        expect(isWholePack(deck)).toBe(true);
        const broken = deck.slice();
        broken[i] = deck[j]!;
        expect(isWholePack(broken)).toBe(i === j);
      }),
    );
  });
});

describe('trick winner (docs/rules/dobbm.md#play): highest heart, else highest card of the led suit', () => {
  it('a low heart beats the led sow; an off-suit card never wins', () => {
    expect(winningIndex(['AS', 'H6', 'A10', 'LS'])).toBe(1);
    expect(winningIndex(['A6', 'LS', 'BS', 'A7'])).toBe(3);
    expect(winningIndex(['HU', 'HS', 'AS', 'H10'])).toBe(1);
  });
  it('ranks Sow > Ten > King > Ober > Unter > 9 > 8 > 7 > 6 in every suit', () => {
    const order = ['S', '10', 'K', 'O', 'U', '9', '8', '7', '6'];
    for (const s of ['H', 'L', 'A', 'B']) {
      for (let i = 0; i + 1 < order.length; i++) expect(beats(s + order[i], s + order[i + 1], s as 'H')).toBe(true);
    }
  });
});
