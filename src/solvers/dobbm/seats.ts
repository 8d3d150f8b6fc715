import type { DobbmState } from '../../engine/dobbm/index.js';

/**
 * Solver positions: 0 = declarer, then the active defenders clockwise from his left, which
 * is also the order of play (docs/rules/dobbm.md#play: clockwise, the five-player dealer sits out).
 */
export function positionSeats(state: DobbmState): number[] {
  const declarer = state.declarer!;
  const i = state.active.indexOf(declarer);
  return [0, 1, 2, 3].map((k) => state.active[(i + k) % state.active.length]!);
}
