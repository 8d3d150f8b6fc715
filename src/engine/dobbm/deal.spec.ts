/** docs/rules/dobbm.md#deal deal pattern and the hand-record deal (`dealHands`). */
import { DOBBM_DECK } from './cards.js';
import { deal, dealFromHands } from './deal.js';
import { opts } from './deals.testkit.js';

describe('deal from a deck (docs/rules/dobbm.md#deal): two rounds of four, Dobb last', () => {
  it('four players, dealer 3: forehand 0 gets deck[0..3] and deck[16..19]', () => {
    const s = deal(opts(), DOBBM_DECK, { dealer: 3 });
    expect(s.hands[0]).toEqual(['HS', 'H10', 'HK', 'HO', 'L7', 'L6', 'AS', 'A10']);
    expect(s.hands[1]).toEqual(['HU', 'H9', 'H8', 'H7', 'AK', 'AO', 'AU', 'A9']);
    expect(s.hands[2]).toEqual(['H6', 'LS', 'L10', 'LK', 'A8', 'A7', 'A6', 'BS']);
    expect(s.hands[3]).toEqual(['LO', 'LU', 'L9', 'L8', 'B10', 'BK', 'BO', 'BU']);
    expect(s.dobb).toEqual(['B9', 'B8', 'B7', 'B6']);
    expect(s.turn).toBe(0);
    expect(s.phase).toBe('bidding');
  });

  it('five players, dealer 2 sits out: 3, 4, 0, 1 receive in that order', () => {
    const s = deal(opts({ players: 5 }), DOBBM_DECK, { dealer: 2 });
    expect(s.active).toEqual([3, 4, 0, 1]);
    expect(s.hands[2]).toEqual([]);
    expect(s.hands[3]).toEqual(['HS', 'H10', 'HK', 'HO', 'L7', 'L6', 'AS', 'A10']);
    expect(s.hands[1]).toEqual(['LO', 'LU', 'L9', 'L8', 'B10', 'BK', 'BO', 'BU']);
    expect(s.turn).toBe(3);
  });

  it('a deck that is not the 36 cards is refused', () => {
    expect(() => deal(opts(), DOBBM_DECK.slice(1), { dealer: 0 })).toThrow();
    expect(() => deal(opts(), [...DOBBM_DECK.slice(1), 'H10'], { dealer: 0 })).toThrow();
  });
});

describe('deal from explicit hands (hand records)', () => {
  const base = deal(opts(), DOBBM_DECK, { dealer: 3 });
  const hands = base.hands.map((h) => h.slice());
  it('gives the same state as the deck it was read from', () => {
    const r = dealFromHands(opts(), hands, base.dobb, { dealer: 3 });
    expect(r.ok && r.state).toEqual(base);
  });
  it.each([
    ['a hand of 7', [hands[0]!.slice(1), hands[1], hands[2], hands[3]], base.dobb],
    ['a card twice', [[...hands[0]!.slice(1), 'HU'], hands[1], hands[2], hands[3]], base.dobb],
    ['an unknown card', [[...hands[0]!.slice(1), 'X1'], hands[1], hands[2], hands[3]], base.dobb],
    ['a Dobb of 3', hands, base.dobb.slice(1)],
    ['three hands', hands.slice(0, 3), base.dobb],
  ])('%s → BAD_DECK', (_name, h, talon) => {
    const r = dealFromHands(opts(), h as string[][], talon as string[], { dealer: 3 });
    expect(!r.ok && r.rejection.code).toBe('BAD_DECK');
  });
  it('five players: the sitting-out dealer is null and must hold nothing', () => {
    const five = deal(opts({ players: 5 }), DOBBM_DECK, { dealer: 2 });
    const h = five.hands.map((x, s) => (s === 2 ? null : x.slice()));
    const ok = dealFromHands(opts({ players: 5 }), h, five.dobb, { dealer: 2 });
    expect(ok.ok && ok.state).toEqual(five);
    const wrongDealer = dealFromHands(opts({ players: 5 }), h, five.dobb, { dealer: 3 });
    expect(!wrongDealer.ok && wrongDealer.rejection.code).toBe('BAD_DECK');
  });
});
