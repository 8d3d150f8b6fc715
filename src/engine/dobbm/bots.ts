import type { Rng } from '../core/rng.js';
import type { Card } from '../core/types.js';
import type { DobbmAction } from './actions.js';
import { DOBBM_DECK, beats, cardIndex, cardPoints, isHeart, isSow, pointsOf, strength, suitOf, winningIndex, type Suit } from './cards.js';
import { legalCards, nextActive, sowRuleHolds } from './play.js';
import { highestBid, openCalls } from './rules.js';
import type { DobbmState } from './state.js';
import { handStrength } from './strength.js';

export { randomBot } from './random-bot.js';

/**
 * Knobs of the heuristic bot. The collusion-audit simulator varies the doubling habits:
 * `tilt` shifts every doubling decision (positive: doubles more eagerly), `noise` adds a
 * uniform ±noise to every estimate, `maxDoublings` is where the bot stops calling at all
 * (two eager bots would otherwise redouble forever under unlimited doublings).
 */
export interface HeuristicProfile {
  /** `handStrength(…, 'dobbm')` needed to bid Dobbm. */
  bidThreshold: number;
  /** `handStrength(…, 'solo')` needed to bid Solo. */
  soloThreshold: number;
  /** A defender's `handStrength(…, 'defence')` needed to give a Schwacher. */
  schwacherThreshold: number;
  /** Strength needed to answer with a Retour (declarer: own final hand; defender: own hand). */
  retourThreshold: number;
  /** Added to the thresholds for every doubling already made: a chain gets harder to extend. */
  escalation: number;
  tilt: number;
  noise: number;
  maxDoublings: number;
}

const defaultHeuristicProfile: HeuristicProfile = {
  bidThreshold: 30,
  soloThreshold: 56,
  schwacherThreshold: 36,
  retourThreshold: 46,
  escalation: 6,
  tilt: 0,
  noise: 0,
  maxDoublings: 6,
};

export type DobbmBot = (state: DobbmState, seat: number, rng: Rng) => DobbmAction;

/** A bot that bids from hand strength, discards sensibly, plays reasonable cards and doubles when strong. */
export function heuristicBot(profile: Partial<HeuristicProfile> = {}): DobbmBot {
  const p = { ...defaultHeuristicProfile, ...profile };
  const jitter = (rng: Rng): number => (p.noise > 0 ? (rng.next() * 2 - 1) * p.noise : 0);
  return (state, seat, rng) => {
    if (state.phase === 'over' || seat !== state.turn) throw new Error(`seat ${seat} has nothing to do`);
    const hand = state.hands[seat]!;
    switch (state.phase) {
      case 'bidding': {
        const best = highestBid(state);
        const solo = handStrength(hand, 'solo') + jitter(rng) >= p.soloThreshold;
        const dobbm = handStrength(hand, 'dobbm') + jitter(rng) >= p.bidThreshold;
        if (state.mussrunde) return { seat, type: 'bid', bid: solo ? 'solo' : 'dobbm' };
        if (solo && best < 2) return { seat, type: 'bid', bid: 'solo' };
        if (dobbm && best < 1) return { seat, type: 'bid', bid: 'dobbm' };
        return { seat, type: 'bid', bid: 'pass' };
      }
      case 'exchange':
        return { seat, type: 'discard', cards: chooseDiscard(state, seat) };
      case 'doubling': {
        const open = openCalls(state);
        const word = open.length > 1 ? open[1]! : 'gut';
        if (word === 'gut' || state.doublings >= p.maxDoublings) return { seat, type: 'double', call: 'gut' };
        const declarer = seat === state.declarer;
        const own = handStrength(hand, declarer ? 'declarer' : 'defence') + p.tilt + jitter(rng);
        const threshold = (word === 'schwacher' ? p.schwacherThreshold : p.retourThreshold) + p.escalation * state.doublings;
        return { seat, type: 'double', call: own >= threshold ? word : 'gut' };
      }
      default:
        return { seat, type: 'play', card: choosePlay(state, seat) };
    }
  };
}

/**
 * The discard that keeps the strongest eight (hearts, sows, voids) while laying away points
 * that are at risk in play (bare tens, kings): discarded points count for the declarer.
 */
function chooseDiscard(state: DobbmState, seat: number): Card[] {
  const hand = state.hands[seat]!;
  const n = hand.length;
  const idx = [0, 0, 0, 0];
  const four: Card[] = ['', '', '', ''];
  let best: Card[] | null = null;
  let bestScore = -Infinity;
  for (idx[0] = 0; idx[0] < n; idx[0]++)
    for (idx[1] = idx[0] + 1; idx[1] < n; idx[1]++)
      for (idx[2] = idx[1] + 1; idx[2] < n; idx[2]++)
        for (idx[3] = idx[2] + 1; idx[3] < n; idx[3]++) {
          for (let k = 0; k < 4; k++) four[k] = hand[idx[k]!]!;
          if (!sowRuleHolds(four, state.options)) continue;
          const score = handStrength(hand, 'declarer', idx) + pointsOf(four) / 2;
          if (score > bestScore) {
            bestScore = score;
            best = four.slice();
          }
        }
  return best!;
}

/** Cards the seat cannot see yet: not in its hand and not played (others' hands, Dobb or discard). */
function unseen(state: DobbmState, seat: number): Card[] {
  const known = new Uint8Array(36);
  const mark = (cards: readonly Card[]): void => {
    for (const c of cards) known[cardIndex(c)] = 1;
  };
  mark(state.hands[seat]!);
  for (const t of state.tricks) mark(t.cards);
  mark(state.trick);
  if (seat === state.declarer && state.discard) mark(state.discard);
  return DOBBM_DECK.filter((_, i) => known[i] === 0);
}

/** True when no unseen card could beat `card` in a trick led in `led`. */
function isTop(card: Card, led: Suit, hidden: readonly Card[]): boolean {
  for (const c of hidden) if (beats(c, card, led)) return false;
  return true;
}

const cost = (c: Card): number => cardPoints(c) * 10 + strength(c) + (isHeart(c) ? 40 : 0);
const cheapest = (cards: readonly Card[]): Card => cards.reduce((a, b) => (cost(b) < cost(a) ? b : a));
const richest = (cards: readonly Card[]): Card =>
  cards.reduce((a, b) => (cardPoints(b) > cardPoints(a) || (cardPoints(b) === cardPoints(a) && cost(b) < cost(a)) ? b : a));

/**
 * Card play after S1's tactics: win with top cards, smear points (schmieren) onto a trick
 * the own side is sure to take, hold back otherwise (schinden) and follow cheaply; the
 * declarer leads a long side suit rather than drawing trumps early.
 */
export function choosePlay(state: DobbmState, seat: number): Card {
  const hand = state.hands[seat]!;
  const legal = legalCards(hand, state.trick);
  if (legal.length === 1) return legal[0]!;
  const hidden = unseen(state, seat);
  const declarer = seat === state.declarer;
  if (state.trick.length === 0) return lead(legal, hidden, declarer);
  const trick = state.trick;
  const led = suitOf(trick[0]!);
  const w = winningIndex(trick);
  let winner = state.trickLeader;
  for (let i = 0; i < w; i++) winner = nextActive(state, winner);
  const last = trick.length === 3;
  const ownSide = !declarer && winner !== state.declarer;
  if (ownSide) {
    // Safe when nobody after me can take it: last to play, or the partner's card is top.
    const declarerStillToPlay = !last && isStillToPlay(state, seat, state.declarer!);
    if (!declarerStillToPlay || isTop(trick[w]!, led, hidden)) return richest(legal);
    return cheapest(legal);
  }
  const winners = legal.filter((c) => beats(c, trick[w]!, led));
  if (winners.length > 0) {
    const points = pointsOf(trick);
    const safe = winners.filter((c) => last || isTop(c, led, hidden));
    if (safe.length > 0) return cheapest(safe);
    if (points >= 10) return cheapest(winners);
  }
  return cheapest(legal);
}

function isStillToPlay(state: DobbmState, seat: number, other: number): boolean {
  let s = seat;
  for (let i = state.trick.length + 1; i < 4; i++) {
    s = nextActive(state, s);
    if (s === other) return true;
  }
  return false;
}

function lead(legal: readonly Card[], hidden: readonly Card[], declarer: boolean): Card {
  const hearts = legal.filter(isHeart);
  const hiddenHearts = hidden.some(isHeart);
  if (declarer && hearts.length > 0 && hiddenHearts) {
    const top = hearts.find((c) => isTop(c, 'H', hidden));
    if (top && hearts.length >= 3) return top;
  }
  const plain = legal.filter((c) => !isHeart(c));
  const topSow = plain.find((c) => isSow(c) && isTop(c, suitOf(c), hidden));
  if (topSow) return topSow;
  if (plain.length > 0) {
    // The longest side suit, from the bottom.
    const bySuit = new Map<string, Card[]>();
    for (const c of plain) bySuit.set(c[0]!, [...(bySuit.get(c[0]!) ?? []), c]);
    const longest = [...bySuit.values()].reduce((a, b) => (b.length > a.length ? b : a));
    return cheapest(longest);
  }
  return cheapest(legal);
}
