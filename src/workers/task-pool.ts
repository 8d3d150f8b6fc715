import { Worker, parentPort } from 'node:worker_threads';

interface Pending<Out> {
  resolve: (out: Out) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
}

interface Slot<Out> {
  worker: Worker;
  pending: Map<number, Pending<Out>>;
}

interface TaskRequest<In> {
  id: number;
  input: In;
}

/**
 * Heavy work in `size` worker threads, so that it never blocks the event loop: the collusion
 * job's evidence and the strong bots' decisions. Each task goes to the least busy worker;
 * workers start on the first task and are replaced if one dies; size 0 runs `inline` in the
 * calling thread. `script` is the worker module's name next to the caller (`import.meta.url`):
 * compiled, the `.js` file; run from sources (jest, tsx), the `.ts` file through tsx's loader,
 * since a Worker does not go through jest's transform.
 */
export class TaskPool<In, Out> {
  private readonly slots: (Slot<Out> | null)[];
  private nextId = 0;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly script: { caller: string; name: string },
    private readonly inline: (input: In) => Out,
  ) {
    this.slots = Array.from({ length: size }, () => null);
  }

  /** Tasks sent and not yet answered. */
  get load(): number {
    return this.slots.reduce((n, s) => n + (s?.pending.size ?? 0), 0);
  }

  /** The task's answer; with `deadlineMs`, a task not answered in time is rejected (its worker goes on). */
  run(input: In, deadlineMs?: number): Promise<Out> {
    if (this.size === 0 || this.closed) {
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
    const slot = (this.slots[best] ??= this.spawn(best));
    const id = this.nextId++;
    return new Promise<Out>((resolve, reject) => {
      const pending: Pending<Out> = { resolve, reject };
      if (deadlineMs !== undefined) {
        pending.timer = setTimeout(() => {
          slot.pending.delete(id);
          reject(new Error(`no answer within ${deadlineMs} ms`));
        }, deadlineMs);
        pending.timer.unref();
      }
      slot.pending.set(id, pending);
      slot.worker.postMessage({ id, input } satisfies TaskRequest<In>);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0).filter((s): s is Slot<Out> => s !== null);
    for (const s of slots) for (const p of s.pending.values()) settle(p).reject(new Error('the worker pool is closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private spawn(index: number): Slot<Out> {
    const { caller, name } = this.script;
    const worker = caller.endsWith('.ts')
      ? new Worker(
          `(async () => { const { register } = await import('tsx/esm/api'); register(); await import(${JSON.stringify(new URL(`./${name}.ts`, caller).href)}); })()`,
          { eval: true },
        )
      : new Worker(new URL(`./${name}.js`, caller));
    const slot: Slot<Out> = { worker, pending: new Map() };
    worker.on('message', (m: { id: number; output?: Out; error?: string }) => {
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if (m.error !== undefined) settle(p).reject(new Error(m.error));
      else settle(p).resolve(m.output!);
    });
    const fail = (err: Error): void => {
      if (this.slots[index] === slot) this.slots[index] = null; // the next task starts a new worker
      for (const p of slot.pending.values()) settle(p).reject(err);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the ${name} worker stopped (exit code ${code})`)));
    return slot;
  }
}

function settle<Out>(p: Pending<Out>): Pending<Out> {
  clearTimeout(p.timer);
  return p;
}

/** The worker side: answers each `{ id, input }` with `{ id, output }` or `{ id, error }`. */
export function serveTasks<In, Out>(task: (input: In) => Out): void {
  parentPort!.on('message', (msg: TaskRequest<In>) => {
    try {
      parentPort!.postMessage({ id: msg.id, output: task(msg.input) });
    } catch (err) {
      parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
}
