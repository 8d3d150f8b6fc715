import type { Action, Game } from '../../engine/index.js';
import { decideStrong, type StrongBudget } from '../../solvers/search/search.js';
import { seatInputOf } from '../../bots/seat-play.js';
import type { SeatBot } from './colluding.js';

/**
 * An honest player who plays as the strong bot (src/solvers/search/: search over worlds drawn from
 * his seat's view and event log, built as the service serves them) in everything but the bidding
 * and the doubling, where his habit decides (habits.ts). The strong bot bids and doubles by fixed
 * hand-strength thresholds (docs/bots.md), which would give every honest player the same calls;
 * the audit must be tested against players whose calls differ. `budget.timeMs` should not bind,
 * so that a simulation stays a function of its seed.
 */
export function strongHonestBot<O, S>(game: Game<O, S>, options: O, dealer: number, habit: SeatBot<S>, budget: StrongBudget): SeatBot<S> {
  return (state, seat, rng, history = []) => {
    if (game.legalActions(state, seat).some((a) => a.type === 'bid' || a.type === 'double')) return habit(state, seat, rng, history);
    const input = seatInputOf(game, { options, setup: { dealer }, state, actions: history }, seat);
    const { action } = decideStrong(input, { seed: rng.int(2 ** 31), budget });
    return { ...action, seat } as Action;
  };
}
