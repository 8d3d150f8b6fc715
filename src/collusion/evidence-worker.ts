/**
 * Worker thread of the collusion job (evidence-pool.ts): computes the evidence of one hand
 * (sampling + double-dummy solving, tens to hundreds of ms of CPU) off the main thread, so
 * that other requests are not blocked. In: `{ id, record, options }`; out: `{ id, evidence }`
 * or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import { handEvidence, type EvidenceOptions } from '../analysis/dobbm/evidence.js';
import { DobbmSolver } from '../analysis/dobbm/dds.js';
import type { DobbmHandRecord } from '../analysis/dobbm/replay.js';

export interface EvidenceRequest {
  id: number;
  record: DobbmHandRecord;
  options: Omit<EvidenceOptions, 'solver'>;
}

const solver = new DobbmSolver();
parentPort!.on('message', (msg: EvidenceRequest) => {
  try {
    parentPort!.postMessage({ id: msg.id, evidence: handEvidence(msg.record, { ...msg.options, solver }) });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
