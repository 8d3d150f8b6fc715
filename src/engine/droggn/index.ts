import type { Game } from '../core/types.js';
import { parseAction, type DroggnAction } from './actions.js';
import { DECK } from './cards.js';
import { deal, dealFromHands, dealtCards } from './deal.js';
import { parseOptions, type DroggnOptions, optionSchema } from './options.js';
import { apply, legalActions } from './rules.js';
import { result } from './result.js';
import { session, type DroggnSession } from './session.js';
import type { DroggnState } from './state.js';
import { view, redactAction, type DroggnView } from './view.js';

/** Droggn, Stubai Tarock with 66 cards (docs/rules/droggn.md). */
export const droggn: Game<DroggnOptions, DroggnState, DroggnSession, DroggnAction, DroggnView> = {
  id: 'droggn',
  optionSchema: optionSchema,
  parseOptions: parseOptions,
  seatCount: (options) => options.players,
  deck: () => DECK.slice(),
  deal: deal,
  dealHands: dealFromHands,
  dealtCards: dealtCards,
  parseAction: parseAction,
  legalActions,
  apply: apply,
  toAct: (s) => (s.turn >= 0 ? [s.turn] : []),
  phase: (s) => s.phase,
  isOver: (s) => s.phase === 'over',
  view: view,
  result: result,
  redactAction: redactAction,
  session: session,
};

export type { DroggnOptions, DroggnState, DroggnSession, DroggnAction, DroggnView };
export { DECK, facePoints } from './cards.js';
export { heuristicBot } from './bots.js';
