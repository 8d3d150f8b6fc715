import { Codes } from '../core/rejections.js';
import { DECK } from './cards.js';
import { droggn } from './index.js';
import { defaultOptions } from './options.js';

/** A deck whose card at position i is the pack's i-th card, so positions can be read back. */
const deck = DECK.slice();
const at = (...idx: number[]): string[] => idx.map((i) => deck[i]!);
const span = (from: number, len: number): number[] => Array.from({ length: len }, (_, i) => from + i);

describe('the deal (docs/rules/droggn.md#deal)', () => {
  it('7x3: three rounds of seven from the dealer`s left, the talon last', () => {
    const s = droggn.deal(defaultOptions(), deck, { dealer: 1 });
    // active order from dealer 1: 2, 0, 1
    expect(s.hands[2]).toEqual(at(...span(0, 7), ...span(21, 7), ...span(42, 7)));
    expect(s.hands[0]).toEqual(at(...span(7, 7), ...span(28, 7), ...span(49, 7)));
    expect(s.hands[1]).toEqual(at(...span(14, 7), ...span(35, 7), ...span(56, 7)));
    expect(s.talon).toEqual(at(63, 64, 65));
    expect(s.turn).toBe(2);
  });

  it('talonAfterRound2: the talon comes after the second round', () => {
    const s = droggn.deal(defaultOptions({ deal: 'talonAfterRound2' }), deck, { dealer: 2 });
    expect(s.hands[0]).toEqual(at(...span(0, 7), ...span(21, 7), ...span(45, 7)));
    expect(s.hands[2]).toEqual(at(...span(14, 7), ...span(35, 7), ...span(59, 7)));
    expect(s.talon).toEqual(at(42, 43, 44));
  });

  it('5-5-5-3-3: three rounds of five, two of three, then the talon', () => {
    const s = droggn.deal(defaultOptions({ deal: '5-5-5-3-3' }), deck, { dealer: 2 });
    expect(s.hands[1]).toEqual(at(...span(5, 5), ...span(20, 5), ...span(35, 5), ...span(48, 3), ...span(57, 3)));
    expect(s.talon).toEqual(at(63, 64, 65));
  });

  it('with four players the dealer sits out and gets no cards', () => {
    const s = droggn.deal(defaultOptions({ players: 4 }), deck, { dealer: 3 });
    expect(s.hands[3]).toEqual([]);
    expect(s.active).toEqual([0, 1, 2]);
    expect(s.hands[0]).toEqual(at(...span(0, 7), ...span(21, 7), ...span(42, 7)));
    const t = droggn.deal(defaultOptions({ players: 4 }), deck, { dealer: 1 });
    expect(t.active).toEqual([2, 3, 0]);
    expect(t.hands[1]).toEqual([]);
  });
});

describe('dealHands validates the 66-card pack', () => {
  const hands = [DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)];
  const talon = DECK.slice(63);

  it('accepts a complete pack', () => {
    expect(droggn.dealHands(defaultOptions(), hands, talon, { dealer: 0 }).ok).toBe(true);
  });

  it.each([
    ['a hand of 20 cards', [hands[0]!.slice(1), hands[1]!, hands[2]!], talon],
    ['a duplicated card', [[...hands[0]!.slice(1), hands[1]![0]!], hands[1]!, hands[2]!], talon],
    ['a foreign card', [[...hands[0]!.slice(1), 'X9'], hands[1]!, hands[2]!], talon],
    ['a talon of two', hands, talon.slice(1)],
  ])('rejects %s with BAD_DECK', (_name, h, t) => {
    const r = droggn.dealHands(defaultOptions(), h as string[][], t as string[], { dealer: 0 });
    expect(r.ok ? null : r.rejection.code).toBe(Codes.BAD_DECK);
  });

  it('four players: the sitting-out dealer`s hand is null, anything else is BAD_DECK', () => {
    const o = defaultOptions({ players: 4 });
    expect(droggn.dealHands(o, [...hands, null], talon, { dealer: 3 }).ok).toBe(true);
    const r = droggn.dealHands(o, [null, ...hands], talon, { dealer: 3 });
    expect(r.ok ? null : r.rejection.code).toBe(Codes.BAD_DECK);
  });
});
