import type { Game, HandResult } from '../engine/index.js';
import type { HandProjection } from './hand-row.js';

/** A hand's turn clock as its projection needs it: when the event is written, and the clock's seconds (null: none). */
export interface ClockAt {
  now: Date;
  turnSeconds: number | null;
  /** extra time before the first decision of a hand, while the people read the last one's result */
  pauseMs?: number;
  /** seats away, and how soon their substitute acts when one of them is to act (a bot's pace) */
  away?: readonly number[];
  awayPaceMs?: number;
}

/**
 * The hand row's projection of an engine state reached at `seq`. The seat to act has until
 * `deadline`: its clock's seconds, or — when an away seat is to act — a bot's pace, after which
 * its substitute acts (src/bots/substitutes.ts); none when the hand is over or nothing applies.
 */
export function projectionOf(game: Game, state: unknown, seq: number, clock: ClockAt): HandProjection {
  const result: HandResult | null = game.isOver(state) ? game.result(state) : null;
  const { now, turnSeconds, pauseMs = 0, away = [], awayPaceMs = 0 } = clock;
  const toAct = game.toAct(state);
  const waitMs = toAct.some((s) => away.includes(s)) ? awayPaceMs : turnSeconds === null ? null : turnSeconds * 1000;
  return {
    state,
    seq,
    phase: game.phase(state),
    toAct: toAct.slice(), // the engine's list may be a shared frozen one
    status: result ? result.status : 'active',
    result,
    finishedAt: result ? now : null,
    deadline: result || waitMs === null ? null : new Date(now.getTime() + waitMs + pauseMs),
  };
}
