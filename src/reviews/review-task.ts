import type { HandRecord } from '../engine/index.js';
import { seatInputOf } from '../bots/seat-play.js';
import { reviewHand, type SeatReview } from '../solvers/review/review.js';

/** One seat's review of a hand: a task of the audit's worker threads (src/collusion/evidence-pool.ts). */
export interface ReviewTask {
  record: HandRecord;
  seat: number;
  seed: number;
  /** The seqs of the actions a substitute made for the seat's player. */
  bySubstitute: number[];
}

/** A seat's decisions valued, each from the seat's input as the service would have served it then (src/bots/seat-play.ts). */
export function reviewSeat(task: ReviewTask): SeatReview {
  return reviewHand(task.record, {
    seed: task.seed,
    seats: [task.seat],
    inputOf: seatInputOf,
    bySubstitute: new Set(task.bySubstitute),
  }).seats[0]!;
}
