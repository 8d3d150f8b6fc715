import { seededRng } from '../engine/core/rng.js';
import { TaskPool } from '../workers/task-pool.js';
import { chooseAction, type Action } from './strategy.js';
import { decideStrong, DEFAULT_BUDGET, type StrongBudget } from './strong/search.js';
import type { SeatInput } from './strong/seat-input.js';

export interface DecisionTask {
  input: SeatInput;
  seed: number;
  budget: StrongBudget;
}

/** One strong decision: the worker's task (and the pool's inline one when it has no workers). */
export const decideTask = (task: DecisionTask): Action => decideStrong(task.input, { seed: task.seed, budget: task.budget }).action;

/** Time a worker gets beyond its budget (a world under way finishes, the answer travels back). */
const GRACE_MS = 1000;
/** Decisions waiting per worker beyond which a bot answers as the beginner at once. */
const MAX_WAITING_PER_WORKER = 8;

/**
 * The strong bots' decisions in BOT_WORKERS worker threads (the shared TaskPool), bounded:
 * each decision has its budget's time and a grace to answer, past which — or when too many
 * decisions wait — the bot answers the beginner's choice for the same view, so that a table
 * never waits on a busy machine.
 */
export class DecisionPool {
  private readonly pool: TaskPool<DecisionTask, Action>;
  /** Decisions answered by the search. */
  searched = 0;
  /** Decisions answered by the beginner instead (deadline, overload, a worker's failure). */
  fallbacks = 0;

  constructor(
    readonly size: number,
    readonly budget: StrongBudget = DEFAULT_BUDGET,
  ) {
    this.pool = new TaskPool(size, { caller: import.meta.url, name: 'decision-worker' }, decideTask);
  }

  async decide(input: SeatInput, seed: number): Promise<Action> {
    const beginner = (): Action => chooseAction(input.view.game, input.view, seededRng(seed));
    if (this.size > 0 && this.pool.load >= this.size * MAX_WAITING_PER_WORKER) {
      this.fallbacks++;
      return beginner();
    }
    try {
      const action = await this.pool.run({ input, seed, budget: this.budget }, this.budget.timeMs + GRACE_MS);
      this.searched++;
      return action;
    } catch {
      this.fallbacks++;
      return beginner();
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
