import { playOut, type Action, type DealSource, type Game, type HandRecord } from '../../engine/index.js';
import type { Rng } from '../../engine/core/rng.js';
import type { SeatBot } from './colluding.js';
import type { SimGame } from './table-game.js';

export interface BotHand<G extends SimGame, S> {
  record: HandRecord<G>;
  final: S;
}

/**
 * Plays one hand with the engine (`playOut`): the `script` actions first (e.g. a fixed auction),
 * then the seat to act is driven by its bot; the record replays it.
 */
export function playBotHand<G extends SimGame, O, S extends { turn: number }>(
  game: Game<O, S>,
  hand: { game: G; options: O; rules: Record<string, unknown>; source: DealSource; dealer: number },
  bots: readonly SeatBot<S>[],
  rng: Rng,
  script: readonly Action[] = [],
): BotHand<G, S> {
  let scripted = 0;
  const history: Action[] = [];
  const choose = (state: S): Action => {
    const action = scripted < script.length ? script[scripted++]! : bots[state.turn]!(state, state.turn, rng, history);
    // playOut applies it or throws: the history stays the hand's actions so far
    history.push(action);
    return action;
  };
  const { actions, final } = playOut(game, { options: hand.options, source: hand.source, setup: { dealer: hand.dealer } }, choose);
  const record = { game: hand.game, rules: hand.rules, dealer: hand.dealer, ...hand.source, actions } as HandRecord<G>;
  return { record, final };
}
