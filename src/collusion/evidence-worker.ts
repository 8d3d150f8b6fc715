/**
 * Worker thread of the collusion job (evidence-pool.ts): computes the evidence of one hand
 * (sampling + solving or playouts, tens to hundreds of ms of CPU) off the main thread, so
 * that other requests are not blocked.
 */
import { DobbmSolver } from '../solvers/dobbm/solver.js';
import { serveTasks } from '../workers/task-pool.js';
import { evidenceOf, type EvidenceInput } from './evidence-of.js';

let solver: DobbmSolver | undefined;
serveTasks((input: EvidenceInput) => evidenceOf(input, () => (solver ??= new DobbmSolver())));
