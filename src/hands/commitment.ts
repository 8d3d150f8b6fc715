import { deckCommitment, type DealSource } from '../engine/index.js';
import { canonicalJson } from '../events/canonical.js';

/**
 * The commitment in a hand's opening event: the engine's `deckCommitment(seed, deck)`; a hand
 * recorded as hands + talon commits to their canonical JSON as a one-element "deck".
 */
export function dealCommitment(seed: string, deal: DealSource): string {
  if (deal.deck) return deckCommitment(seed, deal.deck);
  return deckCommitment(seed, [canonicalJson({ hands: deal.hands, talon: deal.talon })]);
}
