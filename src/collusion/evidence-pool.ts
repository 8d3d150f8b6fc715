import { Worker } from 'node:worker_threads';
import { DobbmSolver } from '../analysis/dobbm/dds.js';
import { evidenceOf, type AnyHandEvidence, type EvidenceInput } from './evidence-of.js';
import type { EvidenceRequest } from './evidence-worker.js';

type HandEvidence = AnyHandEvidence;

interface Pending {
  resolve: (e: HandEvidence) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * Computes hand evidence in `size` worker threads (AUDIT_WORKERS), so that the collusion job
 * does not block other requests; size 0 computes in the calling thread. Workers start on the
 * first hand and are replaced if one dies. Compiled, the worker is `evidence-worker.js` next
 * to this file; run from sources (jest, tsx) it is the .ts file, loaded through tsx's loader
 * (a Worker does not go through jest's transform), as scripts/audit-simulate.ts does.
 */
export class EvidencePool {
  private readonly slots: (Slot | null)[];
  private solver: DobbmSolver | undefined;
  private nextId = 0;
  private closed = false;

  constructor(readonly size: number) {
    this.slots = Array.from({ length: size }, () => null);
  }

  evidence(input: EvidenceInput): Promise<HandEvidence> {
    if (this.size === 0 || this.closed) return Promise.resolve(evidenceOf(input, () => (this.solver ??= new DobbmSolver())));
    // the least busy worker
    let best = 0;
    for (let i = 0; i < this.size; i++) {
      const load = this.slots[i]?.pending.size ?? 0;
      if (load < (this.slots[best]?.pending.size ?? 0)) best = i;
    }
    const slot = (this.slots[best] ??= this.spawn(best));
    const id = this.nextId++;
    return new Promise<HandEvidence>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, input } satisfies EvidenceRequest);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0).filter((s): s is Slot => s !== null);
    for (const s of slots) for (const p of s.pending.values()) p.reject(new Error('the evidence pool is closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private spawn(index: number): Slot {
    const here = import.meta.url;
    const worker = here.endsWith('.ts')
      ? new Worker(
          `(async () => { const { register } = await import('tsx/esm/api'); register(); await import(${JSON.stringify(new URL('./evidence-worker.ts', here).href)}); })()`,
          { eval: true },
        )
      : new Worker(new URL('./evidence-worker.js', here));
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (m: { id: number; evidence?: HandEvidence; error?: string }) => {
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.evidence!);
    });
    const fail = (err: Error): void => {
      if (this.slots[index] === slot) this.slots[index] = null; // the next hand starts a new worker
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the evidence worker stopped (exit code ${code})`)));
    return slot;
  }
}
