import type { PairRow } from '../pairs/pairs.js';
import { rocAuc, rocCurve, uniformityDeviation } from '../pairs/stats.js';

/** Per-pair false-positive rate at which the simulator counts a pair as flagged. */
export const FLAG_P = 1e-3;

export interface RunMetrics {
  pairs: number;
  colludingPairs: number;
  auc: number;
  /** Share of colluding ordered pairs with p ≤ FLAG_P. */
  flaggedShare: number;
  /** Honest pairs with p ≤ FLAG_P (expected about FLAG_P × honest pairs). */
  honestFlagged: number;
  honestStrong: number;
  honestReview: number;
  colludingStrong: number;
  /** Kolmogorov–Smirnov distance of the honest pairs' p-values from uniform. */
  honestUniformityDeviation: number;
  /**
   * The same over the honest pairs whose defender colludes with nobody. A colluder's other pairs
   * are not under the null: his hands with his partner raise the mean they are judged against, so
   * their p-values crowd towards 1.
   */
  cleanUniformityDeviation: number;
  cleanPairs: number;
  /** Shares of honest pairs with p ≤ 0.05 and p ≤ 0.01 (uniform: 0.05 and 0.01), the direction of any deviation. */
  honestBelow05: number;
  honestBelow01: number;
  roc: { fpr: number; tpr: number }[];
}

export const pairKey = (declarer: string, defender: string): string => `${declarer}>${defender}`;

export function runMetrics(rows: readonly PairRow[], colluding: ReadonlySet<string>): RunMetrics {
  const tested = rows.filter((r) => r.method !== 'untested');
  const positive = tested.map((r) => colluding.has(pairKey(r.declarer, r.defender)));
  const scores = tested.map((r) => r.z);
  const honest = tested.filter((_, i) => !positive[i]);
  const bad = tested.filter((_, i) => positive[i]);
  const colluders = new Set(bad.map((r) => r.defender));
  const clean = honest.filter((r) => !colluders.has(r.defender));
  return {
    pairs: tested.length,
    colludingPairs: bad.length,
    auc: rocAuc(scores, positive),
    flaggedShare: bad.length ? bad.filter((r) => r.p <= FLAG_P).length / bad.length : NaN,
    honestFlagged: honest.filter((r) => r.p <= FLAG_P).length,
    honestStrong: honest.filter((r) => r.tier === 'strong').length,
    honestReview: honest.filter((r) => r.tier !== null).length,
    colludingStrong: bad.filter((r) => r.tier === 'strong').length,
    honestUniformityDeviation: uniformityDeviation(honest.map((r) => r.p)),
    cleanUniformityDeviation: uniformityDeviation(clean.map((r) => r.p)),
    cleanPairs: clean.length,
    honestBelow05: honest.filter((r) => r.p <= 0.05).length / Math.max(1, honest.length),
    honestBelow01: honest.filter((r) => r.p <= 0.01).length / Math.max(1, honest.length),
    roc: rocCurve(scores, positive),
  };
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
