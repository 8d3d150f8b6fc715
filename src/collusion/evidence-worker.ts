/**
 * Worker thread of the collusion job (evidence-pool.ts): computes the evidence of one hand
 * (sampling + solving or playouts, tens to hundreds of ms of CPU) off the main thread, so
 * that other requests are not blocked. In: `{ id, input }`; out: `{ id, evidence }` or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import { DobbmSolver } from '../analysis/dobbm/dds.js';
import { evidenceOf, type EvidenceInput } from './evidence-of.js';

export interface EvidenceRequest {
  id: number;
  input: EvidenceInput;
}

let solver: DobbmSolver | undefined;
parentPort!.on('message', (msg: EvidenceRequest) => {
  try {
    parentPort!.postMessage({ id: msg.id, evidence: evidenceOf(msg.input, () => (solver ??= new DobbmSolver())) });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
