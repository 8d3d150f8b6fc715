import type { Game, HandResult } from '../engine/index.js';
import type { HandProjection } from './hand-store.js';

/** The hand row's projection of an engine state reached at `seq`. */
export function projectionOf(game: Game, state: unknown, seq: number): HandProjection {
  const result: HandResult | null = game.isOver(state) ? game.result(state) : null;
  return {
    state,
    seq,
    phase: game.phase(state),
    toAct: game.toAct(state).slice(), // the engine's list may be a shared frozen one
    status: result ? result.status : 'active',
    result,
    finishedAt: result ? new Date() : null,
  };
}
