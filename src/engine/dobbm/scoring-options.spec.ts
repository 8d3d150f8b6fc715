/**
 * The effect of each Dobbm scoring option on a whole hand's `scores`, figures worked by hand
 * from docs/rules/dobbm.md#scoring, docs/rules/dobbm.md#stockerl, docs/rules/dobbm.md#irregularities and docs/contract.md#hand-records, `scores`). More rows:
 * conflicts.spec.ts (#3–#6: zeroTrickTransfer, penalty.includeDoublings, penalty.dealerPays
 * after the doubling), scoring.spec.ts (amounts), examples.spec.ts (S1's examples).
 */
import type { Action } from '../core/types.js';
import { legalActions } from './rules.js';
import { result } from './result.js';
import { fieldOf } from '../core/actions.testkit.js';
import { bid, call, discard, fromHands, opts, play, run } from './deals.testkit.js';
import type { DobbmOptions } from './options.js';

/**
 * Seat 0 declares a Dobbm, lays away four blanks and wins exactly the four heart tricks:
 * HS+A7+LS+H6 = 22, H10+A8+LK+H7 = 14, HK+A9+LO+H8 = 7, HO+AU+LU+H9 = 7, so D = 50; then
 * loses L6, B7, B8, L7. Seat 4 (five players) or seat 3 (four) deals; active order 0, 1, 2, 3.
 */
const hands = {
  0: ['HS', 'H10', 'HK', 'HO', 'L6', 'L7', 'B7', 'B8'],
  1: ['AS', 'A10', 'AK', 'AO', 'AU', 'A9', 'A8', 'A7'],
  2: ['LS', 'L10', 'LK', 'LO', 'LU', 'BS', 'B10', 'BK'],
  3: ['HU', 'H9', 'H8', 'H7', 'H6', 'BO', 'BU', 'B6'],
};
const dobb = ['L8', 'L9', 'B9', 'A6'];
const trick = (leader: number, cards: string[]): Action[] => cards.map((c, i) => play([0, 1, 2, 3][(leader + i) % 4]!, c));
const fifty = (o: Partial<DobbmOptions>, calls: Action[]) => {
  const options = opts(o);
  const five = options.players === 5;
  const dealt = fromHands(options, five ? [hands[0], hands[1], hands[2], hands[3], null] : [hands[0], hands[1], hands[2], hands[3]], dobb, {
    dealer: five ? 4 : 3,
  });
  return result(
    run(dealt, [
      bid(0, 'dobbm'),
      bid(1, 'pass'),
      bid(2, 'pass'),
      bid(3, 'pass'),
      discard(0, dobb),
      ...calls,
      ...trick(0, ['HS', 'A7', 'LS', 'H6']),
      ...trick(0, ['H10', 'A8', 'LK', 'H7']),
      ...trick(0, ['HK', 'A9', 'LO', 'H8']),
      ...trick(0, ['HO', 'AU', 'LU', 'H9']),
      ...trick(0, ['L6', 'AO', 'L10', 'HU']),
      ...trick(3, ['B6', 'B7', 'AK', 'BS']),
      ...trick(2, ['B10', 'BU', 'B8', 'A10']),
      ...trick(2, ['BK', 'BO', 'L7', 'AS']),
    ]),
  )!;
};
const schwacher = [call(1, 'schwacher'), call(0, 'gut')];

describe('D = 50 after one Schwacher: the declarer is 10 short, m = 2 (docs/rules/dobbm.md#scoring)', () => {
  it('the deal is what it says: D = 50, multiplier 2', () => {
    const r = fifty({ players: 5, stake: 2 }, schwacher);
    expect(r.cardPoints).toEqual({ declarer: 50, defenders: 70 });
    expect(r.multiplier).toBe(2);
  });

  it.each<[string, Partial<DobbmOptions>, number[]]>([
    // ceil: base = ⌈10 × 2 / 60⌉ = 1, A = 1 × 2 = 2 to each of the four opponents (the sitting-out dealer too)
    ['rounding ceil, stake 2, five players', { players: 5, stake: 2 }, [-8, 2, 2, 2, 2]],
    // exact: base = 10 × 2 / 60 = 1/3, A = 2/3 = 0.666… → 0.67; the declarer 4 × 0.67 (the figures)
    ['rounding exact, stake 2, five players', { players: 5, stake: 2, rounding: 'exact' }, [-2.68, 0.67, 0.67, 0.67, 0.67]],
    // four players: only the three defenders are opponents
    ['rounding exact, stake 2, four players', { players: 4, stake: 2, rounding: 'exact' }, [-2.01, 0.67, 0.67, 0.67]],
    ['rounding ceil, stake 2, four players', { players: 4, stake: 2 }, [-6, 2, 2, 2]],
    // stake 60: base = 10 × 60 / 60 = 10 under both roundings, A = 20
    ['stake 60, ceil', { players: 5, stake: 60 }, [-80, 20, 20, 20, 20]],
    ['stake 60, exact', { players: 5, stake: 60, rounding: 'exact' }, [-80, 20, 20, 20, 20]],
    // stake 7, exact: 10 × 7 / 60 × 2 = 7/3 = 2.333… → 2.33 (not 1.17 × 2 = 2.34)
    ['stake 7, exact', { players: 5, stake: 7, rounding: 'exact' }, [-9.32, 2.33, 2.33, 2.33, 2.33]],
  ])('%s → %j', (_name, o, scores) => {
    expect(fifty(o, schwacher).scores).toEqual(scores);
  });

  it('without the Schwacher, exact: 1/3 → 0.33 each, 1.32 for the declarer of five', () => {
    expect(fifty({ players: 5, stake: 2, rounding: 'exact' }, [call(1, 'gut'), call(2, 'gut'), call(3, 'gut')]).scores).toEqual([
      -1.32, 0.33, 0.33, 0.33, 0.33,
    ]);
  });
});

describe('a penalty reported after the auction and before the discard (docs/rules/dobbm.md#irregularities)', () => {
  // Five players, stake 9, dealer 2 sits out; active 3, 4, 0, 1. Seat 3 wins the auction with a Dobbm.
  const early = (o: Partial<DobbmOptions>, offender: number) => {
    const options = opts({ players: 5, stake: 9, rounding: 'exact', irregularities: 'penalize', ...o });
    const deck = [...hands[0], ...hands[1], ...hands[2], ...hands[3], ...dobb];
    const dealt = fromHands(options, [deck.slice(0, 8), deck.slice(8, 16), null, deck.slice(16, 24), deck.slice(24, 32)], dobb, {
      dealer: 2,
    });
    const auction = [bid(3, 'dobbm'), bid(4, 'pass'), bid(0, 'pass'), bid(1, 'pass')];
    return result(run(dealt, [...auction, { seat: 0, type: 'irregularity', offender }]))!;
  };

  it.each<[string, Partial<DobbmOptions>, number, number[]]>([
    // P = R(9/2) × 1 × 1 = 4.5; a defender's offence: every defender and the five-player dealer pay P to the declarer
    ['a defender offends, dealerPays', {}, 1, [-4.5, -4.5, -4.5, 18, -4.5]],
    // a declarer's offence (a wrong number of discards, say): he pays P to each opponent
    ['the declarer offends, dealerPays', {}, 3, [4.5, 4.5, 4.5, -18, 4.5]],
    ['a defender offends, the dealer left out', { 'penalty.dealerPays': false }, 4, [-4.5, -4.5, 0, 13.5, -4.5]],
    // ceil: R(9/2) = ⌈4.5⌉ = 5
    ['a defender offends, ceil', { rounding: 'ceil' }, 0, [-5, -5, -5, 20, -5]],
  ])('%s → %j', (_name, o, offender, scores) => {
    const r = early(o, offender);
    expect(r.scores).toEqual(scores);
    expect(r.parties).toEqual({ declarer: [3], defenders: [0, 1, 4] });
    expect(r.multiplier).toBe(1);
  });
});

describe('exact money at the technical limits (stake ≤ 10,000, "unlimited" doublings)', () => {
  // Five players, dealer 4 sits out. Seat 0 plays a Solo with seven hearts and A6: he wins
  // the seven heart tricks and loses A6 to A10 (10 points); the Dobb AS AK AO AU is his, D = 110.
  const soloHands = ['HS H10 HK HO HU H9 H8 A6', 'A10 LS L10 LK LO LU L9 L8', 'A7 L7 L6 BS B10 BK BO BU', 'A8 H7 H6 B9 B8 B7 B6 A9'].map(
    (h) => h.split(' '),
  );
  const tricks = [
    ['HS', 'LS', 'L7', 'H7'],
    ['H10', 'L10', 'L6', 'H6'],
    ['HK', 'LK', 'BS', 'B9'],
    ['HO', 'LO', 'B10', 'B8'],
    ['HU', 'LU', 'BK', 'B7'],
    ['H9', 'L9', 'BO', 'B6'],
    ['H8', 'L8', 'BU', 'A9'],
    ['A6', 'A10', 'A7', 'A8'],
  ].flatMap((cards) => trick(0, cards));

  it('a Solo doubled as often as the engine allows at stake 10,000: every score is an exact two-place decimal and they sum to zero', () => {
    const options = opts({ players: 5, stake: 10_000, rounding: 'exact' });
    let s = run(fromHands(options, [...soloHands, null], ['AS', 'AK', 'AO', 'AU'], { dealer: 4 }), [
      bid(0, 'solo'),
      bid(1, 'pass'),
      bid(2, 'pass'),
      bid(3, 'pass'),
    ]);
    // Every doubling word that is offered: Schwacher, then Retour after Retour until only Gut is left.
    while (s.phase === 'doubling') {
      const offered = legalActions(s, s.turn);
      s = run(s, [offered.find((a) => fieldOf(a, 'call') !== 'gut') ?? offered[0]!]);
    }
    const r = result(run(s, tricks))!;
    expect(r.cardPoints).toEqual({ declarer: 110, defenders: 10 });
    expect(r.scores.reduce((sum, x) => sum + BigInt(Math.round(x * 100)), 0n)).toBe(0n);
    // 10^6 × 2^29 / 60 = 8,947,848,533,333.333… → 8,947,848,533,333.33 each, four of them to the declarer
    expect(r.scores).toEqual([
      35_791_394_133_333.32, -8_947_848_533_333.33, -8_947_848_533_333.33, -8_947_848_533_333.33, -8_947_848_533_333.33,
    ]);
    expect(r.scores.map(String)).toEqual([
      '35791394133333.32',
      '-8947848533333.33',
      '-8947848533333.33',
      '-8947848533333.33',
      '-8947848533333.33',
    ]);
    // 2^29: four opponents × 50 · 10,000 / 60 × 2 × 2^k must stay below 2^46, where a double
    // still tells hundredths apart (at 2^30 it is 7.16e13, and 71,582,788,266,666.68 prints as …69).
    expect(r.multiplier).toBe(2 ** 29);
  });
});
