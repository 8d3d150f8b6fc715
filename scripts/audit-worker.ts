/**
 * Worker thread of the audit: computes the evidence of hands (sampling + double-dummy solving,
 * the expensive part) so that the audit uses every core. Messages in: `{ id, jobs: [{ record,
 * seed }], options }`; out: `{ id, evidence: HandEvidence[] }`.
 */
import { parentPort } from 'node:worker_threads';
import { handEvidence, type EvidenceOptions } from '../src/analysis/dobbm/evidence.js';
import { DobbmSolver } from '../src/analysis/dobbm/dds.js';
import type { DobbmHandRecord } from '../src/analysis/dobbm/replay.js';

interface Job {
  record: DobbmHandRecord;
  seed: number;
}

const solver = new DobbmSolver();
parentPort!.on('message', (msg: { id: number; jobs: Job[]; options: Omit<EvidenceOptions, 'seed' | 'solver'> }) => {
  const evidence = msg.jobs.map((j) => handEvidence(j.record, { ...msg.options, seed: j.seed, solver }));
  parentPort!.postMessage({ id: msg.id, evidence });
});
