import { benjaminiHochberg } from './stats.js';
import type { SubsetSumTest } from './subset-sum.js';

/**
 * The test of a defender who doubles when his declarer is strong (Doppelkopf: a defender's
 * announcement against a lone player who expects to win, docs/audit-doppelkopf.md#statistics).
 *
 * A permutation of the declarer labels among one defender's own hands cannot flag a pair with few
 * such calls: a colluder who always sits with his partner defends against him in a third of his
 * hands, so even when every telling call falls with the partner the chance of that is about 3^-k
 * for k calls. This test borrows from the whole table instead: each defender's rate of doubling
 * against a strong declarer is drawn from a beta distribution fitted over all defenders (the
 * habits differ, and the fit sees how much); his calls with other declarers update it; and the
 * pair's count of such doubles is judged against the beta-binomial it then predicts. An honest
 * defender's doubles depend on his own cards, whoever declares, so the prediction holds for him.
 */

/** A defender's hands against a strong declarer and his doubles in them. */
export interface StrongCounts {
  hands: number;
  doubles: number;
}

/** The beta distribution of the defenders' rates of doubling against a strong declarer. */
export interface RatePrior {
  a: number;
  b: number;
}

/**
 * The prior is never surer than this many hands of one defender: with few defenders or few
 * doubles the fitted spread between them can come out at zero, which would judge every defender
 * by the table's mean rate.
 */
const MAX_PRIOR_HANDS = 200;

/**
 * Moments of the defenders' rates (one per defender, weighted by his hands): the pooled mean, and
 * the spread between defenders left after the binomial noise of each one's count is taken out.
 * Null when no defender ever doubled against a strong declarer, or every one always did.
 */
export function fitRatePrior(defenders: readonly StrongCounts[]): RatePrior | null {
  const used = defenders.filter((d) => d.hands > 0);
  const n = used.reduce((s, d) => s + d.hands, 0);
  const k = used.reduce((s, d) => s + d.doubles, 0);
  if (n === 0 || k === 0 || k === n) return null;
  const m = k / n;
  const spread = used.reduce((s, d) => s + d.hands * (d.doubles / d.hands - m) ** 2, 0);
  const effective = n - used.reduce((s, d) => s + d.hands ** 2, 0) / n;
  const between = effective > 0 ? (spread - (used.length - 1) * m * (1 - m)) / effective : 0;
  const precision = between > 0 ? Math.min(MAX_PRIOR_HANDS, (m * (1 - m)) / between - 1) : MAX_PRIOR_HANDS;
  const sure = Math.max(precision, 1e-6);
  return { a: m * sure, b: (1 - m) * sure };
}

/**
 * The pair's doubles against the strong declarer (`withHim`) against the beta-binomial predicted
 * from the prior and the defender's hands with everybody else (`withOthers`): the exact upper
 * tail P(count ≥ observed), its mean and standard deviation. Untested without such hands, or when
 * no defender ever doubled against a strong declarer (no prior). A defender who never did is still
 * tested (p 1 with each declarer): the ranking then holds every pair that met a strong declarer.
 */
export function strongDeclarerTest(withHim: StrongCounts, withOthers: StrongCounts, prior: RatePrior | null): SubsetSumTest {
  if (prior === null || withHim.hands === 0) return { expected: 0, sd: 0, z: 0, p: 1, method: 'untested' };
  const a = prior.a + withOthers.doubles;
  const b = prior.b + withOthers.hands - withOthers.doubles;
  const n = withHim.hands;
  const expected = (n * a) / (a + b);
  const sd = Math.sqrt((n * a * b * (a + b + n)) / ((a + b) ** 2 * (a + b + 1)));
  let p = 0;
  for (let j = withHim.doubles; j <= n; j++) p += betaBinomialPmf(j, n, a, b);
  return { expected, sd, z: sd > 0 ? (withHim.doubles - expected) / sd : 0, p: Math.min(1, p), method: 'exact' };
}

/** P(K = k) for K beta-binomial(n, a, b). */
export function betaBinomialPmf(k: number, n: number, a: number, b: number): number {
  return Math.exp(logChoose(n, k) + logBeta(k + a, n - k + b) - logBeta(a, b));
}

const logChoose = (n: number, k: number): number => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
const logBeta = (a: number, b: number): number => logGamma(a) + logGamma(b) - logGamma(a + b);

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7: about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let s = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) s += LANCZOS[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(s);
}

/** One hand a defender had a call in: its declarer, whether that declarer was strong, and whether the defender doubled. */
export interface StrongUnit {
  declarer: string;
  strong: boolean;
  doubles: boolean;
}

export const pairKeyOf = (declarer: string, defender: string): string => `${declarer}\u0000${defender}`;

/**
 * Every pair's strong-declarer test, keyed by `pairKeyOf(declarer, defender)`. The prior describes
 * honest defenders, but a colluder's doubles with his partner widen it and raise its mean, which
 * costs every pair power; so the pairs a first pass puts at q ≤ `reviewQ` (Benjamini–Hochberg) are
 * left out of its fit, once, and all pairs are tested again. With no colluder the first pass
 * almost never has such a pair, and the prior is the table's.
 */
export function strongDeclarerTests(
  defenders: readonly { defender: string; units: readonly StrongUnit[] }[],
  reviewQ: number,
): Map<string, SubsetSumTest> {
  const counts = defenders.map(({ defender, units }) => {
    const byDeclarer = new Map<string, StrongCounts>();
    for (const u of units) {
      const c = byDeclarer.get(u.declarer) ?? { hands: 0, doubles: 0 };
      if (u.strong) c.hands++;
      if (u.strong && u.doubles) c.doubles++;
      byDeclarer.set(u.declarer, c);
    }
    return { defender, byDeclarer, all: sum([...byDeclarer.values()]) };
  });
  const testAll = (prior: RatePrior | null): Map<string, SubsetSumTest> => {
    const out = new Map<string, SubsetSumTest>();
    for (const { defender, byDeclarer, all } of counts)
      for (const [declarer, withHim] of byDeclarer)
        out.set(
          pairKeyOf(declarer, defender),
          strongDeclarerTest(withHim, { hands: all.hands - withHim.hands, doubles: all.doubles - withHim.doubles }, prior),
        );
    return out;
  };
  const first = testAll(fitRatePrior(counts.map((c) => c.all)));
  const tested = [...first].filter(([, t]) => t.method !== 'untested');
  const q = benjaminiHochberg(tested.map(([, t]) => t.p));
  const suspect = new Set(tested.filter((_, i) => q[i]! <= reviewQ).map(([k]) => k));
  if (suspect.size === 0) return first;
  const honest = counts.map(({ defender, byDeclarer }) =>
    sum([...byDeclarer].filter(([declarer]) => !suspect.has(pairKeyOf(declarer, defender))).map(([, c]) => c)),
  );
  return testAll(fitRatePrior(honest));
}

const sum = (cs: readonly StrongCounts[]): StrongCounts => ({
  hands: cs.reduce((s, c) => s + c.hands, 0),
  doubles: cs.reduce((s, c) => s + c.doubles, 0),
});
