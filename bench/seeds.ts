import { createHash } from 'node:crypto';

/**
 * Seeds for the engine benchmarks, as the service passes them: flat 64-digit hex strings (there
 * from `randomBytes(32)`), made before timing and used in turn. Building one per hand with
 * `padStart` gave a rope string that the shuffle then had to flatten, which cost more than the
 * hash itself and was no part of the engine.
 */
const SEEDS = Array.from({ length: 1 << 16 }, (_, i) => createHash('sha256').update(`seed ${i}`).digest('hex'));

export const seedOf = (i: number): string => SEEDS[i & 0xffff]!;
