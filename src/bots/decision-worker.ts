/**
 * Worker thread of the strong bots (decision-pool.ts): one decision by search over sampled
 * worlds (tens to hundreds of ms of CPU) off the main thread.
 */
import { serveTasks } from '../workers/task-pool.js';
import { decideTask, type DecisionTask } from './decision-task.js';

serveTasks((task: DecisionTask) => decideTask(task));
