import { Logger } from '@nestjs/common';
import { seededRng } from '../engine/core/rng.js';
import { TaskPool } from '../workers/task-pool.js';
import { chooseAction, type Action } from '../solvers/search/strategy.js';
import { DEFAULT_BUDGET, type StrongBudget } from '../solvers/search/search.js';
import type { SeatInput } from '../solvers/search/seat-input.js';
import { decideTask, type DecisionTask } from './decision-task.js';
import { CALLER_PRIORITY } from '../workers/priority.js';
import { metrics } from '../metrics/counters.js';

/** Time a worker gets beyond its budget (a world under way finishes, the answer travels back). */
const GRACE_MS = 1000;
/** Decisions waiting per worker beyond which a bot answers as the beginner at once. */
const MAX_WAITING_PER_WORKER = 8;

/**
 * The strong bots' decisions in BOT_WORKERS worker processes (the shared TaskPool), bounded:
 * each decision has its budget's time and a grace to answer, past which — or when too many
 * decisions wait — the bot answers the beginner's choice for the same view, so that a table
 * never waits on a busy machine.
 */
export class DecisionPool {
  private readonly pool: TaskPool<DecisionTask, Action>;
  /** Decisions answered by the search. */
  searched = 0;
  /** Decisions answered by the beginner instead (deadline, overload, a worker's failure, a hung worker ended). */
  fallbacks = 0;
  private readonly log = new Logger('Bots');
  private closed = false;

  /**
   * `priority`: the workers search at the lowest priority (the service's default), or at the
   * calling process's (BOT_PRIORITY=normal, and a test of the deadlines that must not depend on
   * what else the machine runs).
   */
  constructor(
    readonly size: number,
    readonly budget: StrongBudget = DEFAULT_BUDGET,
    priority: 'lowest' | 'caller' = 'lowest',
    /** After a decision's deadline, how long its worker may still answer before it is ended as hung (task-pool.ts). */
    hungAfterMs?: number,
  ) {
    // Processes, not threads: only a process of its own can yield its CPU to the rest of the machine (task-pool.ts).
    const script = {
      caller: import.meta.url,
      name: 'decision-worker',
      process: true,
      args: priority === 'caller' ? [CALLER_PRIORITY] : [],
    };
    this.pool = new TaskPool(size, script, decideTask, hungAfterMs);
  }

  /** The decision by search, else (deadline, overload, a worker's failure) the beginner's; refused once the pool is closed. */
  async decide(input: SeatInput, seed: number): Promise<Action> {
    // Closed, it searches nowhere: not on the main thread either, where a search would hold up every request.
    if (this.closed) throw new Error('the decision pool is closed');
    const beginner = (): Action => chooseAction(input.view.game, input.view, seededRng(seed));
    if (this.size > 0 && this.pool.load >= this.size * MAX_WAITING_PER_WORKER) {
      return this.fallback(beginner, `${this.pool.load} decisions are waiting`);
    }
    try {
      const deadlineMs = this.budget.timeMs + GRACE_MS;
      const action = await this.pool.run({ input, seed, budget: this.budget, askedAt: Date.now(), deadlineMs }, deadlineMs);
      this.searched++;
      metrics.botDecision('search');
      return action;
    } catch (err) {
      return this.fallback(beginner, (err as Error).message);
    }
  }

  /** The beginner's choice instead, said in the log: an operator sees when the bots think less than they should. */
  private fallback(beginner: () => Action, why: string): Action {
    this.fallbacks++;
    metrics.botDecision('beginner');
    this.log.warn(`a strong decision was answered by the beginner: ${why}`);
    return beginner();
  }

  close(): Promise<void> {
    this.closed = true;
    return this.pool.close();
  }
}
