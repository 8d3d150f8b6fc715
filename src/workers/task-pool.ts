import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, parentPort } from 'node:worker_threads';

interface Pending<Out> {
  resolve: (out: Out) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
}

/** A worker thread or a worker process, as the pool uses either. */
interface Runner {
  send(message: unknown): void;
  listen(on: { message: (message: Answer<unknown>) => void; error: (err: Error) => void; exit: (code: number | null) => void }): void;
  stop(): Promise<void>;
  /** Ends it at once, whatever it is doing (a hung task): no chance to finish. */
  end(): void;
}

type Answer<Out> = { id: number; output?: Out; error?: string };

interface Slot<Out> {
  worker: Runner;
  pending: Map<number, Pending<Out>>;
  /** Tasks answered by their deadline's rejection, each with the timer that ends the worker unless it answers late. */
  overdue: Map<number, NodeJS.Timeout>;
}

/**
 * Where a pool's worker runs: `caller` is the pool's module (`import.meta.url`), `name` the
 * worker module next to it. With `process`, each worker is a child process in a session of its
 * own instead of a thread (see spawnProcess).
 */
export interface WorkerScript {
  caller: string;
  name: string;
  process?: boolean;
  /** Arguments for the worker module, in its `process.argv` after the script. */
  args?: string[];
}

/**
 * How long after a task's deadline its worker may still answer it before it counts as hung: long
 * enough for a worker the machine starves for a while, short enough that a hung one costs seconds.
 */
const HUNG_AFTER_MS = 10_000;

interface TaskRequest<In> {
  id: number;
  input: In;
}

/**
 * Heavy work in `size` worker threads, so that it never blocks the event loop: the collusion
 * job's evidence and the strong bots' decisions. Each task goes to the least busy worker;
 * workers start on the first task and are replaced if one dies or hangs (a task past its deadline
 * not answered even late); size 0 runs `inline` in the calling thread, and a closed pool refuses. `script` is the worker module's name next to the caller (`import.meta.url`):
 * compiled, the `.js` file; run from sources (jest, tsx), the `.ts` file through tsx's loader,
 * since a Worker does not go through jest's transform. Workers are threads, or child processes
 * when `script.process` says so.
 */
export class TaskPool<In, Out> {
  private readonly slots: (Slot<Out> | null)[];
  private nextId = 0;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly script: WorkerScript,
    private readonly inline: (input: In) => Out,
    private readonly hungAfterMs = HUNG_AFTER_MS,
  ) {
    this.slots = Array.from({ length: size }, () => null);
  }

  /** Tasks sent and not yet answered. */
  get load(): number {
    return this.slots.reduce((n, s) => n + (s?.pending.size ?? 0), 0);
  }

  /**
   * The task's answer; with `deadlineMs`, a task not answered in time is rejected. Its worker goes
   * on: a busy machine makes a worker late (its search runs at the lowest priority), and a late
   * answer shows it alive. A worker that has not answered it `hungAfterMs` after its deadline is
   * hung (a search that never ends, a stopped process), and every task sent to it would run out
   * too: it is ended, and the next task starts a new one.
   */
  run(input: In, deadlineMs?: number): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    if (this.size === 0) {
      try {
        return Promise.resolve(this.inline(input));
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    }
    let best = 0;
    for (let i = 0; i < this.size; i++) {
      const load = this.slots[i]?.pending.size ?? 0;
      if (load < (this.slots[best]?.pending.size ?? 0)) best = i;
    }
    const slot = (this.slots[best] ??= this.spawn());
    const id = this.nextId++;
    return new Promise<Out>((resolve, reject) => {
      const pending: Pending<Out> = { resolve, reject };
      if (deadlineMs !== undefined) {
        pending.timer = setTimeout(() => {
          slot.pending.delete(id);
          reject(new Error(`no answer within ${deadlineMs} ms`));
          const hung = setTimeout(
            () => this.retire(slot, `no answer ${deadlineMs + this.hungAfterMs} ms after a task was sent`),
            this.hungAfterMs,
          );
          hung.unref();
          slot.overdue.set(id, hung);
        }, deadlineMs);
        pending.timer.unref();
      }
      slot.pending.set(id, pending);
      slot.worker.send({ id, input } satisfies TaskRequest<In>);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0).filter((s): s is Slot<Out> => s !== null);
    for (const s of slots) {
      for (const p of s.pending.values()) settle(p).reject(new Error('the worker pool is closed'));
      for (const timer of s.overdue.values()) clearTimeout(timer);
    }
    await Promise.all(slots.map((s) => s.worker.stop()));
  }

  private spawn(): Slot<Out> {
    const { caller, name } = this.script;
    const args = this.script.args ?? [];
    const worker = this.script.process ? spawnProcess(caller, name, args) : spawnThread(caller, name, args);
    const slot: Slot<Out> = { worker, pending: new Map(), overdue: new Map() };
    const fail = (err: Error): void => this.drop(slot, err);
    worker.listen({
      message: (m) => {
        const late = slot.overdue.get(m.id);
        if (late) {
          // Answered after its deadline: slow, not hung.
          clearTimeout(late);
          slot.overdue.delete(m.id);
        }
        const p = slot.pending.get(m.id);
        if (!p) return;
        slot.pending.delete(m.id);
        if (m.error !== undefined) settle(p).reject(new Error(m.error));
        else settle(p).resolve(m.output as Out);
      },
      error: fail,
      exit: (code) => fail(new Error(`the ${name} worker stopped (exit code ${code})`)),
    });
    return slot;
  }

  /** A worker that failed or stopped: its tasks fail, and the next task starts a new worker in its place. */
  private drop(slot: Slot<Out>, err: Error): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots[index] = null;
    for (const p of slot.pending.values()) settle(p).reject(err);
    slot.pending.clear();
    for (const timer of slot.overdue.values()) clearTimeout(timer);
    slot.overdue.clear();
  }

  /** A hung worker: ended at once, its tasks failed, replaced by the next task. */
  private retire(slot: Slot<Out>, why: string): void {
    this.drop(slot, new Error(`the ${this.script.name} worker was ended: ${why}`));
    slot.worker.end();
  }
}

function spawnThread(caller: string, name: string, argv: string[]): Runner {
  const worker = caller.endsWith('.ts')
    ? new Worker(
        `(async () => { const { register } = await import('tsx/esm/api'); register(); await import(${JSON.stringify(new URL(`./${name}.ts`, caller).href)}); })()`,
        { eval: true, argv },
      )
    : new Worker(new URL(`./${name}.js`, caller), { argv });
  return {
    send: (m) => worker.postMessage(m),
    listen: (on) => worker.on('message', on.message).on('error', on.error).on('exit', on.exit),
    stop: async () => void (await worker.terminate()),
    end: () => void worker.terminate(),
  };
}

/**
 * A worker process. Detached, it leads a session of its own, and on Linux with autogroup
 * scheduling (the kernel's default for desktops and many servers) a session is a scheduling
 * group that the kernel shares CPU between at equal weights whatever its threads' nice values:
 * a thread of the service's own process cannot yield to the rest of the machine, only to the
 * service's other threads, and its V8 helper threads (garbage collection, compilation) keep the
 * service's priority. In a session of its own, all of its threads can be lowered together
 * (lowestPriority). It ends when its channel to the service closes.
 */
function spawnProcess(caller: string, name: string, args: string[]): Runner {
  const fromSources = caller.endsWith('.ts');
  const child = fork(fileURLToPath(new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, caller)), args, {
    detached: true,
    serialization: 'advanced',
    execArgv: fromSources ? ['--import', pathToFileURL(createRequire(caller).resolve('tsx')).href] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    send: (m) => void child.send(m as object),
    listen: (on) =>
      child
        .on('message', on.message as (m: unknown) => void)
        .on('error', on.error)
        .on('exit', on.exit),
    stop: async () => {
      if (child.pid === undefined) return; // it never started: its error said so
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
    // SIGKILL: a stopped or hung process may never act on a polite signal.
    end: () => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')),
  };
}

function settle<Out>(p: Pending<Out>): Pending<Out> {
  clearTimeout(p.timer);
  return p;
}

/** The worker side (thread or process): answers each `{ id, input }` with `{ id, output }` or `{ id, error }`. */
export function serveTasks<In, Out>(task: (input: In) => Out): void {
  const port = parentPort
    ? { on: (f: (m: TaskRequest<In>) => void) => parentPort!.on('message', f), send: (m: unknown) => parentPort!.postMessage(m) }
    : {
        on: (f: (m: TaskRequest<In>) => void) => {
          process.on('message', f);
          // The service is gone (or closed the pool): nobody waits for answers any more.
          process.on('disconnect', () => process.exit(0));
        },
        send: (m: unknown) => process.send!(m),
      };
  port.on((msg) => {
    try {
      port.send({ id: msg.id, output: task(msg.input) });
    } catch (err) {
      port.send({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
}
