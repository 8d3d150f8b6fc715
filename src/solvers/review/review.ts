import {
  gameFor,
  replay,
  setupOf,
  type Action as EngineAction,
  type Card,
  type Game,
  type GameId,
  type HandRecord,
  type HandSetup,
} from '../../engine/index.js';
import type { SeatInput } from '../search/seat-input.js';
import type { Action } from '../search/strategy.js';
import { REVIEW_RULES, reviewEstimator, type Label } from './games.js';
import { valueDecision, type ValueOptions } from './valuer.js';

/** One decision of a seat, valued (docs/review.md). `seq` is the action's event seq (the deal is 0). */
export interface DecisionReview {
  seq: number;
  action: Action;
  best: Action;
  /** In the game's points for the seat; 0 for a forced decision. */
  loss: number;
  label: Label | null;
  forced: boolean;
  /** Played by the seat's substitute for its player (a clock run out, the player away): valued, not counted against the player. */
  bySubstitute: boolean;
}

export interface SeatReview {
  seat: number;
  /** 0–100 from the decisions the seat's player made, unforced; null when there were none. */
  accuracy: number | null;
  decisions: DecisionReview[];
}

export interface HandReview {
  estimator: string;
  seats: SeatReview[];
}

/** The label of a loss by the game's thresholds: the highest one reached. */
export function labelOf(game: GameId, loss: number): Label | null {
  const t = REVIEW_RULES[game].thresholds;
  return loss >= t.blunder ? 'blunder' : loss >= t.mistake ? 'mistake' : loss >= t.inaccuracy ? 'inaccuracy' : null;
}

/**
 * A decision's accuracy, 0–100, from its loss: Lichess's curve of a move's accuracy from its
 * drop in winning chance (103.1668·e^(−0.04354·drop) − 3.1669, drop in percentage points), the
 * loss read as a drop of 30 points — Lichess's blunder — at the game's blunder threshold.
 */
export function decisionAccuracy(game: GameId, loss: number): number {
  const drop = (30 * loss) / REVIEW_RULES[game].thresholds.blunder;
  return Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * drop) - 3.1669));
}

/**
 * A seat's accuracy: the mean of its unforced decisions' that its player made (a forced one says
 * nothing of the player, nor does one its substitute made).
 */
export function seatAccuracy(game: GameId, decisions: readonly DecisionReview[]): number | null {
  const own = decisions.filter((d) => !d.forced && !d.bySubstitute);
  if (own.length === 0) return null;
  return Math.round((10 * own.reduce((a, d) => a + decisionAccuracy(game, d.loss), 0)) / own.length) / 10;
}

/**
 * How the service serves a seat its input at a moment of the hand (src/bots/seat-play.ts
 * `seatInputOf`): given by the caller, so that the valuer gets that and nothing else.
 */
export type SeatInputOf = <O, S>(
  game: Game<O, S>,
  hand: { options: O; setup: HandSetup; state: S; actions: readonly EngineAction[] },
  seat: number,
) => SeatInput;

export interface ReviewOptions {
  seed: number;
  inputOf: SeatInputOf;
  /** Only these seats' decisions (default: all). */
  seats?: readonly number[];
  /** Present hands treated as known for every seat's decisions but their own (ValueOptions.known). */
  known?: (seat: number, seq: number) => ReadonlyMap<number, readonly Card[]> | undefined;
  /** The seqs of the actions the seats' substitutes made (the events marked `by: "substitute"`). */
  bySubstitute?: ReadonlySet<number>;
  /** Called after each decision: what a job records as its progress. */
  progress?: (done: number, total: number) => void;
  budget?: ValueOptions['budget'];
}

/**
 * Every decision of a finished hand, each valued from its seat's input at that moment only (the
 * view and event log the service would have served the seat then, built from the record; the
 * valuer sees nothing else), with the seat's accuracy. Deterministic for a record and seed.
 */
export function reviewHand(record: HandRecord, o: ReviewOptions): HandReview {
  const game = gameFor(record.game);
  const replayed = replay(game, record);
  if (!replayed.ok) throw new Error(`the hand does not replay: ${replayed.rejection.code}`);
  const { options, actions, states } = replayed;
  const setup = setupOf(record);
  const rules = REVIEW_RULES[record.game];
  const seats = o.seats ?? [...new Set(actions.map((a) => a.seat))].sort((a, b) => a - b);
  const mine = actions.map((a, i) => ({ a, i })).filter(({ a }) => seats.includes(a.seat));
  const bySeat = new Map<number, DecisionReview[]>(seats.map((s) => [s, []]));
  mine.forEach(({ a, i }, done) => {
    const input = o.inputOf(game, { options, setup, state: states[i], actions: actions.slice(0, i) }, a.seat);
    const seq = i + 1;
    const seed = (o.seed ^ Math.imul(seq, 0x9e3779b1)) | 0;
    const v = valueDecision(input, a, { seed, budget: o.budget ?? rules.budget, known: o.known?.(a.seat, seq) });
    const { seat: _seat, ...action } = a;
    const loss = Math.round(v.loss * 1000) / 1000;
    const label = v.forced ? null : labelOf(record.game, loss);
    const bySubstitute = o.bySubstitute?.has(seq) ?? false;
    bySeat.get(a.seat)!.push({ seq, action: action as Action, best: v.best, loss, label, forced: v.forced, bySubstitute });
    o.progress?.(done + 1, mine.length);
  });
  return {
    estimator: reviewEstimator(record.game),
    seats: seats.map((seat) => ({ seat, accuracy: seatAccuracy(record.game, bySeat.get(seat)!), decisions: bySeat.get(seat)! })),
  };
}
