/**
 * Worker process of the strong bots (decision-pool.ts): one decision by search over sampled
 * worlds (tens to hundreds of ms of CPU) off the service's process.
 */
import { lowestPriority } from '../workers/priority.js';
import { serveTasks } from '../workers/task-pool.js';
import { decideTask, type DecisionTask } from './decision-task.js';

// The request path comes first. Off the main thread is not enough on a busy machine: a search
// without pause takes a core the event loop and PostgreSQL then wait for (docs/bots.md: GET p99
// with bots thinking). So the search takes the lowest priority, all of its threads, and searches
// in the time nobody else wants; its deadline answers for a machine with none left.
lowestPriority();

serveTasks((task: DecisionTask) => decideTask(task));
