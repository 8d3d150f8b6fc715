import type { Game, GameId } from './core/types.js';
import { dobbm } from './dobbm/index.js';
import { droggn } from './droggn/index.js';
import { doppelkopf } from './doppelkopf/index.js';

export * from './core/index.js';

/** Each game typed by its id: `GameOf<'dobbm'>` is Dobbm's options, state and session. */
export type GameOf<G extends GameId> = { dobbm: typeof dobbm; droggn: typeof droggn; doppelkopf: typeof doppelkopf }[G];

/** The three games, by the id used in the API (`"game": "dobbm"`): `games.dobbm` is `GameOf<'dobbm'>`. */
export const games: { readonly [G in GameId]: GameOf<G> } = { dobbm, droggn, doppelkopf };

/** Every game's id, in the order the API lists them. */
export const GAME_IDS = ['dobbm', 'droggn', 'doppelkopf'] as const satisfies readonly GameId[];

/**
 * A game by a run-time id, in the erased form (options, states and views `unknown`) that the
 * service, which reads the id from a row, needs: every typed game is such a `Game`.
 */
export const gameFor = (id: GameId): Game => games[id];
