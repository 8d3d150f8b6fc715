import { fillsSlots, sampleDeal as sampleSharedDeal, type CallerKnowledgeOf, type SampledDeal } from '../sampling.js';
import type { Rng } from '../../engine/core/rng.js';
import type { Card } from '../../engine/index.js';
import type { DobbmState } from '../../engine/dobbm/index.js';
import { sowRuleHolds } from '../../engine/dobbm/index.js';
import { ALL_CARDS, SUIT_LETTERS } from './cards.js';
import { positionSeats } from './seats.js';

/**
 * What one seat knows about the deal at one moment (hard facts only): its own cards, every
 * card played, who is void in which suit (a failure to follow or to trump, docs/rules/dobbm.md#play),
 * how many cards every hand still holds, and — the declarer only — his discard. The unseen
 * cards are everything else; a sample distributes them over the other hands and the hidden
 * pile (the Dobbm discard as seen by a defender, the Solo Dobb as seen by everybody).
 *
 * Soft information (what the auction or the calls suggest) is deliberately not used: the
 * audit measures what a call risks against a caller who knows only the hard facts.
 */
export interface CallerKnowledge extends CallerKnowledgeOf {
  /** Suits in the order H, L, A, B. The hidden pile: 4 cards (a discard or the Dobb unseen by the caller), or known. */
  voids: boolean[][];
  /** A hidden Dobbm discard must satisfy the sow rule (docs/rules/dobbm.md#discard). */
  heartSowIsSow: boolean;
}

export type { SampledDeal };

const suitIndex = (c: Card): number => SUIT_LETTERS.indexOf(c[0] as (typeof SUIT_LETTERS)[number]);

/** The caller's knowledge in `state` (play phase or earlier; the doubling comes before play). */
export function knowledgeOf(state: DobbmState, seat: number): CallerKnowledge {
  const seats = positionSeats(state);
  const position = seats.indexOf(seat);
  if (position < 0) throw new Error(`seat ${seat} takes no part in this deal`);
  const seen = new Set<Card>(state.hands[seat]!);
  const tricks = [
    ...state.tricks.map((t) => ({ leader: t.leader, cards: t.cards })),
    { leader: state.trickLeader, cards: [...state.trick] },
  ].map((t) => {
    const leadPos = seats.indexOf(t.leader);
    return t.cards.map((card, k) => ({ seat: seats[(leadPos + k) % 4]!, card }));
  });
  for (const c of tricks.flat()) seen.add(c.card);
  const shown = voidsShown(tricks);
  const voids = seats.map((s) => shown.get(s) ?? [false, false, false, false]);
  const isDeclarer = position === 0;
  const solo = state.contract === 'solo';
  const knownPile = isDeclarer && !solo && state.discard ? [...state.discard] : null;
  if (knownPile) for (const c of knownPile) seen.add(c);
  const known = seats.map((s) => (s === seat ? [...state.hands[s]!] : []));
  return {
    position,
    known,
    counts: seats.map((s) => state.hands[s]!.length),
    voids,
    unseen: ALL_CARDS.filter((c) => !seen.has(c)),
    pileSize: knownPile ? 0 : 4,
    knownPile,
    pileIsDiscard: !solo,
    heartSowIsSow: state.options['discard.heartSowIsSow'],
  };
}

/** The true deal in the same shape, for the solver. */
export function trueDeal(state: DobbmState): SampledDeal {
  const seats = positionSeats(state);
  const pile = state.contract === 'solo' ? [...state.dobb] : [...(state.discard ?? [])];
  return { hands: seats.map((s) => [...state.hands[s]!]), pile };
}

/**
 * The suits each seat has shown it lacks (docs/rules/dobbm.md#play): a card of another suit than the led
 * one shows a void in the led suit, and one that is not a heart shows a void in hearts too.
 * Suits in the order H, L, A, B; tricks as plays in order, each with its seat.
 */
export function voidsShown(tricks: readonly (readonly { seat: number; card: Card }[])[]): Map<number, boolean[]> {
  const voids = new Map<number, boolean[]>();
  for (const plays of tricks) {
    if (plays.length === 0) continue;
    const led = suitIndex(plays[0]!.card);
    for (const { seat, card } of plays.slice(1)) {
      const s = suitIndex(card);
      if (s === led) continue;
      const v = voids.get(seat) ?? voids.set(seat, [false, false, false, false]).get(seat)!;
      v[led] = true;
      if (s !== 0) v[0] = true;
    }
  }
  return voids;
}

/** True when `deal` contradicts nothing the caller knows. */
function isConsistent(k: CallerKnowledge, deal: SampledDeal): boolean {
  if (!fillsSlots(k, deal, (p, c) => !k.voids[p]![suitIndex(c)])) return false;
  return !k.pileIsDiscard || sowRuleHolds(deal.pile, { 'discard.heartSowIsSow': k.heartSowIsSow } as never);
}

/** One deal consistent with the caller's knowledge (the shared sampler, src/solvers/sampling.ts). */
export function sampleDeal(k: CallerKnowledge, rng: Rng): SampledDeal {
  return sampleSharedDeal(
    k,
    {
      mayHold: (p, c) => !k.voids[p]![suitIndex(c)],
      pileMayHold: () => true,
      consistent: (deal) => isConsistent(k, deal),
    },
    rng,
  );
}
