import { ApiError } from '../common/problems.js';

/**
 * A table's turn clock: the seconds each decision may take before the seat's substitute makes it.
 * Presets, as card rooms offer them: `normal` for strangers (long enough to think about a bid,
 * short enough that nobody waits long for a player who has gone), `relaxed` for beginners, `off`
 * for friends who wait for each other.
 */
export const TURN_CLOCKS = { relaxed: 120, normal: 40, off: null } as const;
export type TurnClock = keyof typeof TURN_CLOCKS;
export const TURN_CLOCK_NAMES = Object.keys(TURN_CLOCKS) as TurnClock[];
/** The bounds of an explicit `turnSeconds`. */
export const TURN_SECONDS = { min: 1, max: 3600 } as const;

/** The seconds per decision a new table gets: an explicit `turnSeconds`, else the preset, else the service's default preset. */
export function turnSecondsOf(asked: { clock?: TurnClock; turnSeconds?: number }, fallback: TurnClock): number | null {
  if (asked.clock !== undefined && asked.turnSeconds !== undefined) {
    throw ApiError.of('VALIDATION_FAILED', 'send either a clock preset or turnSeconds, not both');
  }
  return asked.turnSeconds ?? TURN_CLOCKS[asked.clock ?? fallback];
}
