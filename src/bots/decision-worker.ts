/**
 * Worker thread of the strong bots (decision-pool.ts): one decision by search over sampled
 * worlds (tens to hundreds of ms of CPU) off the main thread.
 */
import os from 'node:os';
import { serveTasks } from '../workers/task-pool.js';
import { decideTask, type DecisionTask } from './decision-task.js';

// The request path comes first. Off the main thread is not enough on a busy machine: a thread
// that searches without pause takes a core the event loop and PostgreSQL then wait for
// (docs/bots.md: GET p99 with bots thinking). On Linux each thread has its own nice value, so
// this one takes the lowest priority and searches in the time nobody else wants; its deadline
// answers for a machine with none left. Elsewhere the call would lower the whole process: skipped.
if (process.platform === 'linux') {
  try {
    os.setPriority(19);
  } catch {
    // not permitted: the thread keeps the service's priority
  }
}

serveTasks((task: DecisionTask) => decideTask(task));
