import { deckCommitment } from '../engine/index.js';
import { canonicalJson } from '../events/canonical.js';

/** How a hand's cards were given: a deck in deal order, or (hand records) hands and talon. */
export type DealSource = { deck: readonly string[] } | { hands: readonly (readonly string[] | null)[]; talon: readonly string[] };

/**
 * The commitment in a hand's opening event: the engine's `deckCommitment(seed, deck)`; a hand
 * recorded as hands + talon commits to their canonical JSON as a one-element "deck".
 */
export function dealCommitment(seed: string, deal: DealSource): string {
  if ('deck' in deal) return deckCommitment(seed, deal.deck);
  return deckCommitment(seed, [canonicalJson({ hands: deal.hands, talon: deal.talon })]);
}
