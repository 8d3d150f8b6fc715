/**
 * Worker thread of the audit simulator: computes the evidence of hands (sampling + double-dummy
 * solving for Dobbm, bot playouts for Droggn: the expensive part) so that the audit uses every
 * core. The game dispatch is the service's (`evidenceOf`), so the simulator measures what the
 * service computes. Messages in: `{ id, jobs: [{ record, seed }], options }`; out:
 * `{ id, evidence: HandEvidence[] }`.
 */
import { parentPort } from 'node:worker_threads';
import { DobbmSolver } from '../src/solvers/dobbm/solver.js';
import { evidenceOf, type EvidenceInput } from '../src/collusion/evidence-of.js';

type Job = Pick<EvidenceInput, 'record' | 'seed'>;
export type WorkerOptions = Omit<EvidenceInput, 'record' | 'seed'>;

let solver: DobbmSolver | undefined;
parentPort!.on('message', (msg: { id: number; jobs: Job[]; options: WorkerOptions }) => {
  const evidence = msg.jobs.map((j) =>
    evidenceOf({ ...msg.options, record: j.record, seed: j.seed }, () => (solver ??= new DobbmSolver())),
  );
  parentPort!.postMessage({ id: msg.id, evidence });
});
