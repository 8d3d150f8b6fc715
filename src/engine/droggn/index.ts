import type { Game } from '../core/types.js';
import { parseDroggnAction } from './actions.js';
import { DECK } from './cards.js';
import { dealDeck, dealFromHands } from './deal.js';
import { legalActions } from './legal.js';
import { parseDroggnOptions, type DroggnOptions, droggnOptionSchema } from './options.js';
import { applyAction } from './rules.js';
import { handResult } from './scoring.js';
import { droggnSession, type DroggnSession } from './session.js';
import type { DroggnState } from './state.js';
import { droggnView, redactDroggnAction } from './view.js';

/** Droggn, Stubai Tarock with 66 cards (RULES.md §3). */
export const droggn: Game<DroggnOptions, DroggnState, DroggnSession> = {
  id: 'droggn',
  optionSchema: droggnOptionSchema,
  parseOptions: parseDroggnOptions,
  seatCount: (options) => options.players,
  deck: () => DECK.slice(),
  deal: dealDeck,
  dealHands: dealFromHands,
  parseAction: parseDroggnAction,
  legalActions,
  apply: applyAction,
  toAct: (s) => (s.turn >= 0 ? [s.turn] : []),
  phase: (s) => s.phase,
  isOver: (s) => s.phase === 'over',
  view: droggnView,
  result: handResult,
  redactAction: redactDroggnAction,
  session: droggnSession,
};

export { DECK, countPile, facePoints } from './cards.js';
export { DroggnCodes } from './rules.js';
export { settle, type DroggnSession } from './session.js';
export { randomBot, heuristicBot, handStrength } from './bots.js';
export type { DroggnOptions } from './options.js';
export type { DroggnState, Contract } from './state.js';
