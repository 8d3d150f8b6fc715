import { ApiError } from '../common/problems.js';
import { TURN_CLOCKS, type TurnClock } from '../config/turn-clocks.js';

/** The seconds per decision a new table gets: an explicit `turnSeconds`, else the preset, else the service's default preset. */
export function turnSecondsOf(asked: { clock?: TurnClock; turnSeconds?: number }, fallback: TurnClock): number | null {
  if (asked.clock !== undefined && asked.turnSeconds !== undefined) {
    throw ApiError.of('VALIDATION_FAILED', 'send either a clock preset or turnSeconds, not both');
  }
  return asked.turnSeconds ?? TURN_CLOCKS[asked.clock ?? fallback];
}
