/**
 * Stands in for `node:crypto` in the browser bundle (web/vite.config.ts). The engine's shuffle
 * (src/engine/core/shuffle.ts) hashes with it and keeps a Buffer; the replay deals recorded
 * decks and never shuffles, so these only let the module load, and refuse if ever called.
 */
const g = globalThis as { Buffer?: unknown };
g.Buffer ??= { alloc: (n: number) => new Uint8Array(n) };

const refuse = (): never => {
  throw new Error('shuffling happens in the service, never in the browser');
};
export const createHash = refuse;
export const hash = refuse;
