import { CALLER_PRIORITY } from '../workers/priority.js';
import { DobbmSolver } from '../solvers/dobbm/solver.js';
import { TaskPool } from '../workers/task-pool.js';
import { evidenceOf, type AnyHandEvidence, type EvidenceInput } from './evidence-of.js';
import { reviewSeat, type ReviewTask } from '../reviews/review-task.js';
import type { SeatReview } from '../solvers/review/review.js';
import { sharingBudget, sharingEvidence, type SharingEvidence } from './sharing/evidence.js';
import type { HandRecord } from '../engine/index.js';

/** What one hand's card-sharing evidence is computed from: the record, the worlds per valuation, the hand's seed. */
export interface SharingInput {
  record: HandRecord;
  worlds: number;
  seed: number;
}

/** A task of the audit's threads: a hand's doubling or card-sharing evidence, or one seat's review of a hand (src/reviews/). */
export type PoolTask = { evidence: EvidenceInput } | { sharing: SharingInput } | { review: ReviewTask };
type PoolOutput = AnyHandEvidence | SharingEvidence | SeatReview;

/** What a thread computes for a task (evidence-worker.ts, and in place without threads). */
export function runPoolTask(task: PoolTask, solver: () => DobbmSolver): PoolOutput {
  if ('review' in task) return reviewSeat(task.review);
  if ('sharing' in task)
    return sharingEvidence(task.sharing.record, { seed: task.sharing.seed, budget: sharingBudget(task.sharing.worlds) });
  return evidenceOf(task.evidence, solver);
}

/**
 * Computes hand evidence, and the hand reviews' seats, in `size` worker threads (AUDIT_WORKERS, the shared TaskPool), so that
 * the collusion job does not block other requests; size 0 computes in the calling thread.
 * The worker is `evidence-worker` next to this file.
 */
export class EvidencePool {
  private solver: DobbmSolver | undefined;
  private readonly pool: TaskPool<PoolTask, PoolOutput>;

  /**
   * `priority`: the threads compute at the lowest priority (the service's default), or at the
   * calling process's (AUDIT_PRIORITY=normal: a host of the audit's own, and the tests, whose
   * parallel lanes would otherwise starve a review past its test's time).
   */
  constructor(
    readonly size: number,
    priority: 'lowest' | 'caller' = 'lowest',
  ) {
    const args = priority === 'caller' ? [CALLER_PRIORITY] : [];
    this.pool = new TaskPool(size, { caller: import.meta.url, name: 'evidence-worker', args }, (task) =>
      runPoolTask(task, () => (this.solver ??= new DobbmSolver())),
    );
  }

  evidence(input: EvidenceInput): Promise<AnyHandEvidence> {
    return this.pool.run({ evidence: input }) as Promise<AnyHandEvidence>;
  }

  sharing(input: SharingInput): Promise<SharingEvidence> {
    return this.pool.run({ sharing: input }) as Promise<SharingEvidence>;
  }

  review(task: ReviewTask): Promise<SeatReview> {
    return this.pool.run({ review: task }) as Promise<SeatReview>;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
