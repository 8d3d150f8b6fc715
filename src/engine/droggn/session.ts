import { Codes, accept, reject } from '../core/rejections.js';
import type { Applied, SessionRules, SessionStep } from '../core/types.js';
import type { DroggnOptions } from './options.js';
import { result } from './result.js';
import type { DroggnState } from './state.js';

/**
 * A Droggn session (docs/rules/droggn.md#deal, docs/rules/droggn.md#settlement, docs/rules/droggn.md#session-end): who deals, the paper score sheet (only the
 * declarer's line moves, by Δ) and the countdown of the closing hands.
 */
export interface DroggnSession {
  dealer: number;
  /** Paper scores per seat (docs/rules/droggn.md#settlement). */
  paper: number[];
  /** The end was announced during the current hand; the countdown starts after it. */
  endPending: boolean;
  /** Completed hands still to play after the announcement; null until announced. */
  handsLeft: number | null;
  over: boolean;
}

/** docs/rules/droggn.md#session-end: "the next declarer will deal the first of the last three hands". */
export const CLOSING_HANDS = 4;

export const session: SessionRules<DroggnOptions, DroggnState, DroggnSession> = {
  start(options, firstDealer) {
    const session: DroggnSession = {
      dealer: firstDealer,
      paper: Array(options.players).fill(0),
      endPending: false,
      handsLeft: null,
      over: false,
    };
    return { session, next: { dealer: firstDealer } };
  },

  afterHand(_options, session, finished) {
    if (session.over) return { session, next: null };
    const outcome = result(finished);
    // docs/rules/droggn.md#deal: all pass → the same dealer again; a thrown-in deal does not count (docs/rules/droggn.md#decision-15).
    if (outcome === null || outcome.status === 'thrownIn') {
      const after = session.endPending ? { ...session, endPending: false, handsLeft: CLOSING_HANDS } : session;
      return { session: after, next: { dealer: session.dealer } };
    }
    const declarer = outcome.declarer!;
    const paper = session.paper.slice();
    paper[declarer] = paper[declarer]! + (outcome.details!.delta as number);
    let handsLeft = session.handsLeft === null ? null : session.handsLeft - 1;
    // An announcement during a deal takes effect after it (docs/rules/droggn.md#session-end).
    if (session.endPending) handsLeft = CLOSING_HANDS;
    const over = handsLeft === 0;
    const next: DroggnSession = { dealer: declarer, paper, endPending: false, handsLeft, over };
    return { session: next, next: over ? null : { dealer: declarer } };
  },

  /**
   * docs/rules/droggn.md#session-end: "announce the end between deals (a call during a deal takes effect after
   * it). Then exactly four more completed hands are played". Between deals (no hand underway)
   * the countdown starts now and the replacement of the pending hand, same dealer, is the
   * first of the four; during a deal it starts after that deal (afterHand, `endPending`).
   */
  requestEnd(options, session, bySeat, handUnderway): Applied<SessionStep<DroggnSession>> {
    if (session.over) return reject(Codes.SESSION_OVER, 'the session is over');
    if (session.endPending || session.handsLeft !== null) return reject(Codes.SESSION_ALREADY_ENDING, 'the end has already been announced');
    if (bySeat !== null && (!Number.isInteger(bySeat) || bySeat < 0 || bySeat >= options.players))
      return reject(Codes.NOT_YOUR_TURN, 'only a seated player or the host may end the session');
    const next: DroggnSession = handUnderway ? { ...session, endPending: true } : { ...session, handsLeft: CLOSING_HANDS };
    return accept({ session: next, next: { dealer: session.dealer } });
  },

  /**
   * docs/rules/droggn.md#session-end: the closing hands still to play (the one under way among
   * them); announced during a deal, that deal and then all four.
   */
  handsLeft(_options, session, current) {
    if (session.over) return null;
    if (session.endPending) return CLOSING_HANDS + (current !== null ? 1 : 0);
    return session.handsLeft;
  },
};

/**
 * Settlement at the session's end (docs/rules/droggn.md#settlement): every pair settles the difference of
 * their paper scores times the stake, so `net_i = stake × (n·s_i − Σ_j s_j)`, in minor units.
 */
export function settle(paperScores: readonly number[], stake: number): number[] {
  const n = paperScores.length;
  const total = paperScores.reduce((a, b) => a + b, 0);
  return paperScores.map((s) => stake * (n * s - total));
}
