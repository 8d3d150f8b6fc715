import { performance } from 'node:perf_hooks';
import { gameFor, nestOptions, type Action, type Card, type Game, type GameId, type HandSetup } from '../engine/index.js';
import { handView, visibleEvents } from '../hands/views.js';
import type { Action as Posted } from '../solvers/search/strategy.js';
import type { SeatInput } from '../solvers/search/seat-input.js';

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

/**
 * A seat's input built in-process, exactly as the service builds it (src/hands/views.ts), for
 * the benchmark, the simulator and the tests, which hold the state and the actions themselves.
 */
export function seatInputOf<O, S>(
  game: Game<O, S>,
  hand: { options: O; setup: HandSetup; state: S; actions: readonly Action[] },
  seat: number,
): SeatInput {
  const viewer = { kind: 'seat' as const, seat };
  const row = { id: 'hand', tableId: 'table', number: 1, dealer: hand.setup.dealer, status: 'active' as const };
  const view = handView(game as Game, row, hand.state, hand.actions.length, viewer) as SeatInput['view'];
  const at = new Date(0);
  const stored = [
    { seq: 0, type: 'deal', seat: null, payload: { game: game.id, rules: nestOptions(hand.options as never), setup: hand.setup } },
    ...hand.actions.map((a, i) => ({ seq: i + 1, type: a.type, seat: a.seat, payload: { ...a } })),
  ].map((e) => ({ ...e, commandId: '', createdAt: at, tableId: 'table', handId: 'hand', prevHash: '', hash: '' }));
  const events = visibleEvents(game as Game, stored, viewer, hand.state).map((e) => ({
    seq: e['seq'] as number,
    type: e['type'] as string,
    seat: e['seat'] as number | null,
    payload: e['payload'] as Record<string, unknown>,
  }));
  return { view, events };
}
