import { ApiError } from '../common/problems.js';

/**
 * What stops a bot or a substitute at a seq, and what does not. A refusal — the engine's or the
 * service's checks answering 4xx — says the move itself is wrong: trying it again gives the same
 * answer. Anything else is a fault of the moment (the database gone or a connection terminated,
 * a worker lost) and is tried again, later each time, until it passes.
 */
export const isRefusal = (err: unknown): err is ApiError => err instanceof ApiError && err.status >= 400 && err.status < 500;

/** The wait before try `tries` + 1 (tries ≥ 1): `firstMs`, doubling, at most `maxMs`. */
export const backoffMs = (tries: number, firstMs: number, maxMs: number): number =>
  Math.min(maxMs, firstMs * 2 ** Math.min(Math.max(tries, 1) - 1, 30));

export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
