import type { Rng } from '../core/rng.js';
import type { Card } from '../core/types.js';
import type { DroggnAction } from './actions.js';
import { GSTIESS, MOND, PAGAT, SUITS, facePoints, isKing, isTrump, rankValue, suitOf } from './cards.js';
import { legalCards, referenceCard, winningPlay } from './play.js';
import { buyable, discardable, discardProblem, highestBid, kingRuleHolds, legalActions, openCalls } from './rules.js';
import { CONTRACTS, type Contract, type DroggnState } from './state.js';
import { handStrength } from './strength.js';

export type DroggnBot = (s: DroggnState, seat: number, rng: Rng) => DroggnAction;

/**
 * Uniform over the legal actions. Discards and buys are sampled directly (a uniform 3-subset
 * redrawn until the king rule holds; a uniform index over "no buy" + every card×give pair)
 * so that a bot never enumerates thousands of actions.
 */
export const randomBot: DroggnBot = (s, seat, rng) => {
  if (s.turn !== seat || s.phase === 'over') throw new Error(`seat ${seat} may not act`);
  if (s.phase === 'discard') {
    const pool = discardable(s.hands[seat]!);
    for (;;) {
      const picked = new Set<number>();
      while (picked.size < 3) picked.add(rng.int(pool.length));
      const cards = [...picked].map((i) => pool[i]!);
      if (kingRuleHolds(s, cards)) return { seat, type: 'discard', cards };
    }
  }
  if (s.phase === 'buy') {
    const wanted = buyable(s);
    const hand = s.hands[seat]!;
    const r = rng.int(1 + wanted.length * hand.length);
    if (r === 0) return { seat, type: 'buy', card: null };
    return { seat, type: 'buy', card: wanted[Math.floor((r - 1) / hand.length)]!, give: hand[(r - 1) % hand.length]! };
  }
  return rng.pick(legalActions(s, seat));
};

export interface HeuristicProfile {
  /** Added to the hand strength when bidding (positive = bolder). */
  bidBias?: number;
  /** Added to the hand strength when doubling. */
  doubleBias?: number;
}

/** Strength needed for each contract. */
const BID_THRESHOLDS: Record<Contract, number> = { ansager: 24, solo: 31, super: 36, supermord: 50 };

/** Bids from hand strength, discards and buys sensibly, lays out a Pagat when long in trumps,
 *  doubles when strong, and plays to win cheap tricks and to smear points onto a partner's. */
export function heuristicBot(profile: HeuristicProfile = {}): DroggnBot {
  const bidBias = profile.bidBias ?? 0;
  const doubleBias = profile.doubleBias ?? 0;
  return (s, seat, rng) => {
    if (s.turn !== seat || s.phase === 'over') throw new Error(`seat ${seat} may not act`);
    const hand = s.hands[seat]!;
    const trumps = hand.filter(isTrump).length;
    switch (s.phase) {
      case 'bidding': {
        const strength = handStrength(hand) + bidBias;
        const best = highestBid(s);
        const floor = best === null ? 0 : CONTRACTS.indexOf(best.contract) + 1;
        const choice = [...CONTRACTS].reverse().find((c) => CONTRACTS.indexOf(c) >= floor && strength >= BID_THRESHOLDS[c]);
        return { seat, type: 'bid', bid: choice ?? 'pass' };
      }
      case 'discard':
        return sensibleDiscard(s, seat) ?? randomBot(s, seat, rng);
      case 'buy': {
        const want = [MOND, ...SUITS.map((su) => `${su}K`), 'T20', 'T19', PAGAT].find((c) => buyable(s).includes(c));
        const give = cheapest(hand.filter((c) => !isTrump(c) && c !== GSTIESS && !isKing(c)));
        return want && give ? { seat, type: 'buy', card: want, give } : { seat, type: 'buy', card: null };
      }
      case 'ready':
        return { seat, type: 'ready', layout: hand.includes(PAGAT) && trumps >= 11 ? PAGAT : null };
      case 'layout':
        return { seat, type: 'layout', card: hand.includes(PAGAT) && trumps >= 12 ? PAGAT : null };
      case 'doubling': {
        const strength = handStrength(hand) + doubleBias;
        const isDeclarer = seat === s.declarer;
        const raise = openCalls(s)[1]; // absent at the maxDoublings cap
        const bold = raise !== undefined && s.doublings < 3 && strength >= (isDeclarer ? 42 + 4 * s.doublings : 32 + 4 * s.doublings);
        return { seat, type: 'double', call: bold ? raise : 'gut' };
      }
      default:
        return { seat, type: 'play', card: chooseCard(s, seat) };
    }
  };
}

const cheapest = (cards: readonly Card[]): Card | undefined =>
  [...cards].sort((a, b) => facePoints(a) - facePoints(b) || rankValue(a) - rankValue(b))[0];

/** Discard from the shortest side suits, banking their points; low trumps if nothing else. */
function sensibleDiscard(s: DroggnState, seat: number): DroggnAction | null {
  const hand = s.hands[seat]!;
  const suitLength = (c: Card): number => hand.filter((x) => suitOf(x) === suitOf(c)).length;
  const plain = discardable(hand)
    .filter((c) => !isTrump(c) && !isKing(c))
    .sort((a, b) => suitLength(a) - suitLength(b) || facePoints(b) - facePoints(a));
  const lowTrumps = discardable(hand)
    .filter(isTrump)
    .sort((a, b) => rankValue(a) - rankValue(b));
  const cards = [...plain, ...lowTrumps].slice(0, 3);
  return discardProblem(s, cards) === null ? { seat, type: 'discard', cards } : null;
}

/** Card play: win cheaply when the opponents are winning, smear onto a winning partner. */
function chooseCard(s: DroggnState, seat: number): Card {
  const legal = legalCards(s, seat);
  if (legal.length === 1) return legal[0]!;
  const spare = legal.filter((c) => c !== GSTIESS && c !== PAGAT);
  const options = spare.length > 0 ? spare : legal;
  const mySide = (x: number): boolean => (x === s.declarer) === (seat === s.declarer);
  if (referenceCard(s.trick) === null) {
    const trumps = options.filter(isTrump);
    if (seat === s.declarer && trumps.length >= 6) return trumps.sort((a, b) => rankValue(b) - rankValue(a))[0]!;
    const side = options.filter((c) => !isTrump(c));
    const longest = (c: Card): number => side.filter((x) => suitOf(x) === suitOf(c)).length;
    return (
      side.length > 0
        ? side.sort((a, b) => longest(b) - longest(a) || facePoints(a) - facePoints(b))
        : options.sort((a, b) => rankValue(a) - rankValue(b))
    )[0]!;
  }
  const best = winningPlay(s.trick);
  const last = s.trick.length === 2;
  if (mySide(best.seat) && (last || (isTrump(best.card) && rankValue(best.card) >= 15))) {
    return options.sort((a, b) => facePoints(b) - facePoints(a) || rankValue(a) - rankValue(b))[0]!;
  }
  const winners = options
    .filter((c) => winningPlay([...s.trick, { seat, card: c }]).card === c)
    .sort((a, b) => Number(isTrump(a)) - Number(isTrump(b)) || rankValue(a) - rankValue(b));
  if (winners.length > 0) return winners[0]!;
  const loser = cheapest(options)!;
  return facePoints(loser) >= 4 && legal.includes(GSTIESS) ? GSTIESS : loser;
}
