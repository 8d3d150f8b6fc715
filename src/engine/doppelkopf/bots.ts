import { removeCards } from '../core/cards.js';
import type { Rng } from '../core/rng.js';
import type { Card } from '../core/types.js';
import type { DokoAction } from './actions.js';
import { cardPoints, countFace, SOLOS, trickWinnerIndex, trumpsOf, type ContractKind } from './cards.js';
import { partyLevel } from './announcements.js';
import { partyOf, stateTrumps } from './parties.js';
import { povertyCount } from './poverty.js';
import { povertyTrumps } from './reservations.js';
import { legalActions } from './rules.js';
import type { DokoState } from './state.js';
import { handStrength } from './strength.js';

export type DokoBot = (state: DokoState, seat: number, rng: Rng) => DokoAction;

/** The legal actions of one type, narrowed to that member of the union. */
type Of<T extends DokoAction['type']> = Extract<DokoAction, { type: T }>;
const ofType = <T extends DokoAction['type']>(legal: readonly DokoAction[], type: T): Of<T>[] =>
  legal.filter((a): a is Of<T> => a.type === type);

/**
 * Uniform over the seat's legal actions (announcements included). Poverty cards are drawn
 * directly, uniform over the physical cards (not over the listed distinct face sets).
 */
export const randomBot: DokoBot = (state, seat, rng) => {
  const pov = state.poverty;
  if (state.phase === 'poverty-return' && pov?.acceptor === seat) {
    return { seat, type: 'poverty-return', cards: draw(state.hands[seat]!, pov.passed!.length, rng) };
  }
  if (state.phase === 'poverty' && pov?.pauper === seat) {
    const hand = state.hands[seat]!;
    const trumps = povertyTrumps(state, hand);
    const rest = removeCards(hand, trumps)!;
    return { seat, type: 'poverty', cards: [...trumps, ...draw(rest, povertyCount(state) - trumps.length, rng)] };
  }
  return rng.pick(legalActions(state, seat));
};

/** `k` cards drawn without replacement. */
function draw(cards: readonly Card[], k: number, rng: Rng): Card[] {
  const pool = cards.slice();
  const out: Card[] = [];
  for (let i = 0; i < k; i++) out.push(pool.splice(rng.int(pool.length), 1)[0]);
  return out;
}

export interface HeuristicProfile {
  /** Strength (for the best solo) from which the bot declares a solo. */
  soloFrom: number;
  /** Strength (normal game) from which the bot announces its party. */
  announceFrom: number;
}

const DEFAULT_PROFILE: HeuristicProfile = { soloFrom: 34, announceFrom: 24 };

export function heuristicBot(profile: Partial<HeuristicProfile> = {}): DokoBot {
  const p = { ...DEFAULT_PROFILE, ...profile };
  return (state, seat, rng) => {
    const legal = legalActions(state, seat);
    const hand = state.hands[seat] ?? [];
    const deck = state.options.deck;
    const find = (pred: (a: DokoAction) => boolean): DokoAction | undefined => legal.find(pred);
    const bestSolo = (): ContractKind => [...SOLOS].sort((a, b) => handStrength(hand, b, deck) - handStrength(hand, a, deck))[0];
    // Only the reservation and the contract read it: weighing the solos for every card played made rollouts slow.
    const wantsSolo = (): boolean => handStrength(hand, bestSolo(), deck) >= p.soloFrom;
    const chosen =
      find((a) => a.type === 'piglets' || a.type === 'superpiglets') ??
      reservation(legal, state, seat, wantsSolo) ??
      ofType(legal, 'contract').find((a) => a.contract === 'armut') ??
      ofType(legal, 'contract').find((a) => a.contract === 'hochzeit' && !wantsSolo()) ??
      ofType(legal, 'contract').find((a) => a.contract === bestSolo()) ??
      find((a) => a.type === 'poverty') ??
      ofType(legal, 'poverty-answer').find((a) => a.accept === handStrength(hand, 'normal', deck) >= p.announceFrom) ??
      povertyReturn(legal, state) ??
      announcement(legal, state, seat, p) ??
      play(legal, state, seat);
    return chosen ?? rng.pick(legal);
  };
}

function reservation(legal: DokoAction[], s: DokoState, seat: number, wantsSolo: () => boolean): DokoAction | undefined {
  const calls = ofType(legal, 'reservation');
  if (calls.length === 0) return undefined;
  const hand = s.hands[seat] ?? [];
  const poor = s.options['poverty.enabled'] && hand.filter((c) => trumpsOf('normal', s.options.deck).includes(c)).length <= 3;
  const wedding = countFace(hand, 'CQ') === 2;
  const want = wantsSolo() || poor || wedding ? 'vorbehalt' : 'gesund';
  return calls.find((a) => a.call === want) ?? calls[0];
}

/** Give back the cheapest non-trumps. */
function povertyReturn(legal: DokoAction[], s: DokoState): DokoAction | undefined {
  const returns = ofType(legal, 'poverty-return');
  if (returns.length === 0) return undefined;
  const trumps = stateTrumps(s);
  const cost = (cards: Card[]): number => cards.reduce((a, c) => a + (trumps.includes(c) ? 100 : 0) + cardPoints(c), 0);
  return returns.reduce((best, a) => (cost(a.cards) < cost(best.cards) ? a : best));
}

function announcement(legal: DokoAction[], s: DokoState, seat: number, p: HeuristicProfile): DokoAction | undefined {
  const party = partyOf(s, seat);
  if (partyLevel(s, party) >= 0) return undefined;
  if (handStrength(s.hands[seat] ?? [], s.contract ?? 'normal', s.options.deck) < p.announceFrom) return undefined;
  return ofType(legal, 'announce').find((a) => a.level === party);
}

/**
 * Lead a plain ace, else the cheapest card; when a partner known from his announcement wins
 * the trick, add points (Schmieren); otherwise win as cheaply as possible or throw the cheapest.
 */
function play(legal: DokoAction[], s: DokoState, seat: number): DokoAction | undefined {
  const plays = ofType(legal, 'play');
  if (plays.length === 0) return undefined;
  const trumps = stateTrumps(s);
  const cur = s.current!;
  const value = (c: Card): number => (trumps.includes(c) ? 50 - trumps.indexOf(c) : 0) + cardPoints(c);
  const cheapest = (pool: Of<'play'>[]): Of<'play'> => pool.reduce((b, a) => (value(a.card) < value(b.card) ? a : b));
  if (cur.plays.length === 0) {
    const ace = plays.find((a) => !trumps.includes(a.card) && a.card.endsWith('A'));
    return ace ?? cheapest(plays);
  }
  const cards = cur.plays.map((x) => x.card);
  const ranking = { trumps, dullen: s.options.dullen, lastTrick: false, promoted: [] };
  const leader = cur.plays[trickWinnerIndex(cards, ranking)].seat;
  const mine = partyOf(s, seat);
  if (s.announcements.some((a) => a.seat === leader && a.party === mine)) {
    const plain = plays.filter((a) => !trumps.includes(a.card));
    const pool = plain.length > 0 ? plain : plays;
    return pool.reduce((b, a) => (cardPoints(a.card) > cardPoints(b.card) ? a : b));
  }
  const wins = plays.filter((a) => trickWinnerIndex([...cards, a.card], ranking) === cards.length);
  return cheapest(wins.length > 0 ? wins : plays);
}
