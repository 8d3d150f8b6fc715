/** One case per row of docs/rules/dobbm.md#decisions (Dobbm conflicts and decisions): default and alternative. */
import type { Action } from '../core/types.js';
import { DOBBM_DECK } from './cards.js';
import { deal } from './deal.js';
import type { DobbmOptions } from './options.js';
import { declarerCardPoints, paymentPerOpponent } from './scoring.js';
import { result } from './result.js';
import { applyAny, bid, call, discard, fromHands, opts, play, run } from './deals.testkit.js';
import { withChanges, type DobbmState } from './state.js';
import { view } from './view.js';

const code = (s: DobbmState, a: Action) => {
  const r = applyAny(s, a);
  return r.ok ? null : r.rejection.code;
};
// Unshuffled deck, dealer 3 (hands listed in rules.spec.ts). Seat 2 plays Solo.
const soloBy2 = (o: DobbmOptions) =>
  run(deal(o, DOBBM_DECK, { dealer: 3 }), [bid(0, 'pass'), bid(1, 'pass'), bid(2, 'solo'), bid(3, 'pass')]);

describe('#1 who speaks first in the doubling', () => {
  it('default declarerLeft: the first active defender left of the declarer (S1)', () => {
    expect(soloBy2(opts()).defenders).toEqual([3, 0, 1]);
    expect(soloBy2(opts()).turn).toBe(3);
  });
  it('dealerLeft: the first active defender left of the dealer (S2)', () => {
    const s = soloBy2(opts({ 'doubling.firstSpeaker': 'dealerLeft' }));
    expect(s.defenders).toEqual([0, 1, 3]);
    expect(s.turn).toBe(0);
  });
});

describe('#2 who may double: the three defenders only', () => {
  it('the declarer cannot open with a Schwacher; the five-player dealer never speaks', () => {
    expect(code(soloBy2(opts()), call(2, 'schwacher'))).toBe('NOT_YOUR_TURN');
    const five = run(deal(opts({ players: 5 }), DOBBM_DECK, { dealer: 2 }), [
      bid(3, 'solo'),
      bid(4, 'pass'),
      bid(0, 'pass'),
      bid(1, 'pass'),
    ]);
    expect(five.defenders).not.toContain(2);
    expect(code(five, call(2, 'schwacher'))).toBe('NOT_YOUR_TURN');
  });
});

describe('#3 rounding for small stakes', () => {
  it('default ceil: 71 at 12 → 3 (S2)', () => expect(paymentPerOpponent(opts(), 71, false, 0)).toBe(3));
  it('exact: 71 at 12 → 2.20 (in hundredths)', () => expect(paymentPerOpponent(opts({ rounding: 'exact' }), 71, false, 0)).toBe(220));
});

describe('#4 rounding before the Solo factor and the doublings (S1)', () => {
  it('76 in a Solo: ceil(3.2) = 4, then ×2 = 8 — not ceil(6.4) = 7', () => {
    expect(paymentPerOpponent(opts(), 76, true, 0)).toBe(8);
  });
});

// Seat 0 plays a Solo with eight blank cards and loses every trick; the Dobb holds 42 points.
const blank = ['A6', 'A7', 'A8', 'A9', 'B6', 'B7', 'B8', 'B9'];
const zeroHands = [
  blank,
  ['AS', 'A10', 'AK', 'AO', 'AU', 'H9', 'H8', 'H7'],
  ['BS', 'B10', 'BK', 'BO', 'BU', 'H6', 'HU', 'HO'],
  ['HK', 'LK', 'LO', 'LU', 'L9', 'L8', 'L7', 'L6'],
];
const zeroDobb = ['HS', 'H10', 'LS', 'L10'];
const zeroTricks = [
  [0, 'A6', 'AS', 'H6', 'HK'], // seat 3 wins with the top heart
  [3, 'LK', 'A7', 'H7', 'HO'], // seat 2
  [2, 'BS', 'LO', 'B6', 'H8'], // seat 1
  [1, 'AK', 'HU', 'LU', 'A8'], // seat 2
  [2, 'B10', 'L9', 'B7', 'H9'], // seat 1
  [1, 'AO', 'BK', 'L8', 'A9'],
  [1, 'AU', 'BO', 'L7', 'B8'],
  [1, 'A10', 'BU', 'L6', 'B9'],
] as const;
function soloWithoutTrick(o: DobbmOptions): DobbmState {
  const actions: Action[] = [
    bid(0, 'solo'),
    bid(1, 'pass'),
    bid(2, 'pass'),
    bid(3, 'pass'),
    call(1, 'gut'),
    call(2, 'gut'),
    call(3, 'gut'),
  ];
  for (const [leader, ...cards] of zeroTricks) cards.forEach((c, i) => actions.push(play((leader + i) % 4, c)));
  return run(fromHands(o, zeroHands, zeroDobb, { dealer: 3 }), actions);
}

describe('#5 a declarer who took no trick', () => {
  it('default allContracts: the Solo Dobb goes to the defenders, D = 0, a Match: 2 × 12 each', () => {
    const r = result(soloWithoutTrick(opts()))!;
    expect(r.cardPoints).toEqual({ declarer: 0, defenders: 120 });
    expect(r.scores).toEqual([-72, 24, 24, 24]);
  });
  it('ordinaryOnly: the Solo declarer keeps the Dobb, D = 42: 18 short → ceil(3.6) = 4, ×2 = 8', () => {
    const r = result(soloWithoutTrick(opts({ zeroTrickTransfer: 'ordinaryOnly' })))!;
    expect(r.cardPoints).toEqual({ declarer: 42, defenders: 78 });
    expect(r.scores).toEqual([-24, 8, 8, 8]);
  });
  it('in a Dobbm the discard always goes to the defenders (both settings)', () => {
    for (const t of ['allContracts', 'ordinaryOnly'] as const) {
      const s = withChanges(soloWithoutTrick(opts({ zeroTrickTransfer: t })), { contract: 'dobbm', discard: zeroDobb });
      expect(declarerCardPoints(s)).toBe(0);
    }
  });
});

// Five players, dealer 2 sits out; active 3, 4, 0, 1. Seat 3 plays Solo; D1 = 4 gives a Schwacher.
const penalized = (o: Partial<DobbmOptions> = {}) =>
  run(deal(opts({ players: 5, irregularities: 'penalize', ...o }), DOBBM_DECK, { dealer: 2 }), [
    bid(3, 'solo'),
    bid(4, 'pass'),
    bid(0, 'pass'),
    bid(1, 'pass'),
    call(4, 'schwacher'),
    call(3, 'gut'),
  ]);
const report = (seat: number, offender: number): Action => ({ seat, type: 'irregularity', offender });

describe('#6 revoke penalty: R(S/2) × Solo factor × 2^k, the five-player dealer included', () => {
  it('a defender offends: every defender and the dealer pay 6 × 2 × 2 = 24 to the declarer', () => {
    const r = result(run(penalized(), [report(0, 1)]))!;
    expect(r.scores).toEqual([-24, -24, -24, 96, -24]);
    expect(r.details).toMatchObject({ abandoned: true, offender: 1, reporter: 0 });
  });
  it('the declarer offends: he pays 24 to each of the four', () => {
    expect(result(run(penalized(), [report(1, 3)]))!.scores).toEqual([24, 24, 24, -96, 24]);
  });
  it('includeDoublings false: 6 × 2 = 12', () => {
    expect(result(run(penalized({ 'penalty.includeDoublings': false }), [report(0, 1)]))!.scores).toEqual([-12, -12, -12, 48, -12]);
  });
  it('dealerPays false: the sitting-out dealer is left out', () => {
    expect(result(run(penalized({ 'penalty.dealerPays': false }), [report(0, 1)]))!.scores).toEqual([-24, -24, 0, 72, -24]);
  });
});

describe('#7 revokes in a server', () => {
  it('default reject: illegal plays are refused and there is no report to make', () => {
    const s = run(soloBy2(opts()), [call(3, 'gut'), call(0, 'gut'), call(1, 'gut'), play(2, 'A6'), play(3, 'L8')]);
    expect(code(s, play(0, 'HS'))).toBe('MUST_FOLLOW_SUIT');
    expect(code(s, report(0, 1))).toBe('IRREGULARITY_NOT_ALLOWED');
  });
  it('penalize: a report abandons the deal; not before there is a declarer; only active seats', () => {
    expect(view(penalized(), { kind: 'seat', seat: 0 })['mayReportIrregularity']).toBe(true);
    expect(view(penalized(), { kind: 'seat', seat: 2 })['mayReportIrregularity']).toBe(false); // sits out
    expect(run(penalized(), [report(4, 3)]).phase).toBe('over');
    const bidding = deal(opts({ players: 5, irregularities: 'penalize' }), DOBBM_DECK, { dealer: 2 });
    expect(code(bidding, report(3, 4))).toBe('WRONG_PHASE');
    expect(code(penalized(), report(2, 3))).toBe('NOT_AN_ACTIVE_SEAT');
    expect(code(penalized(), report(3, 2))).toBe('NOT_AN_ACTIVE_SEAT');
  });
});

describe('#8 the heart sow in the discard', () => {
  // Seat 0 plays Dobbm with HS H10 HK HO L7 L6 AS A10 + Dobb B9 B8 B7 B6.
  const exchange = (o: DobbmOptions) =>
    run(deal(o, DOBBM_DECK, { dealer: 3 }), [bid(0, 'dobbm'), bid(1, 'pass'), bid(2, 'pass'), bid(3, 'pass')]);
  it('default: HS is a sow and needs another heart; it covers nothing', () => {
    const s = exchange(opts());
    expect(code(s, discard(0, ['HS', 'B9', 'B8', 'B7']))).toBe('SOW_DISCARD_NEEDS_TRUMP');
    expect(code(s, discard(0, ['HS', 'AS', 'HO', 'B7']))).toBe('SOW_DISCARD_NEEDS_TRUMP');
    expect(code(s, discard(0, ['HS', 'HO', 'B8', 'B7']))).toBeNull();
    expect(code(s, discard(0, ['HS', 'HO', 'AS', 'HK']))).toBeNull();
  });
  it('heartSowIsSow false: HS needs no cover and covers a plain sow', () => {
    const s = exchange(opts({ 'discard.heartSowIsSow': false }));
    expect(code(s, discard(0, ['HS', 'B9', 'B8', 'B7']))).toBeNull();
    expect(code(s, discard(0, ['HS', 'AS', 'B8', 'B7']))).toBeNull();
    expect(code(s, discard(0, ['AS', 'B9', 'B8', 'B7']))).toBe('SOW_DISCARD_NEEDS_TRUMP');
  });
});

describe('#9 after the declarer’s Retour, D1, D2, D3 are asked again in order', () => {
  it('the turn goes back to D1, not to the Schwacher giver', () => {
    const s = run(soloBy2(opts()), [call(3, 'gut'), call(0, 'gut'), call(1, 'schwacher'), call(2, 'retour')]);
    expect(s.turn).toBe(3);
  });
});

describe('#10 no obligation to overtrump or head the trick', () => {
  it('a defender void in the led suit may play a low heart under a high one', () => {
    // Seat 2 leads L10, seats 3 and 0 follow; seat 1 has no leaves: any heart, high or low.
    const s = run(soloBy2(opts()), [call(3, 'gut'), call(0, 'gut'), call(1, 'gut'), play(2, 'L10'), play(3, 'L8'), play(0, 'L7')]);
    expect(code(s, play(1, 'H7'))).toBeNull();
    expect(code(s, play(1, 'HU'))).toBeNull();
  });
});

describe('#11 equal bids', () => {
  it('a second Dobbm is BID_NOT_HIGHER', () => {
    const s = run(deal(opts(), DOBBM_DECK, { dealer: 3 }), [bid(0, 'dobbm')]);
    expect(code(s, bid(1, 'dobbm'))).toBe('BID_NOT_HIGHER');
  });
});

describe('#12 Stockerl payers (five players)', () => {
  const passOut = (o: DobbmOptions) =>
    run(deal(o, DOBBM_DECK, { dealer: 2 }), [bid(3, 'pass'), bid(4, 'pass'), bid(0, 'pass'), bid(1, 'pass')]);
  it('the new dealer left(2) = 3 receives 2 from each of the four others, the old dealer included', () => {
    const r = result(passOut(opts({ players: 5 })))!;
    expect(r.status).toBe('thrownIn');
    expect(r.scores).toEqual([-2, -2, -2, 8, -2]);
  });
  it('at 60 Schilling a Stockerl is 10', () => {
    expect(result(passOut(opts({ players: 5, stake: 60 })))!.scores).toEqual([-10, -10, -10, 40, -10]);
  });
});

describe('#13 payment condition: a draw only at exactly 60', () => {
  it('60 pays nothing, 59 costs the declarer 1 at 12', () => {
    expect(paymentPerOpponent(opts(), 60, false, 3)).toBe(0);
    expect(paymentPerOpponent(opts(), 59, false, 0)).toBe(1);
  });
});

describe('#16 no throw-in in a Mußrunde', () => {
  it('forehand must declare: pass is MUST_DECLARE, and only Dobbm and Solo are offered', () => {
    const s = deal(opts(), DOBBM_DECK, { dealer: 3, context: { mussrunde: true } });
    expect(code(s, bid(0, 'pass'))).toBe('MUST_DECLARE');
    const t = run(s, [bid(0, 'dobbm')]);
    expect([t.declarer, t.phase]).toEqual([0, 'exchange']);
  });
});
