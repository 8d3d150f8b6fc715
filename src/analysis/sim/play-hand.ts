import { games, type Action, type Card } from '../../engine/index.js';
import type { Rng } from '../../engine/core/rng.js';
import type { DobbmBot, DobbmOptions, DobbmState } from '../../engine/dobbm/index.js';
import type { DobbmHandRecord } from '../dobbm/replay.js';

export interface PlayedHand {
  record: DobbmHandRecord;
  final: DobbmState;
}

/** Plays one hand with the engine, each seat driven by its bot; the record replays it. */
export function playHand(options: DobbmOptions, rules: Record<string, unknown>, deck: Card[], dealer: number, bots: DobbmBot[], rng: Rng): PlayedHand {
  const game = games.dobbm;
  let state = game.deal(options, deck, { dealer }) as DobbmState;
  const actions: Action[] = [];
  while (state.phase !== 'over') {
    const seat = state.turn;
    const action = bots[seat]!(state, seat, rng);
    const next = game.apply(state, action);
    if (!next.ok) throw new Error(`bot at seat ${seat} chose an illegal action: ${next.rejection.code}`);
    actions.push(action);
    state = next.state as DobbmState;
  }
  return { record: { game: 'dobbm', rules, dealer, deck, actions }, final: state };
}
