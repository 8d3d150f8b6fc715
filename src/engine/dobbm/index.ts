import type { Game } from '../core/types.js';
import { DOBBM_DECK } from './cards.js';
import { deal, dealFromHands, dealtCards } from './deal.js';
import { parseOptions, type DobbmOptions, optionSchema } from './options.js';
import { parseAction, type DobbmAction } from './actions.js';
import { apply, legalActions } from './rules.js';
import { result } from './result.js';
import { session, type DobbmSession } from './session.js';
import type { DobbmState } from './state.js';
import { view, type DobbmView } from './view.js';

// `toAct` is asked before every action of a simulation: the answers are shared lists, frozen
// so that a caller that would change one fails loudly instead of corrupting the next answer.
const NOBODY: readonly number[] = Object.freeze([]);
const SEAT_LISTS: readonly (readonly number[])[] = Array.from({ length: 5 }, (_, s) => Object.freeze([s]));

/** Dobbm (Stubai Tapp), docs/rules/dobbm.md: one declarer against three defenders, hearts trump. */
export const dobbm: Game<DobbmOptions, DobbmState, DobbmSession, DobbmAction, DobbmView> = {
  id: 'dobbm',
  optionSchema: optionSchema,
  parseOptions: parseOptions,
  seatCount: (o) => o.players,
  deck: () => DOBBM_DECK.slice(),
  deal: deal,
  dealHands: dealFromHands,
  dealtCards: dealtCards,
  parseAction: parseAction,
  legalActions: legalActions,
  apply: apply,
  toAct: (s) => (s.phase === 'over' ? NOBODY : (SEAT_LISTS[s.turn] ?? [s.turn])),
  phase: (s) => s.phase,
  isOver: (s) => s.phase === 'over',
  view: view,
  result: result,
  session: session,
};

// What the service, the audit (double-dummy solver, collusion simulator) and tests use.
export type { DobbmOptions, DobbmState, DobbmSession, DobbmAction, DobbmView };
export { defaultOptions } from './options.js';
export { DOBBM_DECK, cardIndex } from './cards.js';
export { sowRuleHolds } from './play.js';
export { declarerCardPoints, paymentPerOpponent } from './scoring.js';
export { randomBot, heuristicBot } from './bots.js';
export { handStrength } from './strength.js';
export type { HeuristicProfile, DobbmBot } from './bots.js';
