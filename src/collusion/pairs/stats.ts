/**
 * Small statistics kit for the pair test: the normal upper tail (accurate far into the tail,
 * where the "strong" tier lives), Benjamini–Hochberg q-values and ROC-AUC.
 */

/** Complementary error function, Numerical Recipes' Chebyshev fit: relative error < 1.2e-7 everywhere. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** P(Z ≥ z) for a standard normal Z. */
export const normalUpperTail = (z: number): number => 0.5 * erfc(z / Math.SQRT2);

/**
 * One-term Edgeworth tail for a standardized sum with skewness γ: Q(z) + φ(z)·γ/6·(z² − 1).
 * Beyond z = 2 it is never allowed below the normal tail: where flags are raised the correction
 * may only make a p-value larger (a negative skew would otherwise push it towards 0).
 */
export function edgeworthTail(z: number, skew: number): number {
  const q = normalUpperTail(z);
  const e = q + (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * (skew / 6) * (z * z - 1);
  const p = Math.min(1, Math.max(0, e));
  return z > 2 ? Math.max(p, q) : p;
}

/** Benjamini–Hochberg adjusted p-values (q-values), in the input order. */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const q = new Array<number>(m);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    const { p, i } = order[k]!;
    running = Math.min(running, (p * m) / (k + 1));
    q[i] = running;
  }
  return q;
}

/** Area under the ROC curve: P(score of a positive > score of a negative), ties counting ½. */
export function rocAuc(scores: readonly number[], positive: readonly boolean[]): number {
  const items = scores.map((s, i) => ({ s, pos: positive[i]! })).sort((a, b) => a.s - b.s);
  let rankSum = 0;
  let nPos = 0;
  for (let i = 0; i < items.length;) {
    let j = i;
    while (j < items.length && items[j]!.s === items[i]!.s) j++;
    const midRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++)
      if (items[k]!.pos) {
        rankSum += midRank;
        nPos++;
      }
    i = j;
  }
  const nNeg = items.length - nPos;
  if (nPos === 0 || nNeg === 0) return NaN;
  return (rankSum - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
}

/** ROC points (false-positive rate, true-positive rate) for thresholds from high to low score. */
export function rocCurve(scores: readonly number[], positive: readonly boolean[]): { fpr: number; tpr: number }[] {
  const items = scores.map((s, i) => ({ s, pos: positive[i]! })).sort((a, b) => b.s - a.s);
  const nPos = items.filter((x) => x.pos).length;
  const nNeg = items.length - nPos;
  const out = [{ fpr: 0, tpr: 0 }];
  let tp = 0;
  let fp = 0;
  for (let i = 0; i < items.length;) {
    let j = i;
    while (j < items.length && items[j]!.s === items[i]!.s) {
      if (items[j]!.pos) tp++;
      else fp++;
      j++;
    }
    out.push({ fpr: nNeg ? fp / nNeg : 0, tpr: nPos ? tp / nPos : 0 });
    i = j;
  }
  return out;
}

/** Largest distance between the empirical distribution of p-values and the uniform one (Kolmogorov–Smirnov D). */
export function uniformityDeviation(pValues: readonly number[]): number {
  const p = pValues.slice().sort((a, b) => a - b);
  const n = p.length;
  let d = 0;
  p.forEach((x, i) => {
    d = Math.max(d, Math.abs((i + 1) / n - x), Math.abs(x - i / n));
  });
  return d;
}
