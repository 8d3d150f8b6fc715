/**
 * Deals for the Droggn specs, built from the tricks they are meant to produce.
 *
 * The ordinary game of the S5 scoring example: seat 0 declares an Ansager and lays out the Pagat. Tricks 1–6 draw all
 * the defenders' trumps (declarer wins), the defenders take tricks 7–19, the declarer's DK
 * wins trick 20 and the Pagat wins trick 21. Hand count of the declarer's pile (27 cards):
 * tricks 1–6 = T21 5 + T20..T16 5 + T15..T10 6 + T9..T4 6 = 22; discard T2 T3 D1 = 3;
 * trick 20 DK DR DJ = 10; trick 21 T1 HK DQ = 14 → 49 face, 49 − 2·9 = 31.
 */
import { cardsOf, dealt, plays, run, type ScriptTrick } from './deals.testkit.js';
import type { Action } from '../core/types.js';

const ORDER = [0, 1, 2];
const trumpTricks: ScriptTrick[] = [
  [0, 'T21', 'T15', 'T9'],
  [0, 'T20', 'T14', 'T8'],
  [0, 'T19', 'T13', 'T7'],
  [0, 'T18', 'T12', 'T6'],
  [0, 'T17', 'T11', 'T5'],
  [0, 'T16', 'T10', 'T4'],
];
const defenceTricks: ScriptTrick[] = [
  [0, 'S4', 'SK', 'SQ'],
  [1, 'SR', 'SJ', 'S5'],
  [1, 'S10', 'S9', 'S6'],
  [1, 'S8', 'D4', 'S7'],
  [1, 'CK', 'CQ', 'C4'],
  [1, 'CR', 'CJ', 'C5'],
  [1, 'C10', 'C9', 'C6'],
  [1, 'C8', 'D5', 'C7'],
  [1, 'HQ', 'H2', 'H4'],
  [1, 'HR', 'H3', 'H5'],
  [1, 'HJ', 'D6', 'H6'],
  [1, 'H1', 'GS', 'H7'],
  [1, 'D2', 'D3', 'D7'],
];
const endTricks: ScriptTrick[] = [
  [1, 'DR', 'DJ', 'DK'],
  [0, 'T1', 'HK', 'DQ'],
];
const script = [...trumpTricks, ...defenceTricks, ...endTricks];
const TALON = ['T2', 'T3', 'D1'];
export const hands = ORDER.map((seat) => cardsOf(script, ORDER, seat).filter((c) => !TALON.includes(c)));

const GUT_GUT: Action[] = [
  { seat: 1, type: 'double', call: 'gut' },
  { seat: 2, type: 'double', call: 'gut' },
];

/** The whole hand's actions; the first ten are the auction, exchange, layouts and doubling. */
export function ordinaryActions(layout: 'T1' | null, doubling: Action[] = GUT_GUT): Action[] {
  return [
    { seat: 0, type: 'bid', bid: 'ansager' },
    { seat: 1, type: 'bid', bid: 'pass' },
    { seat: 2, type: 'bid', bid: 'pass' },
    { seat: 0, type: 'discard', cards: TALON },
    { seat: 0, type: 'buy', card: null },
    { seat: 0, type: 'ready', layout },
    { seat: 1, type: 'layout', card: null },
    { seat: 2, type: 'layout', card: null },
    ...doubling,
    ...plays(script, ORDER),
  ];
}

export const ordinaryDeal = () => dealt(hands, TALON, 2);

export function ordinaryGame(layout: 'T1' | null, doubling: Action[] = GUT_GUT) {
  return run(ordinaryDeal(), ordinaryActions(layout, doubling));
}

/**
 * Super Mord (S5: "The score for Super Mord is 167 … 187"). The declarer holds T21…T2 and a
 * fourth card; a defender's Pagat falls to the first trump lead.
 */
// A keeps SQ for the last trick, so that a declarer's low spade there loses.
export const mordDefenceA = [
  'T1',
  'SR',
  'SJ',
  'S10',
  'S9',
  'S8',
  'S7',
  'S6',
  'S5',
  'CK',
  'CQ',
  'CR',
  'CJ',
  'C10',
  'C9',
  'C8',
  'C7',
  'C6',
  'C5',
  'C4',
  'SQ',
];
export const mordDefenceB = [
  'HK',
  'HQ',
  'HR',
  'HJ',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'H7',
  'DK',
  'DQ',
  'DR',
  'DJ',
  'D1',
  'D2',
  'D3',
  'D4',
  'D5',
  'GS',
];
export const topTrumps = Array.from({ length: 20 }, (_, i) => `T${21 - i}`);

export function mordHand(fourth: string, talon: string[], overrides = {}) {
  return dealt([[...topTrumps, fourth], mordDefenceA, mordDefenceB], talon, 2, overrides);
}

export function mordPlay(
  fourth: string,
  laidOut: 'GS' | null,
  calls: Action[] = [
    { seat: 1, type: 'double', call: 'gut' },
    { seat: 2, type: 'double', call: 'gut' },
  ],
): Action[] {
  const out: Action[] = [
    { seat: 0, type: 'bid', bid: 'supermord' },
    { seat: 1, type: 'bid', bid: 'pass' },
    { seat: 2, type: 'bid', bid: 'pass' },
    { seat: 0, type: 'ready', layout: laidOut },
    ...calls,
  ];
  // Trumps from the top; A follows with T1 first, then anything; B never holds a trump.
  const aCards = mordDefenceA.slice();
  const bCards = mordDefenceB.filter((c) => c !== 'GS');
  for (let t = 0; t < 20; t++) {
    out.push(
      { seat: 0, type: 'play', card: topTrumps[t]! },
      { seat: 1, type: 'play', card: aCards[t]! },
      { seat: 2, type: 'play', card: bCards[t] ?? 'GS' },
    );
  }
  out.push({ seat: 0, type: 'play', card: fourth }, { seat: 1, type: 'play', card: aCards[20]! }, { seat: 2, type: 'play', card: 'GS' });
  return out;
}
