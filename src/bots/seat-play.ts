import { performance } from 'node:perf_hooks';
import { gameFor, type Action, type Card, type GameId, type HandSetup } from '../../engine/index.js';
import type { Action as Posted } from './strategy.js';
import { seatInputOf, type SeatInput } from './seat-input.js';

/** A bot in a seat: its decision from the seat's input alone. */
export type SeatBot = (input: SeatInput) => Posted;

export interface SeatPlayed {
  scores: number[];
  /** Decisions the engine refused (the first legal action was played instead). */
  refusals: number;
  /** Milliseconds per decision, by seat. */
  times: number[][];
}

/**
 * Plays one hand in-process with a bot in every seat, each deciding from its seat's input as
 * the service would serve it (seatInputOf): the benchmark's duplicate matches and the tests.
 */
export function playWithSeatBots(
  gameId: GameId,
  hand: { options: unknown; deck: readonly Card[]; setup: HandSetup },
  bots: readonly SeatBot[],
): SeatPlayed {
  const game = gameFor(gameId);
  let state = game.deal(hand.options, hand.deck, hand.setup);
  const actions: Action[] = [];
  const times: number[][] = bots.map(() => []);
  let refusals = 0;
  while (!game.isOver(state)) {
    const seat = game.toAct(state)[0]!;
    const input = seatInputOf(game, { options: hand.options, setup: hand.setup, state, actions }, seat);
    const start = performance.now();
    const chosen = { ...bots[seat]!(input), seat } as Action;
    times[seat]!.push(performance.now() - start);
    let applied = game.apply(state, chosen);
    let action = chosen;
    if (!applied.ok) {
      refusals++;
      action = game.legalActions(state, seat)[0]!;
      applied = game.apply(state, action);
      if (!applied.ok) throw new Error(`the engine refuses its own legal action ${JSON.stringify(action)}`);
    }
    actions.push(action);
    state = applied.state;
  }
  return { scores: game.result(state)?.scores ?? [], refusals, times };
}
