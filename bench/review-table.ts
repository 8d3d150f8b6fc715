import { gameFor, playOut, shuffle, type Action, type GameId, type HandRecord } from '../src/engine/index.js';
import { seededRng } from '../src/engine/core/rng.js';
import { seatInputOf } from '../src/bots/seat-play.js';
import { decideStrong, type StrongBudget } from '../src/solvers/search/search.js';
import { chooseBotAction } from '../src/solvers/search/strategy.js';

/** A seat's player at a bot table: the strong bot or the random one, each from its seat's input only. */
export type TableBot = 'strong' | 'random';

/**
 * One hand played in process by bots, each deciding from its seat's input as the service serves
 * it, from a deck shuffled by `deal`'s seed: the hands the review's aims and benchmark are
 * measured on. `budget.timeMs` should not bind, so that a hand is a function of its seeds.
 */
export function botHand(
  game: GameId,
  rules: Record<string, unknown>,
  deal: number,
  bots: readonly TableBot[],
  budget: StrongBudget,
): HandRecord {
  const g = gameFor(game);
  const parsed = g.parseOptions(rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const options = parsed.options;
  const setup = { dealer: deal % g.seatCount(options) };
  const deck = shuffle(deal.toString(16).padStart(64, '0'), g.deck(options));
  const rng = seededRng(deal);
  const actions: Action[] = [];
  const { actions: played } = playOut(g, { options, source: { deck }, setup }, (state, seats) => {
    const seat = seats[0]!;
    const input = seatInputOf(g, { options, setup, state, actions }, seat);
    const chosen =
      bots[seat] === 'strong'
        ? decideStrong(input, { seed: rng.int(2 ** 31), budget }).action
        : chooseBotAction('random', game, input.view, rng);
    const action = { ...chosen, seat } as Action;
    actions.push(action);
    return action;
  });
  return { game, rules, dealer: setup.dealer, deck, actions: played };
}
