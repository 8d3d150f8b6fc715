import { fillsSlots, sampleDeal as sampleSharedDeal, type CallerKnowledgeOf, type SampledDeal } from '../sampling.js';
import type { Rng } from '../../engine/core/rng.js';
import type { Card } from '../../engine/core/types.js';
import { DECK, type DroggnState } from '../../engine/droggn/index.js';
import { GSTIESS, MOND, PAGAT, isTrump, suitOf } from '../../engine/droggn/cards.js';
import { kingRuleHolds } from '../../engine/droggn/rules.js';
import { referenceCard } from '../../engine/droggn/play.js';
import { positionSeats } from './position.js';

/**
 * What one seat knows about a Droggn deal at one moment (hard facts only, docs/rules/droggn.md#exchange–docs/rules/droggn.md#play):
 * its own cards; public cards — a laid-out Pagat (docs/rules/droggn.md#layout), a bought card handed over openly
 * (docs/rules/droggn.md#exchange), every played card; for the declarer his own discard, for the seller of a bought card
 * the card he received (he holds it); voids shown in play (docs/rules/droggn.md#play: a failure to follow or to
 * trump; the Gstieß, always legal, shows nothing); the number of cards in every hand. The
 * hidden pile is the discard of an Ansager/Solo (for the defenders; it obeys docs/rules/droggn.md#exchange: no GS, T21,
 * T1, the king rule) or the talon of a Super / Super Mord (hidden from everybody).
 *
 * Not used: soft information (the auction, the calls), and the talon shown to all under
 * `talon.expose = ansagerOnly` (its cards are then known to be the declarer's or in his discard).
 */
export interface CallerKnowledge extends CallerKnowledgeOf {
  /** Classes 0 = trumps, then S, C, H, D. */
  voids: boolean[][];
  /** The state, for the option-dependent king rule. */
  state: DroggnState;
}

export type { SampledDeal };

const CLASSES = ['T', 'S', 'C', 'H', 'D'] as const;

const hasPile = (s: DroggnState): boolean => s.contract !== null;
const pileOf = (s: DroggnState): readonly Card[] => (s.contract === 'ansager' || s.contract === 'solo' ? (s.discard ?? []) : s.talon);

/** The caller's knowledge in `state` (after the bidding: layout, doubling or play). */
export function knowledgeOf(state: DroggnState, seat: number): CallerKnowledge {
  if (state.declarer === null || !hasPile(state)) throw new Error('knowledge needs a declarer');
  const seats = positionSeats(state);
  const position = seats.indexOf(seat);
  if (position < 0) throw new Error(`seat ${seat} takes no part in this deal`);
  const known = seats.map((s) => (s === seat ? [...state.hands[s]!] : []));
  const addKnown = (holder: number, c: Card): void => {
    const p = seats.indexOf(holder);
    if (state.hands[holder]!.includes(c) && !known[p]!.includes(c)) known[p]!.push(c);
  };
  for (const l of state.layouts) addKnown(l.seat, l.card);
  if (state.buy?.kind === 'bought') {
    addKnown(state.declarer, state.buy.card);
    if (seat === state.declarer) addKnown(state.buy.from, state.buy.give);
  }
  const seen = new Set<Card>(known.flat());
  const tricks = [...state.tricks.map((t) => t.plays), state.trick];
  for (const plays of tricks) for (const play of plays) seen.add(play.card);
  const shown = voidsShown(tricks);
  const voids = seats.map((s) => shown.get(s) ?? [false, false, false, false, false]);
  const isDeclarer = position === 0;
  const discardGame = state.contract === 'ansager' || state.contract === 'solo';
  const knownPile = isDeclarer && discardGame ? [...pileOf(state)] : null;
  if (knownPile) for (const c of knownPile) seen.add(c);
  return {
    position,
    known,
    counts: seats.map((s) => state.hands[s]!.length),
    voids,
    unseen: DECK.filter((c) => !seen.has(c)),
    pileSize: knownPile ? 0 : pileOf(state).length,
    knownPile,
    pileIsDiscard: discardGame,
    state,
  };
}

/**
 * The classes each seat has shown it lacks (docs/rules/droggn.md#play): a card of another class than the
 * reference card's shows a void in that class, and one that is not a trump a void in trumps
 * too; the Gstieß, always legal, shows nothing. Classes 0 = trumps, then S, C, H, D.
 */
export function voidsShown(tricks: readonly (readonly { seat: number; card: Card }[])[]): Map<number, boolean[]> {
  const voids = new Map<number, boolean[]>();
  for (const plays of tricks) {
    plays.forEach((play, k) => {
      const ref = referenceCard(plays.slice(0, k));
      if (ref === null || play.card === GSTIESS) return;
      const refClass = voidClass(ref);
      const cls = voidClass(play.card);
      if (cls === refClass) return;
      const v = voids.get(play.seat) ?? voids.set(play.seat, [false, false, false, false, false]).get(play.seat)!;
      v[refClass] = true;
      if (cls !== 0) v[0] = true;
    });
  }
  return voids;
}

/** Class of a card for voids; −1 for the Gstieß (it never shows a void and is never excluded). */
export const voidClass = (c: Card): number => (c === GSTIESS ? -1 : isTrump(c) ? 0 : CLASSES.indexOf(suitOf(c)!));

/** A discard allowed by docs/rules/droggn.md#exchange (no GS, T21, T1; the king rule of the options). */
export function discardAllowed(state: DroggnState, cards: readonly Card[]): boolean {
  return !cards.some((c) => c === GSTIESS || c === MOND || c === PAGAT) && kingRuleHolds(state, cards);
}

/** True when `deal` contradicts nothing the caller knows. */
function isConsistent(k: CallerKnowledge, deal: SampledDeal): boolean {
  if (!fillsSlots(k, deal, (p, c) => !(voidClass(c) >= 0 && k.voids[p]![voidClass(c)]))) return false;
  return k.knownPile !== null || !k.pileIsDiscard || discardAllowed(k.state, deal.pile);
}

/** One deal consistent with the caller's knowledge (the shared sampler, src/solvers/sampling.ts). */
export function sampleDeal(k: CallerKnowledge, rng: Rng): SampledDeal {
  return sampleSharedDeal(
    k,
    {
      mayHold: (p, c) => !(voidClass(c) >= 0 && k.voids[p]![voidClass(c)]),
      // docs/rules/droggn.md#exchange: a discard never holds the Gstieß, the Mond or the Pagat
      pileMayHold: (c) => !k.pileIsDiscard || (c !== GSTIESS && c !== MOND && c !== PAGAT),
      consistent: (deal) => isConsistent(k, deal),
    },
    rng,
  );
}
