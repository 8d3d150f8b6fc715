import type { Game } from '../core/types.js';
import { DOBBM_DECK } from './cards.js';
import { dealDobbm, dealDobbmHands } from './deal.js';
import { parseDobbmOptions, type DobbmOptions, dobbmOptionSchema } from './options.js';
import { parseDobbmAction } from './actions.js';
import { applyDobbm, legalDobbmActions } from './rules.js';
import { dobbmResult } from './scoring.js';
import { dobbmSession, type DobbmSession } from './session.js';
import type { DobbmState } from './state.js';
import { viewDobbm } from './view.js';

// `toAct` is asked before every action of a simulation: the answers are shared lists, frozen
// so that a caller that would change one fails loudly instead of corrupting the next answer.
const NOBODY = Object.freeze([]) as unknown as number[];
const SEAT_LISTS = Array.from({ length: 5 }, (_, s) => Object.freeze([s]) as unknown as number[]);

/** Dobbm (Stubai Tapp), RULES.md §1: one declarer against three defenders, hearts trump. */
export const dobbm: Game<DobbmOptions, DobbmState, DobbmSession> = {
  id: 'dobbm',
  optionSchema: dobbmOptionSchema,
  parseOptions: parseDobbmOptions,
  seatCount: (o) => o.players,
  deck: () => DOBBM_DECK.slice(),
  deal: dealDobbm,
  dealHands: dealDobbmHands,
  parseAction: parseDobbmAction,
  legalActions: legalDobbmActions,
  apply: applyDobbm,
  toAct: (s) => (s.phase === 'over' ? NOBODY : (SEAT_LISTS[s.turn] ?? [s.turn])),
  phase: (s) => s.phase,
  isOver: (s) => s.phase === 'over',
  view: viewDobbm,
  result: dobbmResult,
  session: dobbmSession,
};

// What the service, the audit (double-dummy solver, collusion simulator) and tests use.
export type { DobbmOptions } from './options.js';
export { parseDobbmOptions, defaultDobbmOptions, dobbmOptionSchema } from './options.js';
export type { DobbmState, Contract, CallWord, BidWord, Phase, CompletedTrick } from './state.js';
export type { DobbmSession } from './session.js';
export { DOBBM_DECK, cardIndex, cardPoints, strength, suitOf, isHeart, isSow, beats, winningIndex, pointsOf } from './cards.js';
export { dealDobbm, dealDobbmHands, activeSeats } from './deal.js';
export { applyDobbm, legalDobbmActions, legalDiscards, openCalls, highestBid, DobbmCodes } from './rules.js';
export { parseDobbmAction } from './actions.js';
export { legalCards, sowRuleHolds, nextActive } from './play.js';
export { dobbmResult, declarerCardPoints, paymentPerOpponent, stockerlAmount, penaltyAmount } from './scoring.js';
export { viewDobbm } from './view.js';
export { randomBot, heuristicBot, handStrength, defaultHeuristicProfile, chooseDiscard, choosePlay } from './bots.js';
export type { HeuristicProfile, DobbmBot, StrengthRole } from './bots.js';
