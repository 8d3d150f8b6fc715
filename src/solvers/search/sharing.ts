import type { Card } from '../../engine/index.js';
import { imagineWorld, searchWorlds, type StrongBudget, type StrongDecision } from './search.js';
import type { SeatInput } from './seat-input.js';

/**
 * The strong bot of a player who is told other seats' present hands (a card-sharing cheat, for
 * the audit's simulator: docs/audit-card-sharing.md): the same search, over worlds in which the
 * `known` hands are the true ones and only the rest is sampled.
 */
export function decideSharing(
  input: SeatInput,
  known: ReadonlyMap<number, readonly Card[]>,
  opts: { seed: number; budget: StrongBudget },
): StrongDecision {
  return searchWorlds(input, { ...opts, now: () => 0 }, (_searcher, _k, seatInput, _legal, rng) =>
    imagineWorld(seatInput, rng.int(2 ** 31), known),
  );
}
