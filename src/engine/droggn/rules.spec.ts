import { Codes } from '../core/rejections.js';
import { thrownInResult } from '../core/result.js';
import type { Action } from '../core/types.js';
import { DECK } from './cards.js';
import { droggn } from './index.js';
import { DroggnCodes } from './codes.js';
import type { DroggnState } from './state.js';
import { fieldOf } from '../core/actions.testkit.js';
import { applyAny, dealt, run, SUPER_BY_SEAT_0 } from './deals.testkit.js';

const codeOf = (s: DroggnState, a: Action): string | null => {
  const r = applyAny(s, a);
  return r.ok ? null : r.rejection.code;
};
const bid = (seat: number, b: string): Action => ({ seat, type: 'bid', bid: b });

/** Hands: seat 0 = a0 (dealer 2); the pack in order. */
const plain = () => dealt([DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)], DECK.slice(63), 2);

describe('bidding (docs/rules/droggn.md#bidding)', () => {
  it('each active player once, strictly higher; the highest bidder declares', () => {
    let s = plain();
    expect(droggn.legalActions(s, 0).map((a) => fieldOf(a, 'bid'))).toEqual(['pass', 'ansager', 'solo', 'super', 'supermord']);
    expect(codeOf(s, bid(1, 'pass'))).toBe(Codes.NOT_YOUR_TURN);
    s = run(s, [bid(0, 'solo')]);
    expect(codeOf(s, bid(1, 'ansager'))).toBe(Codes.BID_NOT_HIGHER);
    expect(codeOf(s, bid(1, 'solo'))).toBe(Codes.BID_NOT_HIGHER);
    expect(droggn.legalActions(s, 1).map((a) => fieldOf(a, 'bid'))).toEqual(['pass', 'super', 'supermord']);
    s = run(s, [bid(1, 'super'), bid(2, 'pass')]);
    expect(s.declarer).toBe(1);
    expect(s.contract).toBe('super');
    expect(s.defenders).toEqual([2, 0]);
    expect(droggn.phase(s)).toBe('ready');
  });

  it('all pass: thrown in, zero scores, multiplier 1', () => {
    const s = run(plain(), [bid(0, 'pass'), bid(1, 'pass'), bid(2, 'pass')]);
    expect(droggn.isOver(s)).toBe(true);
    expect(droggn.result(s)).toEqual(thrownInResult([0, 0, 0]));
    expect(codeOf(s, bid(0, 'pass'))).toBe(Codes.HAND_OVER);
  });

  it('a play during the bidding is the wrong phase', () => {
    expect(codeOf(plain(), { seat: 0, type: 'play', card: 'T1' })).toBe(Codes.WRONG_PHASE);
  });
});

describe('exchange (docs/rules/droggn.md#exchange)', () => {
  // seat 0 holds T1..T21; the talon is D6 D7 GS (the pack order)
  const ansager = () => run(plain(), [bid(0, 'ansager'), bid(1, 'pass'), bid(2, 'pass')]);

  it('the declarer picks up the talon and must discard exactly three', () => {
    const s = ansager();
    expect(s.hands[0]).toHaveLength(24);
    expect(codeOf(s, { seat: 0, type: 'discard', cards: ['T2', 'T3'] })).toBe(Codes.WRONG_CARD_COUNT);
    expect(codeOf(s, { seat: 0, type: 'discard', cards: ['T2', 'T2', 'T3'] })).toBe(Codes.DUPLICATE_CARD);
    expect(codeOf(s, { seat: 0, type: 'discard', cards: ['T2', 'T3', 'SK'] })).toBe(Codes.CARD_NOT_HELD);
  });

  it('GS, T21 and T1 may never be discarded', () => {
    const s = ansager();
    expect(codeOf(s, { seat: 0, type: 'discard', cards: ['T21', 'T3', 'T4'] })).toBe(DroggnCodes.DISCARD_FORBIDDEN_CARD);
    expect(codeOf(s, { seat: 0, type: 'discard', cards: ['T1', 'T3', 'T4'] })).toBe(DroggnCodes.DISCARD_FORBIDDEN_CARD);
  });

  it('trumps may be discarded, silently: a defender`s view does not show the discard', () => {
    const s = run(ansager(), [{ seat: 0, type: 'discard', cards: ['T2', 'T3', 'T4'] }]);
    expect(droggn.view(s, { kind: 'seat', seat: 1 }).discard).toBeNull();
    expect(droggn.view(s, { kind: 'seat', seat: 0 }).discard).toEqual(['T2', 'T3', 'T4']);
  });

  it('after the discard an Ansager buys or declines; a Solo goes straight to "ich liege"', () => {
    let s = run(ansager(), [{ seat: 0, type: 'discard', cards: ['T2', 'T3', 'T4'] }]);
    expect(droggn.phase(s)).toBe('buy');
    expect(s.discard).toEqual(['T2', 'T3', 'T4']);
    s = run(s, [{ seat: 0, type: 'buy', card: 'SK', give: 'T5' }]);
    expect(s.hands[0]).toContain('SK');
    expect(s.hands[0]).not.toContain('T5');
    expect(s.hands[1]).toContain('T5');
    expect(s.hands[1]).not.toContain('SK');
    expect(s.buy).toEqual({ kind: 'bought', card: 'SK', give: 'T5', from: 1 });
    expect(droggn.phase(s)).toBe('ready');
    const solo = run(plain(), [bid(0, 'solo'), bid(1, 'pass'), bid(2, 'pass'), { seat: 0, type: 'discard', cards: ['T2', 'T3', 'T4'] }]);
    expect(droggn.phase(solo)).toBe('ready');
  });

  it('buying: the card must be a defender`s, the give the declarer`s', () => {
    const s = run(ansager(), [{ seat: 0, type: 'discard', cards: ['T2', 'T3', 'T4'] }]);
    expect(codeOf(s, { seat: 0, type: 'buy', card: 'T10', give: 'T5' })).toBe(DroggnCodes.BUY_OWN_CARD);
    expect(codeOf(s, { seat: 0, type: 'buy', card: 'T3', give: 'T5' })).toBe(DroggnCodes.BUY_OWN_CARD);
    expect(codeOf(s, { seat: 0, type: 'buy', card: 'SK', give: 'HK' })).toBe(Codes.CARD_NOT_HELD);
    expect(codeOf(s, { seat: 0, type: 'buy', card: 'ZZ', give: 'T5' })).toBe(DroggnCodes.UNKNOWN_CARD);
    expect(run(s, [{ seat: 0, type: 'buy', card: null }]).buy).toEqual({ kind: 'declined' });
  });

  it('Super and Super Mord leave the talon face down: straight to "ich liege"', () => {
    const s = run(plain(), [bid(0, 'super'), bid(1, 'pass'), bid(2, 'pass')]);
    expect(droggn.phase(s)).toBe('ready');
    expect(s.hands[0]).toHaveLength(21);
    expect(codeOf(s, { seat: 0, type: 'discard', cards: ['T2', 'T3', 'T4'] })).toBe(Codes.WRONG_PHASE);
  });
});

describe('laying out and doubling (docs/rules/droggn.md#layout, docs/rules/droggn.md#doubling)', () => {
  const superGame = () => run(plain(), [bid(0, 'super'), bid(1, 'pass'), bid(2, 'pass')]);

  it('the declarer may lay out T1 if he holds it; GS only in Super Mord', () => {
    const s = superGame();
    expect(droggn.legalActions(s, 0).map((a) => fieldOf(a, 'layout'))).toEqual([null, 'T1']);
    expect(codeOf(s, { seat: 0, type: 'ready', layout: 'GS' })).toBe(DroggnCodes.LAYOUT_NOT_ALLOWED);
    expect(codeOf(s, { seat: 0, type: 'ready', layout: 'T21' })).toBe(DroggnCodes.LAYOUT_NOT_ALLOWED);
  });

  it('each defender answers in turn from the declarer`s left, then D1 opens the Schwacher round', () => {
    let s = run(superGame(), [{ seat: 0, type: 'ready', layout: 'T1' }]);
    expect(droggn.toAct(s)).toEqual([1]);
    expect(droggn.legalActions(s, 1)).toEqual([{ seat: 1, type: 'layout', card: null }]);
    expect(codeOf(s, { seat: 1, type: 'layout', card: 'T1' })).toBe(Codes.CARD_NOT_HELD);
    s = run(s, [
      { seat: 1, type: 'layout', card: null },
      { seat: 2, type: 'layout', card: null },
    ]);
    expect(droggn.phase(s)).toBe('doubling');
    expect(droggn.toAct(s)).toEqual([1]);
  });

  it('Schwacher, Retour, Retour … without limit by default: m = 2^k', () => {
    let s = run(superGame(), [
      { seat: 0, type: 'ready', layout: null },
      { seat: 1, type: 'layout', card: null },
      { seat: 2, type: 'layout', card: null },
    ]);
    expect(codeOf(s, { seat: 1, type: 'double', call: 'retour' })).toBe(Codes.CALL_NOT_ALLOWED);
    s = run(s, [
      { seat: 1, type: 'double', call: 'gut' },
      { seat: 2, type: 'double', call: 'schwacher' },
    ]);
    expect(droggn.toAct(s)).toEqual([0]);
    s = run(s, [{ seat: 0, type: 'double', call: 'retour' }]);
    // any defender may answer, D1 first
    s = run(s, [
      { seat: 1, type: 'double', call: 'gut' },
      { seat: 2, type: 'double', call: 'retour' },
      { seat: 0, type: 'double', call: 'retour' },
    ]);
    expect(s.doublings).toBe(4);
    s = run(s, [
      { seat: 1, type: 'double', call: 'gut' },
      { seat: 2, type: 'double', call: 'gut' },
    ]);
    expect(droggn.phase(s)).toBe('play');
    expect(droggn.toAct(s)).toEqual([0]);
    expect(droggn.view(s, { kind: 'spectator' }).multiplier).toBe(16);
  });

  it('doubling.maxDoublings caps the calls: only gut is offered at the cap', () => {
    const s = run(dealt([DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)], DECK.slice(63), 2, { 'doubling.maxDoublings': 1 }), [
      ...SUPER_BY_SEAT_0,
      { seat: 1, type: 'double', call: 'schwacher' },
    ]);
    expect(droggn.legalActions(s, 0)).toEqual([{ seat: 0, type: 'double', call: 'gut' }]);
    expect(codeOf(s, { seat: 0, type: 'double', call: 'retour' })).toBe(Codes.CALL_NOT_ALLOWED);
  });

  it('with four players the sitting-out dealer never speaks', () => {
    const s = run(dealt([DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63), null], DECK.slice(63), 3), [
      bid(0, 'super'),
      bid(1, 'pass'),
      bid(2, 'pass'),
      { seat: 0, type: 'ready', layout: null },
    ]);
    expect(s.defenders).toEqual([1, 2]);
    expect(droggn.legalActions(s, 3)).toEqual([]);
    expect(codeOf(s, { seat: 3, type: 'layout', card: null })).toBe(Codes.NOT_YOUR_TURN);
  });
});

describe('play (docs/rules/droggn.md#play)', () => {
  // seat 0: T21..T15 + spades; seat 1: T14..T8 + clubs …; a Super by seat 0
  const hands = [
    ['T21', 'T20', 'T19', 'T18', 'T17', 'T16', 'T15', 'SK', 'SQ', 'SR', 'SJ', 'S10', 'S9', 'S8', 'S7', 'S6', 'S5', 'S4', 'HK', 'HQ', 'HR'],
    ['T14', 'T13', 'T12', 'T11', 'T10', 'T9', 'T8', 'CK', 'CQ', 'CR', 'CJ', 'C10', 'C9', 'C8', 'C7', 'C6', 'C5', 'C4', 'HJ', 'H1', 'GS'],
    ['T7', 'T6', 'T5', 'T4', 'T3', 'T2', 'T1', 'DK', 'DQ', 'DR', 'DJ', 'D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'H2', 'H3', 'H4'],
  ];
  const start = () =>
    run(dealt(hands, ['H5', 'H6', 'H7'], 2), [
      ...SUPER_BY_SEAT_0,
      { seat: 1, type: 'double', call: 'gut' },
      { seat: 2, type: 'double', call: 'gut' },
    ]);
  const play = (seat: number, card: string): Action => ({ seat, type: 'play', card });
  const legal = (s: DroggnState, seat: number) =>
    droggn
      .legalActions(s, seat)
      .map((a) => fieldOf(a, 'card'))
      .sort();

  it('must follow suit; the Gstieß is always additionally legal', () => {
    const s = run(start(), [play(0, 'HK')]);
    expect(legal(s, 1)).toEqual(['GS', 'H1', 'HJ']);
    expect(codeOf(s, play(1, 'CK'))).toBe(Codes.MUST_FOLLOW_SUIT);
    expect(codeOf(s, play(1, 'T8'))).toBe(Codes.MUST_FOLLOW_SUIT);
  });

  it('void in the suit: must trump', () => {
    const s = run(start(), [play(0, 'S4')]);
    expect(legal(s, 1)).toEqual(['GS', 'T10', 'T11', 'T12', 'T13', 'T14', 'T8', 'T9']);
    expect(codeOf(s, play(1, 'CK'))).toBe(Codes.MUST_TRUMP);
  });

  it('a trump lead must be answered with a trump', () => {
    const s = run(start(), [play(0, 'T15')]);
    expect(codeOf(s, play(1, 'HJ'))).toBe(Codes.MUST_TRUMP);
    expect(codeOf(s, play(1, 'C4'))).toBe(Codes.MUST_TRUMP);
  });

  it('a led Gstieß frees the second player; his card is the reference for the third', () => {
    let s = run(start(), [play(0, 'S4'), play(1, 'T8'), play(2, 'T1')]);
    expect(s.tricks[0]!.winner).toBe(1);
    s = run(s, [play(1, 'GS')]);
    expect(legal(s, 2)).toHaveLength(20);
    s = run(s, [play(2, 'DK')]);
    expect(legal(s, 0)).toEqual(['T15', 'T16', 'T17', 'T18', 'T19', 'T20', 'T21']);
    s = run(s, [play(0, 'T15')]);
    // the Gstieß never wins; it stays in its own side's pile
    expect(s.tricks[1]!.winner).toBe(0);
  });

  it('a card not held is rejected, and only the seat on turn may play', () => {
    const s = start();
    expect(codeOf(s, play(0, 'CK'))).toBe(Codes.CARD_NOT_HELD);
    expect(codeOf(s, play(1, 'CK'))).toBe(Codes.NOT_YOUR_TURN);
  });
});

describe('apply checks the shape too', () => {
  it('a malformed action is BAD_ACTION and changes nothing', () => {
    const s = plain();
    expect(codeOf(s, { seat: 0, type: 'bid', bid: 'grand' })).toBe(Codes.BAD_ACTION);
    expect(codeOf(s, { seat: 0, type: 'bid' })).toBe(Codes.BAD_ACTION);
  });
});
