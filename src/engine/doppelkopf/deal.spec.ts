import { Codes } from '../core/rejections.js';
import { dokoDeck } from './cards.js';
import { deal, dealFromHands } from './deal.js';
import { opts } from './deals.testkit.js';

describe('deal patterns (docs/rules/doppelkopf.md#deal, docs/rules/doppelkopf.md#decision-10)', () => {
  it('48 cards: four rounds of three from forehand', () => {
    // Canonical deck: C A A 10 10 K K Q Q J J 9 9, then S, H, D blocks of 12.
    const s = deal(opts(), dokoDeck(48), { dealer: 3 });
    expect(s.hands[0]).toEqual(['CA', 'CA', 'C10', 'SA', 'SA', 'S10', 'HA', 'HA', 'H10', 'DA', 'DA', 'D10']);
    expect(s.hands[3]).toEqual(['CJ', 'C9', 'C9', 'SJ', 'S9', 'S9', 'HJ', 'H9', 'H9', 'DJ', 'D9', 'D9']);
  });

  it('40 cards: rounds of 3, 4, 3', () => {
    // 40-card blocks of ten: C A A 10 10 K K Q Q J J | S … | H … | D ….
    const s = deal(opts({ deck: 40 }), dokoDeck(40), { dealer: 3 });
    expect(s.hands[0]).toEqual(['CA', 'CA', 'C10', 'S10', 'S10', 'SK', 'SK', 'HJ', 'HJ', 'DA']);
  });

  it('deal40 = 5x2: five rounds of two', () => {
    const s = deal(opts({ deck: 40, deal40: '5x2' }), dokoDeck(40), { dealer: 3 });
    expect(s.hands[0]).toEqual(['CA', 'CA', 'CJ', 'CJ', 'SQ', 'SQ', 'HK', 'HK', 'D10', 'D10']);
  });

  it('five players: the dealer sits out and forehand is the seat after him', () => {
    const s = deal(opts({ players: 5 }), dokoDeck(48), { dealer: 2 });
    expect(s.hands[2]).toBeNull();
    expect(s.hands[3]).toEqual(['CA', 'CA', 'C10', 'SA', 'SA', 'S10', 'HA', 'HA', 'H10', 'DA', 'DA', 'D10']);
    expect(s.hands.filter((h) => h !== null)).toHaveLength(4);
  });
});

describe('dealing from explicit hands', () => {
  const deck = dokoDeck(48);
  const hands = [deck.slice(0, 12), deck.slice(12, 24), deck.slice(24, 36), deck.slice(36)];

  it('accepts one full deck split into four hands', () => {
    expect(dealFromHands(opts(), hands, [], { dealer: 0 }).ok).toBe(true);
  });

  it('rejects a third copy of a face, a short hand, a talon and a card for a sitting-out dealer', () => {
    const third = hands.map((h) => h.slice());
    third[1][0] = 'CA';
    const code = (r: { ok: boolean; rejection?: { code: string } }): string | undefined => r.rejection?.code;
    expect(code(dealFromHands(opts(), third, [], { dealer: 0 }))).toBe(Codes.BAD_DECK);
    expect(code(dealFromHands(opts(), [hands[0].slice(1), ...hands.slice(1)], [], { dealer: 0 }))).toBe(Codes.BAD_DECK);
    expect(code(dealFromHands(opts(), hands, ['CA'], { dealer: 0 }))).toBe(Codes.BAD_DECK);
    expect(code(dealFromHands(opts({ players: 5 }), [...hands, ['C9']], [], { dealer: 4 }))).toBe(Codes.BAD_DECK);
    expect(dealFromHands(opts({ players: 5 }), [...hands, null], [], { dealer: 4 }).ok).toBe(true);
  });
});
