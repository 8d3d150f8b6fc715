import type { Game } from '../core/types.js';
import { dokoDeck } from './cards.js';
import { deal, dealFromHands, dealtCards } from './deal.js';
import { parseOptions, type DokoOptions, optionSchema } from './options.js';
import { result } from './result.js';
import { parseAction, type DokoAction } from './actions.js';
import { apply, legalActions, toAct } from './rules.js';
import { session, type DokoSession } from './session.js';
import type { DokoState } from './state.js';
import { redactAction, view, type DokoView } from './view.js';

/** Doppelkopf (docs/rules/doppelkopf.md): 48 or 40 cards, four active players, optional fifth dealer. */
export const doppelkopf: Game<DokoOptions, DokoState, DokoSession, DokoAction, DokoView> = {
  id: 'doppelkopf',
  optionSchema: optionSchema,
  parseOptions: parseOptions,
  seatCount: (o) => o.players,
  deck: (o) => dokoDeck(o.deck),
  deal: deal,
  dealHands: dealFromHands,
  dealtCards: dealtCards,
  parseAction,
  legalActions,
  apply,
  toAct,
  phase: (s) => s.phase,
  isOver: (s) => s.phase === 'over',
  view,
  result: result,
  redactAction,
  session: session,
};

export type { DokoOptions, DokoState, DokoSession, DokoAction, DokoView };
