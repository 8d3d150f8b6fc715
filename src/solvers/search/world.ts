import { removeCards, type Action, type Card, type Game, type GameId } from '../../engine/index.js';
import type { Rng } from '../../engine/core/rng.js';
import { sampleDeal, shuffled, type SampledDeal } from '../sampling.js';
import { callFits } from './strategy.js';
import type { SeatKnowledge } from './seat-input.js';

/**
 * A world: one full deal consistent with everything a seat's input shows, replayed to the
 * present by the engine. The replay is the final check: a world in which any action the seat
 * saw would have been illegal (a card its player did not hold, a renonce it could not make, an
 * announcement of a party it was not in) is refused and another is drawn.
 */
export type Imagine<O, S> = (k: SeatKnowledge<O>, rng: Rng) => S | null;

/** Where the unseen cards of a world go: other seats' present hands and one hidden pile. */
export interface Unseen {
  /** The seats whose present hands are hidden, with their sizes. */
  seats: number[];
  counts: number[];
  cards: Card[];
  pileSize: number;
  /** `mayHold(seat, card)`: voids shown in play. */
  mayHold: (seat: number, card: Card) => boolean;
  pileMayHold?: (card: Card) => boolean;
  /** A rule the pile obeys as a whole (a discard's), checked on each draw. */
  pileRule?: (pile: readonly Card[]) => boolean;
  /** Seats whose present hands are treated as known (`SeatKnowledge.known`): they draw only from them, the others not their last copies. */
  known?: ReadonlyMap<number, readonly Card[]>;
}

/** The hidden present hands (by seat) and the pile, drawn by the shared sampler. */
export function drawUnseen(given: Unseen, rng: Rng): { hands: Map<number, Card[]>; pile: Card[] } | null {
  const u = withKnownHands(given);
  const pileMayHold = u.pileMayHold ?? (() => true);
  let deal: SampledDeal;
  try {
    deal = sampleDeal(
      { known: u.seats.map(() => []), counts: u.counts, unseen: u.cards, pileSize: u.pileSize, knownPile: null },
      {
        mayHold: (p, c) => u.mayHold(u.seats[p]!, c),
        pileMayHold,
        consistent: (d) =>
          d.hands.every((h, p) => h.every((c) => u.mayHold(u.seats[p]!, c))) && d.pile.every(pileMayHold) && (u.pileRule?.(d.pile) ?? true),
      },
      rng,
    );
  } catch {
    return null;
  }
  return { hands: new Map(u.seats.map((s, p) => [s, deal.hands[p]!])), pile: deal.pile };
}

/**
 * The constraints of hands treated as known: such a seat holds only its known cards, and a card
 * whose every unseen copy is in known hands is nobody else's. The world's caller checks that a
 * known seat's present hand is exactly the known one (duplicates can still differ here).
 */
function withKnownHands(u: Unseen): Unseen {
  const known = u.known;
  if (!known?.size) return u;
  const inKnown = (c: Card): number => [...known.values()].reduce((n, h) => n + h.filter((x) => x === c).length, 0);
  const copies = (c: Card): number => u.cards.filter((x) => x === c).length;
  const free = new Map<Card, boolean>(u.cards.map((c) => [c, copies(c) > inKnown(c)]));
  const mayHold = (s: number, c: Card): boolean => u.mayHold(s, c) && (known.get(s)?.includes(c) ?? free.get(c) ?? true);
  const pileMayHold = (c: Card): boolean => (u.pileMayHold?.(c) ?? true) && (free.get(c) ?? true);
  return { ...u, mayHold, pileMayHold };
}

/** Deals the world's hands and replays the seat's actions in it, `fill` supplying what was hidden. */
export function replayWorld<O, S>(
  game: Game<O, S>,
  k: SeatKnowledge<O>,
  hands: readonly (readonly Card[] | null)[],
  talon: readonly Card[],
  fill: (action: Action & { hidden?: string[] }, state: S) => Action | null = () => null,
): S | null {
  const dealt = game.dealHands(k.options, hands, talon, k.setup);
  if (!dealt.ok) return null;
  let state = dealt.state;
  for (const a of k.actions) {
    const action = a.hidden ? fill(a, state) : a;
    if (!action) return null;
    const next = game.apply(state, action);
    if (!next.ok) return null;
    state = next.state;
  }
  return state;
}

/** The multiset `from` minus `cards`; null when a card is missing. */
export const minus = (from: readonly Card[], cards: readonly Card[]): Card[] | null => removeCards(from, cards);

/** The deck minus every card seen (one copy each). */
export function unseenOf(deck: readonly Card[], seen: readonly Card[]): Card[] {
  return removeCards(deck, seen) ?? [];
}

/** `n` of `cards` drawn at random. */
export const drawSome = (cards: readonly Card[], n: number, rng: Rng): Card[] => shuffled(cards, rng).slice(0, n);

/** Cards each seat played, from the seat's actions. */
export function playedBy(actions: readonly Action[]): Map<number, Card[]> {
  const out = new Map<number, Card[]>();
  for (const a of actions) if (a.type === 'play') (out.get(a.seat) ?? out.set(a.seat, []).get(a.seat)!).push(a['card'] as Card);
  return out;
}

/** Every other player's bids and raises fit the hand he was dealt in this world (strategy.ts `callFits`). */
export function callsFit(
  game: GameId,
  k: SeatKnowledge<unknown>,
  dealt: readonly (readonly Card[] | null)[],
  declarer: number | null,
): boolean {
  return k.actions.every((a) => a.seat === k.seat || callFits(game, [...(dealt[a.seat] ?? [])], a, a.seat === declarer));
}
