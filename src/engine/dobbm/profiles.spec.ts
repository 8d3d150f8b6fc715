/**
 * Dobbm under whole random rule profiles (every option of docs/rules/dobbm.md#options, every value, nested
 * and flat spellings), sessions of hands played by the random and heuristic bots. The scores
 * are checked against an independent reading of docs/rules/dobbm.md#scoring, docs/rules/dobbm.md#stockerl, docs/rules/dobbm.md#irregularities and docs/contract.md
 * ("Hand records", `scores`), written here from the text and not from scoring.ts.
 */
import fc from 'fast-check';
import { handProblems, hundredths, playDrawn, sessionArb, type Bot, type DrawnSession, type PlayedHand } from '../core/profiles.testkit.js';
import type { Rng } from '../core/rng.js';
import type { Action, Card } from '../core/types.js';
import { heuristicBot } from './bots.js';
import { DOBBM_DECK } from './cards.js';
import { dobbm } from './index.js';
import { optionSchema, type DobbmOptions } from './options.js';
import { randomBot } from './random-bot.js';
import type { DobbmState } from './state.js';

const BOTS: Bot<DobbmState>[] = [randomBot, heuristicBot(), heuristicBot({ tilt: 25, maxDoublings: 4 })];

const play = (drawn: DrawnSession) => playDrawn(dobbm, drawn, BOTS, { interject: reportNowAndThen });

/**
 * `irregularities: penalize`: now and then an active seat reports an offence by an active
 * seat — often right after the auction, before the declarer's discard (docs/rules/dobbm.md#irregularities names
 * "a wrong number of discards" among a declarer's offences).
 */
function reportNowAndThen(s: DobbmState, rng: Rng): Action | null {
  if (s.options.irregularities !== 'penalize' || s.phase === 'bidding' || s.phase === 'over') return null;
  if (rng.next() >= (s.phase === 'exchange' ? 0.4 : 0.04)) return null;
  return { seat: rng.pick(s.active), type: 'irregularity', offender: rng.pick(s.active) };
}

const RUNS = 60;

describe('Dobbm under random rule profiles', () => {
  it('scores are zero-sum, replay from the deal gives the live state, every listed action applies', () => {
    fc.assert(
      fc.property(sessionArb(optionSchema), (drawn) => {
        const { options, played } = play(drawn);
        for (const hand of played) expect(handProblems(dobbm, options, hand)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('the 36 cards and 120 card points are all there at the end of a played deal', () => {
    fc.assert(
      fc.property(sessionArb(optionSchema), (drawn) => {
        const { played } = play(drawn);
        for (const { final } of played) {
          const result = dobbm.result(final)!;
          if (result.cardPoints === null) continue; // thrown in, or abandoned after a report
          expect(result.cardPoints['declarer']! + result.cardPoints['defenders']!).toBe(120);
          const aside = final.contract === 'dobbm' ? final.discard! : final.dobb;
          const cards = [...final.tricks.flatMap((t) => t.cards), ...aside];
          expect(new Set(cards).size).toBe(36);
          expect(cards.reduce((a, c) => a + points(c), 0)).toBe(120);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('no view holds a card its viewer may not know', () => {
    fc.assert(
      fc.property(sessionArb(optionSchema), (drawn) => {
        const { options, played } = play(drawn);
        const leaks: string[] = [];
        for (const { states } of played) {
          for (const s of states) {
            for (let seat = 0; seat < options.players; seat++) {
              const known = knowable(s, seat);
              for (const c of cardsIn(dobbm.view(s, { kind: 'seat', seat })))
                if (!known.has(c)) leaks.push(`seat ${seat} sees ${c} in ${s.phase}`);
            }
            const known = knowable(s, null);
            for (const c of cardsIn(dobbm.view(s, { kind: 'spectator' })))
              if (!known.has(c)) leaks.push(`a spectator sees ${c} in ${s.phase}`);
          }
        }
        expect(leaks).toEqual([]);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it('a played or thrown-in deal scores what docs/rules/dobbm.md#scoring, docs/rules/dobbm.md#stockerl and docs/contract.md give', () => {
    let exactAndDoubled = 0;
    fc.assert(
      fc.property(sessionArb(optionSchema), (drawn) => {
        const { options, played } = play(drawn);
        for (const hand of played.filter((h) => h.final.irregularity === null)) {
          if (options.rounding === 'exact' && (hand.final.contract === 'solo' || hand.final.doublings > 0)) exactAndDoubled++;
          expect(dobbm.result(hand.final)!.scores.map(hundredths)).toEqual(expectedHundredths(options, hand));
        }
      }),
      { numRuns: 3 * RUNS },
    );
    expect(exactAndDoubled).toBeGreaterThan(20); // where `exact` rounds after the factor
  });

  it('a reported irregularity books the penalty of docs/rules/dobbm.md#irregularities, whenever it is reported', () => {
    let beforeTheDiscard = 0;
    fc.assert(
      fc.property(sessionArb(optionSchema, { irregularities: fc.constant('penalize') }), (drawn) => {
        const { options, played } = play(drawn);
        for (const hand of played.filter((h) => h.final.irregularity !== null)) {
          if (hand.final.contract === 'dobbm' && hand.final.discard === null) beforeTheDiscard++;
          expect(dobbm.result(hand.final)!.scores.map(hundredths)).toEqual(expectedHundredths(options, hand));
        }
      }),
      { numRuns: RUNS },
    );
    expect(beforeTheDiscard).toBeGreaterThan(3); // the property saw early reports to check
  });
});

// ——— An independent reading of the rules ———

/** Card points, docs/rules/dobbm.md#cards: Sow 11, Ten 10, King 4, Ober 3, Unter 2, the rest 0. */
const points = (card: Card): number => ({ S: 11, '10': 10, K: 4, O: 3, U: 2 })[card.slice(1)] ?? 0;
/** Rank order high → low, docs/rules/dobbm.md#cards (the same in every suit). */
const RANKS = ['S', '10', 'K', 'O', 'U', '9', '8', '7', '6'];
const rank = (card: Card): number => RANKS.indexOf(card.slice(1));

/** Trick winner by position, docs/rules/dobbm.md#play: the highest heart, else the highest card of the led suit. */
function winningPosition(cards: readonly Card[]): number {
  const suit = cards.some((c) => c[0] === 'H') ? 'H' : cards[0]![0];
  let best = -1;
  cards.forEach((c, i) => {
    if (c[0] === suit && (best < 0 || rank(c) < rank(cards[best]!))) best = i;
  });
  return best;
}

/** `R(x·S / den)` for a numerator `x·S·factor`, in hundredths: `ceil` to a whole unit before the factor; `exact` keeps the rational value and rounds the amount half-up to 0.01. */
function amountHundredths(o: DobbmOptions, numerator: bigint, den: bigint, factor: bigint): bigint {
  const x = numerator * BigInt(o.stake);
  if (o.rounding === 'ceil') return ((x + den - 1n) / den) * factor * 100n;
  return (2n * x * factor * 100n + den) / (2n * den);
}

function expectedHundredths(o: DobbmOptions, hand: PlayedHand<DobbmState>): number[] {
  const s = hand.final;
  const n = o.players;
  const dealer = hand.setup.dealer;
  const active = Array.from({ length: n }, (_, i) => (dealer + 1 + i) % n).filter((seat) => n === 4 || seat !== dealer);
  const scores = new Array<bigint>(n).fill(0n);
  const declarer = s.bids.filter((b) => b.bid !== 'pass').pop()?.seat;
  if (declarer === undefined) {
    // All passed: with five (not in a Mußrunde) the new dealer left of the old one gets a Stockerl from each of the four others (docs/rules/dobbm.md#stockerl).
    if (n === 5 && hand.setup.context?.['mussrunde'] !== true) {
      const st = amountHundredths(o, 10n, 60n, 1n);
      for (let seat = 0; seat < n; seat++) scores[seat] = seat === (dealer + 1) % n ? 4n * st : -st;
    }
    return scores.map(Number);
  }
  const solo = s.bids.some((b) => b.bid === 'solo');
  const c = solo ? 2n : 1n;
  const m = 2n ** BigInt(s.calls.filter((x) => x.call !== 'gut').length);
  const defenders = active.filter((seat) => seat !== declarer);
  const report = hand.actions.find((a) => a.type === 'irregularity');
  let receivers: number[];
  let perOpponent: bigint;
  let declarerWins: boolean;
  if (report) {
    // docs/rules/dobbm.md#irregularities: P = R(S/2) × c × m to or from every opponent (the five-player dealer only with dealerPays).
    receivers = n === 5 && o['penalty.dealerPays'] ? [...defenders, dealer] : defenders;
    perOpponent = amountHundredths(o, 1n, 2n, c * (o['penalty.includeDoublings'] ? m : 1n));
    declarerWins = report['offender'] !== declarer;
  } else {
    // docs/rules/dobbm.md#scoring: D = the declarer's trick points + the discard (Dobbm) or the Dobb (Solo); 0 without a trick, unless ordinaryOnly keeps a Solo's Dobb.
    let trickPoints = 0;
    let tricksWon = 0;
    let leader = declarer;
    for (const t of s.tricks) {
      const order = active.slice(active.indexOf(leader)).concat(active.slice(0, active.indexOf(leader)));
      leader = order[winningPosition(t.cards)]!;
      if (leader === declarer) {
        tricksWon++;
        trickPoints += t.cards.reduce((a, card) => a + points(card), 0);
      }
    }
    const aside = (solo ? hand.deck.slice(32) : s.discard!).reduce((a, card) => a + points(card), 0);
    const d = tricksWon > 0 ? trickPoints + aside : solo && o.zeroTrickTransfer === 'ordinaryOnly' ? aside : 0;
    receivers = n === 5 ? [...defenders, dealer] : defenders;
    perOpponent = amountHundredths(o, BigInt(Math.abs(d - 60)), 60n, c * m);
    declarerWins = d > 60;
  }
  const sign = declarerWins ? 1n : -1n;
  for (const seat of receivers) scores[seat] = -sign * perOpponent;
  scores[declarer] = sign * perOpponent * BigInt(receivers.length);
  return scores.map(Number);
}

/** Cards `seat` (null: a spectator) may know: its hand, every card played, and as the Dobbm declarer the Dobb and his discard; all once the deal is over. */
function knowable(s: DobbmState, seat: number | null): Set<Card> {
  if (s.phase === 'over') return new Set(DOBBM_DECK);
  const known = new Set<Card>([...s.tricks.flatMap((t) => t.cards), ...s.trick]);
  if (seat === null) return known;
  for (const c of s.hands[seat] ?? []) known.add(c);
  if (seat === s.declarer && s.contract === 'dobbm') for (const c of [...s.dobb, ...(s.discard ?? [])]) known.add(c);
  return known;
}

const CODES = new Set<string>(DOBBM_DECK);
function cardsIn(x: unknown, out: Card[] = []): Card[] {
  if (typeof x === 'string') {
    if (CODES.has(x)) out.push(x);
  } else if (Array.isArray(x)) for (const v of x) cardsIn(v, out);
  else if (typeof x === 'object' && x !== null) for (const v of Object.values(x)) cardsIn(v, out);
  return out;
}
