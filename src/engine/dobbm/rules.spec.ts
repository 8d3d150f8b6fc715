/**
 * The hand's life, docs/rules/dobbm.md#bidding–docs/rules/dobbm.md#play, on the unshuffled deck dealt by dealer 3:
 *   seat 0: HS H10 HK HO L7 L6 AS A10     seat 1: HU H9 H8 H7 AK AO AU A9
 *   seat 2: H6 LS L10 LK A8 A7 A6 BS      seat 3: LO LU L9 L8 B10 BK BO BU     Dobb: B9 B8 B7 B6
 */
import type { Action } from '../core/types.js';
import { DOBBM_DECK } from './cards.js';
import { deal } from './deal.js';
import type { DobbmOptions } from './options.js';
import { legalActions } from './rules.js';
import { result } from './result.js';
import { fieldOf } from '../core/actions.testkit.js';
import { applyAny, bid, call, discard, opts, play, run } from './deals.testkit.js';
import type { DobbmState } from './state.js';

const fresh = (o: DobbmOptions = opts()) => deal(o, DOBBM_DECK, { dealer: 3 });
function code(state: DobbmState, action: Action): string | null {
  const r = applyAny(state, action);
  return r.ok ? null : r.rejection.code;
}

describe('bidding (docs/rules/dobbm.md#bidding): one speak each, strictly higher', () => {
  it('forehand speaks first; anyone else is told NOT_YOUR_TURN', () => {
    expect(code(fresh(), bid(1, 'dobbm'))).toBe('NOT_YOUR_TURN');
    expect(legalActions(fresh(), 1)).toEqual([]);
    expect(legalActions(fresh(), 0).map((a) => fieldOf(a, 'bid'))).toEqual(['pass', 'dobbm', 'solo']);
  });

  it('after a Dobbm only Solo or pass; a second Dobbm is BID_NOT_HIGHER (docs/rules/dobbm.md#decision-11)', () => {
    const s = run(fresh(), [bid(0, 'pass'), bid(1, 'dobbm')]);
    expect(code(s, bid(2, 'dobbm'))).toBe('BID_NOT_HIGHER');
    expect(legalActions(s, 2).map((a) => fieldOf(a, 'bid'))).toEqual(['pass', 'solo']);
  });

  it('after a Solo only pass; the Solo bidder declares when the round ends', () => {
    const s = run(fresh(), [bid(0, 'pass'), bid(1, 'dobbm'), bid(2, 'solo')]);
    expect(code(s, bid(3, 'solo'))).toBe('BID_NOT_HIGHER');
    expect(legalActions(s, 3).map((a) => fieldOf(a, 'bid'))).toEqual(['pass']);
    const t = run(s, [bid(3, 'pass')]);
    expect([t.declarer, t.contract, t.phase]).toEqual([2, 'solo', 'doubling']);
  });

  it('a Dobbm declarer who is not outbid takes the Dobb into a 12-card hand', () => {
    const s = run(fresh(), [bid(0, 'dobbm'), bid(1, 'pass'), bid(2, 'pass'), bid(3, 'pass')]);
    expect([s.declarer, s.contract, s.phase, s.turn]).toEqual([0, 'dobbm', 'exchange', 0]);
    expect([...s.hands[0]!].sort()).toEqual(['A10', 'AS', 'B6', 'B7', 'B8', 'B9', 'H10', 'HK', 'HO', 'HS', 'L6', 'L7'].sort());
  });

  it('four passes throw the deal in: nothing is paid with four players', () => {
    const s = run(fresh(), [bid(0, 'pass'), bid(1, 'pass'), bid(2, 'pass'), bid(3, 'pass')]);
    expect(s.phase).toBe('over');
    const r = result(s)!;
    expect(r).toMatchObject({ status: 'thrownIn', declarer: null, contract: null, parties: null, cardPoints: null, multiplier: 1 });
    expect(r.scores).toEqual([0, 0, 0, 0]);
    expect(code(s, bid(0, 'dobbm'))).toBe('HAND_OVER');
  });

  it('a card or a call during the auction is WRONG_PHASE', () => {
    expect(code(fresh(), play(0, 'HS'))).toBe('WRONG_PHASE');
    expect(code(fresh(), call(0, 'gut'))).toBe('WRONG_PHASE');
  });
});

describe('exchange (docs/rules/dobbm.md#discard): four cards away, a sow only with a heart', () => {
  const exchange = (o?: DobbmOptions) => run(fresh(o), [bid(0, 'dobbm'), bid(1, 'pass'), bid(2, 'pass'), bid(3, 'pass')]);
  it('refuses a wrong count, a card twice, a card not held, a sow without a heart', () => {
    const s = exchange();
    expect(code(s, discard(0, ['B9', 'B8', 'B7']))).toBe('WRONG_CARD_COUNT');
    expect(code(s, discard(0, ['B9', 'B8', 'B7', 'B6', 'L6']))).toBe('WRONG_CARD_COUNT');
    expect(code(s, discard(0, ['B9', 'B8', 'B7', 'B7']))).toBe('DUPLICATE_CARD');
    expect(code(s, discard(0, ['B9', 'B8', 'B7', 'LS']))).toBe('CARD_NOT_HELD');
    expect(code(s, discard(0, ['AS', 'L7', 'L6', 'A10']))).toBe('SOW_DISCARD_NEEDS_TRUMP');
    expect(code(s, discard(1, ['B9', 'B8', 'B7', 'B6']))).toBe('NOT_YOUR_TURN');
  });

  it('a sow with a heart is fine; the declarer keeps 8 cards and the doubling starts left of him', () => {
    const s = run(exchange(), [discard(0, ['AS', 'HO', 'L7', 'L6'])]);
    expect(s.hands[0]).toHaveLength(8);
    expect(s.discard).toEqual(['AS', 'HO', 'L7', 'L6']);
    expect([s.phase, s.turn, s.defenders]).toEqual(['doubling', 1, [1, 2, 3]]);
  });

  it('lists every legal discard: 383 of the C(12,4) = 495 for HS AS + H10 HK HO + seven others', () => {
    // s sows ≤ t hearts (HS a sow): s=0: 35+105+63+7; s=1: 2·(63+21+1); s=2: 3  → 383
    expect(legalActions(exchange(), 0)).toHaveLength(383);
    // heartSowIsSow=false: only AS is a sow: C(11,4) + (C(11,3) − C(7,3)) = 330 + 130 = 460
    expect(legalActions(exchange(opts({ 'discard.heartSowIsSow': false })), 0)).toHaveLength(460);
  });
});

describe('Schwacher and Retour (docs/rules/dobbm.md#doubling)', () => {
  // Seat 2 plays Solo; defenders from the declarer's left: 3, 0, 1.
  const solo = (o?: DobbmOptions) => run(fresh(o), [bid(0, 'pass'), bid(1, 'pass'), bid(2, 'solo'), bid(3, 'pass')]);

  it('three Gut: no doubling, the declarer leads', () => {
    const s = run(solo(), [call(3, 'gut'), call(0, 'gut'), call(1, 'gut')]);
    expect([s.phase, s.turn, s.doublings]).toEqual(['play', 2, 0]);
  });

  it('the first Schwacher ends the defenders round and asks the declarer', () => {
    const s = run(solo(), [call(3, 'gut'), call(0, 'schwacher')]);
    expect([s.turn, s.doublings]).toEqual([2, 1]);
    expect(legalActions(s, 2).map((a) => fieldOf(a, 'call'))).toEqual(['gut', 'retour']);
    expect(code(s, call(2, 'schwacher'))).toBe('CALL_NOT_ALLOWED');
    expect(run(s, [call(2, 'gut')]).phase).toBe('play');
  });

  it('Retour goes back to D1, D2, D3 in order; any of them may answer Retour; k counts every call', () => {
    const s = run(solo(), [
      call(3, 'schwacher'),
      call(2, 'retour'), // k = 2
      call(3, 'gut'),
      call(0, 'retour'), // k = 3: seat 0 answers, not the Schwacher giver
      call(2, 'retour'), // k = 4
      call(3, 'gut'),
      call(0, 'gut'),
      call(1, 'gut'),
    ]);
    expect([s.phase, s.doublings]).toEqual(['play', 4]);
    expect(s.calls).toHaveLength(8);
  });

  it('Retour is not a word of the Schwacher round, nor Schwacher of the Retour round', () => {
    expect(code(solo(), call(3, 'retour'))).toBe('CALL_NOT_ALLOWED');
    const s = run(solo(), [call(3, 'schwacher'), call(2, 'retour')]);
    expect(code(s, call(3, 'schwacher'))).toBe('CALL_NOT_ALLOWED');
  });

  it('maxDoublings caps k: at the cap only Gut is offered', () => {
    const capped = solo(opts({ 'doubling.maxDoublings': 1 }));
    const s = run(capped, [call(3, 'schwacher')]);
    expect(legalActions(s, 2)).toEqual([{ seat: 2, type: 'double', call: 'gut' }]);
    expect(code(s, call(2, 'retour'))).toBe('CALL_NOT_ALLOWED');
    const none = solo(opts({ 'doubling.maxDoublings': 0 }));
    expect(code(none, call(3, 'schwacher'))).toBe('CALL_NOT_ALLOWED');
    expect(legalActions(none, 3).map((a) => fieldOf(a, 'call'))).toEqual(['gut']);
  });

  it('the inactive fifth player never speaks; defenders skip the sitting-out dealer', () => {
    // Five players, dealer 2 sits out; active 3, 4, 0, 1. Seat 4 bids Solo: defenders 0, 1, 3.
    const s5 = run(deal(opts({ players: 5 }), DOBBM_DECK, { dealer: 2 }), [bid(3, 'pass'), bid(4, 'solo'), bid(0, 'pass'), bid(1, 'pass')]);
    expect(s5.defenders).toEqual([0, 1, 3]);
    expect(code(s5, call(2, 'schwacher'))).toBe('NOT_YOUR_TURN');
  });
});

describe('play (docs/rules/dobbm.md#play): follow suit, else trump, else anything', () => {
  const playing = () =>
    run(fresh(), [bid(0, 'pass'), bid(1, 'pass'), bid(2, 'solo'), bid(3, 'pass'), call(3, 'gut'), call(0, 'gut'), call(1, 'gut')]);

  it('must follow the led suit; a void hand without hearts may play anything', () => {
    const s = run(playing(), [play(2, 'A6'), play(3, 'L8')]); // seat 3 holds no acorns and no hearts
    expect(code(s, play(0, 'HS'))).toBe('MUST_FOLLOW_SUIT');
    expect(legalActions(s, 0).map((a) => fieldOf(a, 'card'))).toEqual(['AS', 'A10']);
  });

  it('void in the led suit with hearts: must trump', () => {
    const s = run(playing(), [play(2, 'A6'), play(3, 'L8'), play(0, 'AS'), play(1, 'A9')]);
    expect(s.tricks[0]).toEqual({ leader: 2, cards: ['A6', 'L8', 'AS', 'A9'], winner: 0, points: 11 });
    const t = run(s, [play(0, 'L7')]);
    expect(code(t, play(1, 'AK'))).toBe('MUST_TRUMP');
    expect(legalActions(t, 1).map((a) => fieldOf(a, 'card'))).toEqual(['HU', 'H9', 'H8', 'H7']);
    const u = run(t, [play(1, 'H7'), play(2, 'LK'), play(3, 'L9')]);
    expect(u.tricks[1]!.winner).toBe(1); // the lowest heart beats the led suit
    expect(u.turn).toBe(1);
  });

  it('a card not held, or a card out of turn, is refused', () => {
    expect(code(playing(), play(2, 'HS'))).toBe('CARD_NOT_HELD');
    expect(code(playing(), play(3, 'L8'))).toBe('NOT_YOUR_TURN');
  });

  it('no obligation to beat: a low acorn under a high one is fine', () => {
    const s = run(playing(), [play(2, 'A8'), play(3, 'BU'), play(0, 'A10')]);
    expect(code(s, play(1, 'A9'))).toBeNull();
  });
});
