import os from 'node:os';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/** A worker's argument that keeps its parent's priority instead of the lowest (BOT_PRIORITY, AUDIT_PRIORITY). */
export const CALLER_PRIORITY = '--caller-priority';

/** The nice value of work that runs in the time nobody else wants. */
const LOWEST = 19;

/**
 * Gives the calling worker the lowest priority, on Linux, where each thread has its own nice
 * value; elsewhere the call would lower the whole process, a worker thread's service included,
 * and nothing is done. A worker thread lowers itself only. A worker process (TaskPool's
 * `process`) lowers every thread it has — V8's helper threads for garbage collection and
 * compilation were started before its code ran — and, when it leads a session of its own, that
 * session's scheduling group (/proc/self/autogroup): with autogroup scheduling the kernel shares
 * CPU between sessions at equal weights, whatever the nice values inside them. Not permitted or
 * not there: the worker keeps its priority. Started with CALLER_PRIORITY among its arguments, it
 * keeps it too (BOT_PRIORITY=normal, AUDIT_PRIORITY=normal).
 */
export function lowestPriority(): void {
  if (process.argv.includes(CALLER_PRIORITY)) return;
  if (process.platform !== 'linux') return;
  if (!isMainThread) return void attempt(() => os.setPriority(LOWEST));
  // Never for a process in its parent's session: the group would be the service's own.
  if (ownSession()) attempt(() => writeFileSync('/proc/self/autogroup', String(LOWEST)));
  for (const tid of attempt(() => readdirSync('/proc/self/task')) ?? []) attempt(() => os.setPriority(Number(tid), LOWEST));
}

function ownSession(): boolean {
  // /proc/self/stat after the command's closing parenthesis: state, ppid, pgrp, session, …
  const session = attempt(() => readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[3]);
  return session === String(process.pid);
}

function attempt<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined; // not permitted, or no such file (no autogroup): the priority stays
  }
}
