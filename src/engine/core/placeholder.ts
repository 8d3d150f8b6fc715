import type { Game, GameId } from './types.js';

/** Stands in for a game whose rules are not written yet; every call says so. */
export function notYetImplemented(id: GameId): Game {
  const fail = (): never => {
    throw new Error(`${id} is not implemented yet`);
  };
  return {
    id,
    parseOptions: () => ({ ok: false, rejection: { code: 'GAME_NOT_AVAILABLE', message: `${id} is not available yet` } }),
    seatCount: fail, deck: fail, deal: fail, dealHands: fail, parseAction: fail, legalActions: fail,
    apply: fail, toAct: fail, phase: fail, isOver: fail, view: fail, result: fail,
    session: { start: fail, afterHand: fail, requestEnd: fail },
  };
}
