import { accept, Codes, reject } from '../core/rejections.js';
import { left } from '../core/seats.js';
import type { Applied, HandSetup, SessionRules, SessionStep } from '../core/types.js';
import { activeSeats } from './deal.js';
import type { DokoOptions } from './options.js';
import type { DokoContext, DokoState } from './state.js';

/** Counted deals of a tournament session (docs/rules/doppelkopf.md#sessions). */
const TOURNAMENT_DEALS = 20;

export interface DokoSession {
  dealer: number;
  /** Deals that count towards the session (not compulsory solos, throw-ins, refused poverty). */
  counted: number;
  hands: number;
  /** Seats that played their compulsory solo (Pflichtsolo). */
  compulsoryDone: number[];
  ended: boolean;
}

const setup = (o: DokoOptions, s: DokoSession, vorfuehrung: number | null = null): HandSetup => {
  const context: DokoContext = { compulsoryDone: s.compulsoryDone.slice(), vorfuehrung };
  return { dealer: s.dealer, context };
};

function start(options: DokoOptions, firstDealer: number): SessionStep<DokoSession> {
  const session: DokoSession = { dealer: firstDealer, counted: 0, hands: 0, compulsoryDone: [], ended: false };
  return { session, next: setup(options, session) };
}

/**
 * docs/rules/doppelkopf.md#deal: the deal passes left, except after a compulsory solo, a throw-in and a
 * refused poverty, which are not counted and are dealt again by the same dealer.
 */
function afterHand(o: DokoOptions, prev: DokoSession, finished: DokoState): SessionStep<DokoSession> {
  let s: DokoSession = { ...prev, hands: prev.hands + 1 };
  const tournament = o.mode === 'tournament';
  if (finished.compulsory && finished.declarer !== null) {
    s = { ...s, compulsoryDone: [...s.compulsoryDone, finished.declarer].sort((a, b) => a - b) };
  } else if (!finished.thrownIn) {
    s = { ...s, counted: s.counted + 1, dealer: left(s.dealer, o.players) };
  }
  if (s.ended) return { session: s, next: null };
  if (!tournament) {
    const limit = o['session.deals'] ?? 0;
    if (limit > 0 && s.counted >= limit) return { session: { ...s, ended: true }, next: null };
    return { session: s, next: setup(o, s) };
  }
  const owing = Array.from({ length: o.players }, (_, seat) => seat).filter((seat) => !s.compulsoryDone.includes(seat));
  const remaining = TOURNAMENT_DEALS - s.counted;
  const vorfuehren = remaining <= 0 || (o.vorfuehrung === 'whenRemainingEqualsOwed' && remaining <= owing.length);
  if (!vorfuehren || owing.length === 0) {
    if (remaining <= 0) return { session: { ...s, ended: true }, next: null };
    return { session: s, next: setup(o, s) };
  }
  // Vorführung: the owing players in seat order from forehand; a sitting-out dealer passes the deal on.
  let order = activeSeats(o, s.dealer).filter((seat) => owing.includes(seat));
  if (order.length === 0) {
    s = { ...s, dealer: left(s.dealer, o.players) };
    order = activeSeats(o, s.dealer).filter((seat) => owing.includes(seat));
  }
  return { session: s, next: setup(o, s, order[0]) };
}

/**
 * Informal sessions end on any player's or the host's request; a tournament only by the host
 * (docs/rules/doppelkopf.md#sessions has no closing hands). Between deals (no hand underway) the session ends
 * now and the untouched pending hand is dropped; during a hand it is played out and afterHand
 * then deals nothing (`ended`). Both cases give the same step.
 */
function requestEnd(o: DokoOptions, s: DokoSession, bySeat: number | null, _handUnderway: boolean): Applied<SessionStep<DokoSession>> {
  if (s.ended) return reject(Codes.SESSION_ALREADY_ENDING, 'the session is already ending');
  if (o.mode === 'tournament' && bySeat !== null)
    return reject(Codes.CALL_NOT_ALLOWED, 'a tournament session runs its 20 deals and compulsory solos');
  return accept({ session: { ...s, ended: true }, next: null });
}

/** Asked to end, a session plays out the hand under way and no more (docs/rules/doppelkopf.md#sessions). */
function handsLeft(_o: DokoOptions, s: DokoSession, current: HandSetup | null): number | null {
  return s.ended && current !== null ? 1 : null;
}

export const session: SessionRules<DokoOptions, DokoState, DokoSession> = { start, afterHand, requestEnd, handsLeft };
