import type { Game, GameId } from './core/types.js';
import { dobbm } from './dobbm/index.js';
import { droggn } from './droggn/index.js';
import { doppelkopf } from './doppelkopf/index.js';

export * from './core/index.js';

/** Each game typed by its id: `GameOf<'dobbm'>` is Dobbm's options, state and session. */
export type GameOf<G extends GameId> = { dobbm: typeof dobbm; droggn: typeof droggn; doppelkopf: typeof doppelkopf }[G];

/**
 * The three games, by the id used in the API (`"game": "dobbm"`), in the erased form a caller
 * with a run-time id needs (states and options `unknown`). For one known game, import its typed
 * export (`dobbm`, `droggn`, `doppelkopf`): each is a `Game` and so fits here.
 */
export const games: Readonly<Record<GameId, Game>> = { dobbm, droggn, doppelkopf };
export { dobbm, droggn, doppelkopf };

export function isGameId(id: unknown): id is GameId {
  return id === 'dobbm' || id === 'droggn' || id === 'doppelkopf';
}
