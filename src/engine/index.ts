import type { Game, GameId } from './core/types.js';
import { dobbm } from './dobbm/index.js';
import { droggn } from './droggn/index.js';
import { doppelkopf } from './doppelkopf/index.js';

export * from './core/index.js';

/** The three games, by the id used in the API (`"game": "dobbm"`). */
export const games: Record<GameId, Game> = { dobbm, droggn, doppelkopf };

export function isGameId(id: unknown): id is GameId {
  return id === 'dobbm' || id === 'droggn' || id === 'doppelkopf';
}
