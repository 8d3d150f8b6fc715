import type { Card } from './types.js';

/** Removes one copy of each card (Doppelkopf holds faces twice); `null` if one is missing. */
export function removeCards(hand: readonly Card[], cards: readonly Card[]): Card[] | null {
  const rest = hand.slice();
  for (const c of cards) {
    const i = rest.indexOf(c);
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

export function sumPoints(cards: readonly Card[], points: (c: Card) => number): number {
  let total = 0;
  for (const c of cards) total += points(c);
  return total;
}

/** True when `deck` is a permutation of `canonical` (multiset equality). */
export function isPermutationOf(deck: readonly Card[], canonical: readonly Card[]): boolean {
  if (deck.length !== canonical.length) return false;
  const counts = new Map<Card, number>();
  for (const c of canonical) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const c of deck) {
    const k = counts.get(c);
    if (!k) return false;
    counts.set(c, k - 1);
  }
  return true;
}

/** A trick in play order; `leader` is the seat that led. */
export interface Trick {
  leader: number;
  plays: { seat: number; card: Card }[];
}
