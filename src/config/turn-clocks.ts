/**
 * A table's turn clock: the seconds each decision may take before the seat's substitute makes it.
 * Presets, as card rooms offer them: `normal` for strangers (long enough to think about a bid,
 * short enough that nobody waits long for a player who has gone), `relaxed` for beginners, `off`
 * for friends who wait for each other. Here beside the settings, as `DEFAULT_TURN_CLOCK` names one
 * of them; the tables choose a new table's clock from them (tables/turn-clock.ts).
 */
export const TURN_CLOCKS = { relaxed: 120, normal: 40, off: null } as const;
export type TurnClock = keyof typeof TURN_CLOCKS;
export const TURN_CLOCK_NAMES = Object.keys(TURN_CLOCKS) as TurnClock[];
/** The bounds of an explicit `turnSeconds`. */
export const TURN_SECONDS = { min: 1, max: 3600 } as const;
