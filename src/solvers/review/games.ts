import type { GameId } from '../../engine/index.js';
import type { StrongBudget } from '../search/search.js';

/** A decision's label from its loss (docs/review.md#labels); a forced decision has none. */
export type Label = 'inaccuracy' | 'mistake' | 'blunder';

/**
 * What a review of one game needs besides the search (docs/review.md): the losses, in that
 * game's points for the deciding seat, from which a decision is an inaccuracy, a mistake or a
 * blunder, and the budget its decisions are valued with.
 */
export interface ReviewRules {
  /** The least loss of each label, rising. */
  thresholds: Record<Label, number>;
  budget: StrongBudget;
  /** Raised whenever the values a review gives change (sampler, budget, candidates, thresholds). */
  version: number;
}

/**
 * At most this many candidate actions are valued per decision, the chosen one always among them:
 * every card of a Doppelkopf hand of twelve, a sample of Dobbm's and Droggn's hundreds of discards.
 */
export const MAX_REVIEW_CANDIDATES = 13;

/**
 * Twice the live strong bot's worlds (search.ts DEFAULT_BUDGET: 24), no clock: a review is a
 * function of its hand and seed. The Doppelkopf endgame is solved exactly as in a live decision.
 */
const BUDGET: StrongBudget = { worlds: 48, timeMs: Infinity, endgameTricks: 4 };

/**
 * The thresholds are the strong bot's own losses on hands it played (bench/review.bench.ts
 * --fit, docs/review.md#labels): an inaccuracy from its 80th percentile, a mistake from its 93rd,
 * a blunder from its 98th, rounded; fitted on one set of deals and reported on others drawn at run time.
 */
export const REVIEW_RULES: Record<GameId, ReviewRules> = {
  dobbm: { thresholds: { inaccuracy: 0.5, mistake: 2.5, blunder: 6 }, budget: BUDGET, version: 2 },
  droggn: { thresholds: { inaccuracy: 3, mistake: 25, blunder: 60 }, budget: BUDGET, version: 2 },
  doppelkopf: { thresholds: { inaccuracy: 0.25, mistake: 0.75, blunder: 1.5 }, budget: BUDGET, version: 2 },
};

/** What names the estimator of a game's reviews: stored with each review, so that a new one computes hands anew. */
export const reviewEstimator = (game: GameId): string =>
  `review-${game}-v${REVIEW_RULES[game].version}-w${REVIEW_RULES[game].budget.worlds}`;
