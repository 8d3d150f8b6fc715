/**
 * Worker thread of the audit's jobs (evidence-pool.ts): computes one hand's evidence or one seat's review of a hand
 * (sampling + solving or playouts, tens to hundreds of ms of CPU) off the main thread, so
 * that other requests are not blocked.
 */
import { DobbmSolver } from '../solvers/dobbm/solver.js';
import { serveTasks } from '../workers/task-pool.js';
import { lowestPriority } from '../workers/priority.js';
import { runPoolTask, type PoolTask } from './evidence-pool.js';

// The request path comes first: in the service's process this thread shares the cores with the
// event loop, and a review or a hand's evidence runs for seconds without a pause. At the lowest
// priority it computes in the time the requests leave (docs/review.md#load) — unless its pool keeps
// the caller's priority (AUDIT_PRIORITY=normal).
lowestPriority();

let solver: DobbmSolver | undefined;
serveTasks((task: PoolTask) => runPoolTask(task, () => (solver ??= new DobbmSolver())));
