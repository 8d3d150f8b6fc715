import type { Rng } from '../../engine/core/rng.js';
import { benjaminiHochberg, edgeworthTail } from './stats.js';

/**
 * The conditional permutation test of the collusion audits: of a player's N unit scores, the
 * n that belong to one pair sum to `observed`; under the null the pair's units are a random
 * n-subset. Mean, variance and skewness of a random subset sum are exact (sampling without
 * replacement); the p-value is the normal tail with a one-term Edgeworth correction, or a Monte
 * Carlo permutation p-value for a small pair or a sum too skewed for the correction. Both audits
 * use it: the doubling audit's pairs (pairs.ts) and the card-sharing audit's (sharing/pairs.ts).
 */
export interface SubsetSumTest {
  expected: number;
  sd: number;
  z: number;
  p: number;
  /** 'exact': the beta-binomial tail of the strong-declarer test (strong-declarer.ts). */
  method: 'normal' | 'monte-carlo' | 'exact' | 'untested';
}

export interface SubsetSumOptions {
  /** Pairs with fewer units are not tested. Default 1. */
  minHands?: number;
  /** Below this many units in the pair or outside it: Monte Carlo. Default 30. */
  smallPair?: number;
  /** Permutations to begin with (×10 while fewer than 10 reach the observed sum, up to `maxPermutations`). */
  monteCarloPermutations?: number;
  maxPermutations?: number;
}

/**
 * Beyond this skewness of the subset sum the one-term Edgeworth tail is no approximation at all
 * (it can even turn negative: a defender with one double in 30 calls got p = 0 at z = −0.11,
 * where the permutation test says 0.41), so such pairs are permuted instead.
 */
const EDGEWORTH_MAX_SKEW = 0.5;

export function subsetSumTest(all: readonly number[], n: number, observed: number, rng: Rng, o: SubsetSumOptions = {}): SubsetSumTest {
  const N = all.length;
  const mean = all.reduce((a, b) => a + b, 0) / Math.max(1, N);
  const expected = n * mean;
  const varPop = all.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, N);
  const m3 = all.reduce((a, b) => a + (b - mean) ** 3, 0) / Math.max(1, N);
  const sd = N > 1 ? Math.sqrt((n * (N - n) * varPop) / (N - 1)) : 0;
  // A player whose every unit scores alike gives no test: every permutation of his units sums the
  // same. Such pairs are untested, not p = 1, so that they neither pile up at 1 among the p-values
  // nor enlarge the Benjamini–Hochberg family.
  if (n < Math.max(1, o.minHands ?? 1) || N <= n || varPop === 0) return { expected, sd, z: 0, p: 1, method: 'untested' };
  const z = sd > 0 ? (observed - expected) / sd : 0;
  // The third moment of a sample drawn without replacement, exactly: skewed unit scores (rare
  // calls) leave the pair's sum skewed, which the plain normal tail ignores.
  const skew = N > 2 && sd > 0 ? (n * (N - n) * (N - 2 * n) * m3) / ((N - 1) * (N - 2) * sd ** 3) : 0;
  const small = o.smallPair ?? 30;
  if (n < small || N - n < small || Math.abs(skew) > EDGEWORTH_MAX_SKEW) {
    const perms = { first: o.monteCarloPermutations ?? 2000, max: o.maxPermutations ?? 200_000 };
    return { expected, sd, z, p: monteCarloP(all, n, observed, perms, rng), method: 'monte-carlo' };
  }
  return { expected, sd, z, p: edgeworthTail(z, skew), method: 'normal' };
}

/** (1 + #{permuted sums ≥ observed}) / (1 + B), B growing ×10 while fewer than 10 reach it. */
function monteCarloP(values: readonly number[], n: number, observed: number, perms: { first: number; max: number }, rng: Rng): number {
  for (let b = perms.first; ; b *= 10) {
    const hits = permutationHits(values, n, observed, b, rng);
    if (hits >= 10 || b * 10 > perms.max) return (1 + hits) / (1 + b);
  }
}

function permutationHits(values: readonly number[], n: number, observed: number, perms: number, rng: Rng): number {
  const a = values.slice();
  let hits = 0;
  for (let b = 0; b < perms; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const j = i + rng.int(a.length - i);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
      sum += a[i]!;
    }
    if (sum >= observed - 1e-12) hits++;
  }
  return hits;
}

/** What both audits' pair rows share for their tiers. */
interface TestedRow {
  p: number;
  z: number;
  method: SubsetSumTest['method'];
  q: number;
  tier: 'strong' | 'review' | null;
  mutual: boolean;
}

/**
 * The tiers of both audits, in place: Benjamini–Hochberg q-values over the tested rows, "strong"
 * below `strongAlpha` / tests, "review" at q ≤ `reviewQ`, `mutual` when the reverse pair
 * (its two players swapped) has a tier too; the rows sorted by p, then z.
 */
export function tierPairs<R extends TestedRow>(
  rows: R[],
  pair: (r: R) => [string, string],
  o: { reviewQ: number; strongAlpha: number },
): R[] {
  const tested = rows.filter((r) => r.method !== 'untested');
  const q = benjaminiHochberg(tested.map((r) => r.p));
  const strongCut = o.strongAlpha / Math.max(1, tested.length);
  tested.forEach((r, i) => {
    r.q = q[i]!;
    r.tier = r.p < strongCut ? 'strong' : r.q <= o.reviewQ ? 'review' : null;
  });
  const key = ([a, b]: [string, string]): string => `${a}\u0000${b}`;
  const byKey = new Map(rows.map((r) => [key(pair(r)), r]));
  for (const r of rows) {
    const [a, b] = pair(r);
    r.mutual = r.tier !== null && (byKey.get(key([b, a]))?.tier ?? null) !== null;
  }
  return rows.sort((a, b) => a.p - b.p || b.z - a.z);
}
