/**
 * Worker thread of the audit's jobs (evidence-pool.ts): computes one hand's evidence or one seat's review of a hand
 * (sampling + solving or playouts, tens to hundreds of ms of CPU) off the main thread, so
 * that other requests are not blocked.
 */
import { DobbmSolver } from '../solvers/dobbm/solver.js';
import { serveTasks } from '../workers/task-pool.js';
import { runPoolTask, type PoolTask } from './evidence-pool.js';

let solver: DobbmSolver | undefined;
serveTasks((task: PoolTask) => runPoolTask(task, () => (solver ??= new DobbmSolver())));
