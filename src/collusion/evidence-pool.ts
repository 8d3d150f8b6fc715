import { DobbmSolver } from '../solvers/dobbm/solver.js';
import { TaskPool } from '../workers/task-pool.js';
import { evidenceOf, type AnyHandEvidence, type EvidenceInput } from './evidence-of.js';

/**
 * Computes hand evidence in `size` worker threads (AUDIT_WORKERS, the shared TaskPool), so that
 * the collusion job does not block other requests; size 0 computes in the calling thread.
 * The worker is `evidence-worker` next to this file.
 */
export class EvidencePool {
  private solver: DobbmSolver | undefined;
  private readonly pool: TaskPool<EvidenceInput, AnyHandEvidence>;

  constructor(readonly size: number) {
    this.pool = new TaskPool(size, { caller: import.meta.url, name: 'evidence-worker' }, (input) =>
      evidenceOf(input, () => (this.solver ??= new DobbmSolver())),
    );
  }

  evidence(input: EvidenceInput): Promise<AnyHandEvidence> {
    return this.pool.run(input);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
