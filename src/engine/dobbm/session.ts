import { Codes, reject, accept } from '../core/rejections.js';
import { left } from '../core/seats.js';
import type { Applied, HandSetup, SessionRules, SessionStep } from '../core/types.js';
import type { DobbmOptions } from './options.js';
import type { DobbmState } from './state.js';

/** Between deals: who deals next and how much of a Mußrunde is left. */
export interface DobbmSession {
  /** The setup of the next deal; `null` once the session is over. */
  next: HandSetup | null;
  /** Mußrunde deals still to play; `null` while none has been called. */
  mussrundeLeft: number | null;
  /** Deals finished so far (played, thrown in or abandoned). */
  dealsPlayed: number;
}

const mussrundeSetup = (dealer: number): HandSetup => ({ dealer, context: { mussrunde: true } });

/**
 * Next dealer, docs/rules/dobbm.md#dealer: the declarer of a played (or abandoned, docs/rules/dobbm.md#irregularities) deal; after a
 * throw-in the same dealer with four players, `left(dealer)` with five.
 */
function nextDealer(options: DobbmOptions, finished: DobbmState): number {
  if (finished.declarer !== null) return finished.declarer;
  return options.players === 5 ? left(finished.dealer, 5) : finished.dealer;
}

function start(_options: DobbmOptions, firstDealer: number): SessionStep<DobbmSession> {
  const session = { next: { dealer: firstDealer }, mussrundeLeft: null, dealsPlayed: 0 };
  return { session, next: session.next };
}

function afterHand(options: DobbmOptions, session: DobbmSession, finished: DobbmState): SessionStep<DobbmSession> {
  if (finished.phase !== 'over') throw new Error('afterHand needs a finished hand');
  const dealsPlayed = session.dealsPlayed + 1;
  if (session.next === null) return { session: { ...session, dealsPlayed }, next: null };
  const dealer = nextDealer(options, finished);
  if (session.mussrundeLeft === null) {
    const next = { dealer };
    return { session: { ...session, next, dealsPlayed }, next };
  }
  // Only a Mußrunde deal counts towards the n deals: a request made while an ordinary
  // deal was running starts the Mußrunde with the deal after it (docs/rules/dobbm.md#mussrunde).
  const left = finished.mussrunde ? session.mussrundeLeft - 1 : session.mussrundeLeft;
  const next = left === 0 ? null : mussrundeSetup(dealer);
  return { session: { next, mussrundeLeft: left, dealsPlayed }, next };
}

/**
 * A request to end the session (docs/rules/dobbm.md#mussrunde, docs/rules/dobbm.md#decision-15). With `mussrunde.enabled` it
 * calls a Mußrunde of n deals (n = seated players); without it the session ends at once
 * (between deals) or after the running deal. `mussrunde.whoMayCall` says who may ask in both
 * cases: `host` (bySeat = null) or `anyPlayer` (the host or any seat).
 *
 * docs/rules/dobbm.md#mussrunde has the Mußrunde "requested between deals": with no hand underway the pending deal
 * (dealer `session.next.dealer`) becomes the first Mußrunde deal and counts as the first of
 * the n. During a deal that deal is played out as an ordinary one and does not count
 * (afterHand counts only Mußrunde deals), so the Mußrunde starts with the deal after it.
 * Both cases thus give the same step; only the service treats `next` differently.
 */
function requestEnd(
  options: DobbmOptions,
  session: DobbmSession,
  bySeat: number | null,
  _handUnderway: boolean,
): Applied<SessionStep<DobbmSession>> {
  if (session.next === null) return reject(Codes.SESSION_OVER, 'the session is over');
  if (session.mussrundeLeft !== null) return reject(Codes.SESSION_ALREADY_ENDING, 'a Mußrunde is already under way');
  if (bySeat !== null) {
    if (options['mussrunde.whoMayCall'] !== 'anyPlayer') return reject(Codes.CALL_NOT_ALLOWED, 'only the host may end the session');
    if (!Number.isInteger(bySeat) || bySeat < 0 || bySeat >= options.players) return reject(Codes.CALL_NOT_ALLOWED, `no seat ${bySeat}`);
  }
  if (!options['mussrunde.enabled']) {
    const s = { ...session, next: null };
    return accept({ session: s, next: null });
  }
  // Between deals this is the replacement of the pending deal, with its dealer; during a deal
  // the service ignores it (the next dealer is the running deal's declarer, docs/rules/dobbm.md#dealer).
  const next = mussrundeSetup(session.next.dealer);
  return accept({ session: { ...session, next, mussrundeLeft: options.players }, next });
}

/**
 * docs/rules/dobbm.md#mussrunde: the Mußrunde deals still to play, the current one included when
 * it is one; an ordinary deal under way when the Mußrunde was called is played out before them.
 * Without a Mußrunde the end comes after the deal under way.
 */
function handsLeft(_options: DobbmOptions, session: DobbmSession, current: HandSetup | null): number | null {
  const currentCounts = current !== null && (current.context as { mussrunde?: boolean } | undefined)?.mussrunde === true;
  if (session.mussrundeLeft === null) return session.next === null && current !== null ? 1 : null;
  if (session.mussrundeLeft === 0) return null;
  return session.mussrundeLeft + (current !== null && !currentCounts ? 1 : 0);
}

export const session: SessionRules<DobbmOptions, DobbmState, DobbmSession> = { start, afterHand, requestEnd, handsLeft };
