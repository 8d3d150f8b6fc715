/**
 * Doubling habits of the simulated players, the same five for every game. Honest players differ
 * a lot in how often they double — the audit must not mistake a habit for collusion:
 * - plain: the engine's default heuristic;
 * - cautious: doubles only with a very strong hand;
 * - reckless: doubles eagerly;
 * - tilted: doubles more eagerly the more he lost lately (his tilt follows his results);
 * - strongDeclarer: bids only strong hands, so he wins more often than others expect.
 * Each game maps them onto its own bot's knobs (bots.ts for Dobbm, droggn-bots.ts for Droggn).
 */
export type Habit = 'plain' | 'cautious' | 'reckless' | 'tilted' | 'strongDeclarer';
export const HABITS: readonly Habit[] = ['plain', 'cautious', 'reckless', 'tilted', 'strongDeclarer'];

export interface Collusion {
  /** The partner's seat at this table. */
  partnerSeat: number;
  /** Whether the pair acts in this hand (decided once per hand: "at the given rate"). */
  acting: boolean;
  /** Doublings the pair drives the chain up to. */
  cap: number;
}
