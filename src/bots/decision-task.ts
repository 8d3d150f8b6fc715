import type { Action } from '../solvers/search/strategy.js';
import { decideStrong, type StrongBudget } from '../solvers/search/search.js';
import type { SeatInput } from '../solvers/search/seat-input.js';

export interface DecisionTask {
  input: SeatInput;
  seed: number;
  budget: StrongBudget;
  /** When the decision was asked for (ms since the epoch: one clock for every thread). */
  askedAt: number;
  /** After this long from `askedAt` nobody waits for the answer any more. */
  deadlineMs: number;
}

/** Kept free before the deadline: a world under way finishes and the answer travels back. */
const MARGIN_MS = 500;

/**
 * One strong decision: the worker's task (and the pool's inline one when it has no workers).
 * Its time counts from when it was asked, not from when a worker took it up: a decision that
 * waited behind others thinks only as long as still answers before its deadline (at least one
 * world), and one that waited past its deadline is not computed at all, so that a busy worker
 * does not spend its time on answers nobody waits for while the decisions behind them run out too.
 */
export function decideTask(task: DecisionTask): Action {
  const left = task.deadlineMs - (Date.now() - task.askedAt);
  if (left <= 0) throw new Error(`waited past its deadline of ${task.deadlineMs} ms for a worker`);
  const budget = { ...task.budget, timeMs: Math.max(0, Math.min(task.budget.timeMs, left - MARGIN_MS)) };
  return decideStrong(task.input, { seed: task.seed, budget }).action;
}
