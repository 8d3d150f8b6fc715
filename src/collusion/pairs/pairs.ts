import { seededRng } from '../../engine/core/rng.js';
import { round2, type HandEvidenceOf } from '../evidence/call-evidence.js';
import { pairKeyOf, strongDeclarerTests } from './strong-declarer.js';
import { subsetSumTest, tierPairs, type SubsetSumTest } from './subset-sum.js';

/** One audited hand: who sat where, in time order, with its evidence per call. */
export interface AuditHand {
  handId: string;
  /** Orders hands in time (the service: creation time or a global sequence). */
  sequence: number;
  tableId?: string;
  /** Player id per seat (a sitting-out dealer included). */
  players: string[];
  evidence: HandEvidenceOf<string>;
}

export interface PairOptions {
  /** Pairs with fewer hands as (declarer, defender) are listed but not tested (as are pairs whose defender's calls all score alike). Default 1. */
  minHands?: number;
  /** Below this many hands (or this many hands of the defender with others) the p-value is a
   *  Monte Carlo permutation p-value instead of the normal tail. Default 30. */
  smallPair?: number;
  /** Permutations of a Monte Carlo p-value to begin with (default 2,000); ×10 while fewer than
   *  10 exceed the pair's score, up to `maxPermutations` (default 200,000). */
  monteCarloPermutations?: number;
  maxPermutations?: number;
  seed?: number;
  /** Tier "review": q ≤ this (default 0.05). */
  reviewQ?: number;
  /** Tier "strong": p < this / number of tested pairs (default 1e-4). */
  strongAlpha?: number;
  /**
   * The outcome `w` a call is scored against: 'result' (default), the declarer's result on the
   * true deal; 'declarerEstimate', the declarer's own win probability from his information where
   * the evidence has it (else the result). A colluder's double tells of the declarer's cards, and
   * the declarer's own estimate measures those cards without the 0/1 noise of how the hand went.
   */
  outcome?: 'result' | 'declarerEstimate';
  /**
   * Subtract the caller's estimate scaled by how far it predicts the outcome over the whole log
   * (least squares), instead of in full: a noisy estimate that predicts little then adds little
   * noise. Default false.
   */
  fitBaseline?: boolean;
  /**
   * Test the pair by the defender's doubles in the hands where the declarer's outcome (`outcome`:
   * his own chance) is at least this — the hands in which a double pays the pair — against the
   * rate his calls with other declarers and the whole table predict (strong-declarer.ts), instead of
   * the permutation test of the scores. The row's `score` and `expected` are then counts of such
   * doubles. Default: the permutation test.
   */
  strongDeclarerFrom?: number;
}

type Tier = 'strong' | 'review' | null;

export interface PairRow {
  declarer: string;
  defender: string;
  /** Hands both sat in (any roles). */
  handsTogether: number;
  /** Hands in which `declarer` declared and `defender` defended: the units of the test. */
  handsAsPair: number;
  calls: number;
  doubles: number;
  /** The defender's share of doubling calls with this declarer, and with everybody else. */
  doubleRate: number;
  doubleRateOthers: number;
  /** Σ over the pair's hands of (call − the defender's usual rate) × (true result − caller's estimate − the declarer's usual surprise). */
  score: number;
  /** The mean of the score under the permutation null, and its standard deviation. */
  expected: number;
  sd: number;
  z: number;
  p: number;
  /** 'normal': normal tail with Edgeworth skewness correction; 'monte-carlo': a small pair, or a
   *  sum too skewed for the one-term correction (EDGEWORTH_MAX_SKEW); 'exact': the strong-declarer
   *  test's beta-binomial tail (`strongDeclarerFrom`). */
  method: 'normal' | 'monte-carlo' | 'exact' | 'untested';
  q: number;
  tier: Tier;
  /** Both directions reach the review tier. */
  mutual: boolean;
  /** Σ expected cost to the defender of his calls with this declarer (currency units, his own information). */
  expectedCostToDefender: number;
  /** Σ money the defender's doubles added to this declarer's settlements. */
  valueToDeclarer: number;
}

interface Unit {
  declarer: string;
  defender: string;
  score: number;
  /** The declarer's outcome was at least `strongDeclarerFrom`, and the defender had a call. */
  strong: boolean;
  strongDouble: boolean;
  calls: number;
  doubles: number;
  cost: number;
  value: number;
}

/**
 * Ordered pairs (declarer X, defender Y). Each hand in which Y defends is a unit with a score
 *   s = Σ_{Y's calls} (a − ā_Y,round) × (w − p̂ − μ_X),
 * a = 1 for Schwacher/Retour, 0 for Gut; ā the defender's own doubling rate in that round;
 * w the double-dummy result on the true deal (or the declarer's own estimate: `outcome`); p̂ the declarer's win probability from Y's own
 * information; μ_X the mean of (w − p̂) over all hands X declared (a declarer who only bids
 * strong hands surprises everybody, not only his friends). An honest defender's calls depend on
 * his information only, so his score has the same distribution whoever declares. The test
 * conditions on Y's hands and permutes the declarer labels among them: the pair's sum is the sum
 * of a random subset, whose mean, variance and skewness are exact; the p-value is the normal tail with a one-term
 * Edgeworth correction for the skewness (the finite-population central limit theorem), or a
 * Monte Carlo permutation p-value for small pairs. With `strongDeclarerFrom` (Doppelkopf) a pair is
 * tested instead by its doubles against a strong declarer (strong-declarer.ts).
 */
export function pairStatistics(hands: readonly AuditHand[], options: PairOptions = {}): PairRow[] {
  const minHands = options.minHands ?? 1;
  const small = options.smallPair ?? 30;
  const perms = { first: options.monteCarloPermutations ?? 2000, max: options.maxPermutations ?? 200_000 };
  const rng = seededRng(options.seed ?? 1);
  const reviewQ = options.reviewQ ?? 0.05;
  const strongAlpha = options.strongAlpha ?? 1e-4;
  const own = options.outcome === 'declarerEstimate';
  const strongFrom = options.strongDeclarerFrom;
  const outcome = (ev: HandEvidenceOf<string>, c: HandEvidenceOf<string>['calls'][number]): number =>
    own && ev.declarerWinProbability !== undefined ? ev.declarerWinProbability : c.winTrue;

  const beta = options.fitBaseline ? baselineSlope(hands, outcome) : 1;
  // Nuisance terms from the whole log: each defender's doubling rate per round, each declarer's mean surprise.
  const rate = new Map<string, { n: number; d: number }>();
  const surprise = new Map<string, { n: number; sum: number }>();
  const together = new Map<string, number>();
  for (const h of hands) {
    const ev = h.evidence;
    const seated = [...new Set(h.players)];
    for (const a of seated) for (const b of seated) if (a !== b) together.set(key(a, b), (together.get(key(a, b)) ?? 0) + 1);
    if (ev.declarer === null) continue;
    const x = h.players[ev.declarer]!;
    const seen = new Set<number>();
    for (const c of ev.calls) {
      if (c.role !== 'defender') continue;
      const k = key(h.players[c.seat]!, c.step);
      const r = rate.get(k) ?? { n: 0, d: 0 };
      r.n++;
      if (c.doubles) r.d++;
      rate.set(k, r);
      if (!seen.has(c.seat)) {
        seen.add(c.seat);
        const s = surprise.get(x) ?? { n: 0, sum: 0 };
        s.n++;
        s.sum += outcome(ev, c) - beta * c.winProbabilityCaller;
        surprise.set(x, s);
      }
    }
  }
  const rateOf = (y: string, step: string): number => {
    const r = rate.get(key(y, step));
    return r && r.n > 0 ? r.d / r.n : 0;
  };
  const muOf = (x: string): number => {
    const s = surprise.get(x);
    return s && s.n > 0 ? s.sum / s.n : 0;
  };

  const unitsByDefender = new Map<string, Unit[]>();
  for (const h of hands) {
    const ev = h.evidence;
    if (ev.declarer === null) continue;
    const x = h.players[ev.declarer]!;
    for (const seat of ev.defenders) {
      const y = h.players[seat]!;
      if (y === x) continue;
      const mine = ev.calls.filter((c) => c.seat === seat && c.role === 'defender');
      let score = 0;
      let cost = 0;
      let value = 0;
      for (const c of mine) {
        score += ((c.doubles ? 1 : 0) - rateOf(y, c.step)) * (outcome(ev, c) - beta * c.winProbabilityCaller - muOf(x));
        cost += c.expectedCostToCaller;
        value += c.valueToDeclarer;
      }
      const strong = strongFrom !== undefined && mine.length > 0 && outcome(ev, mine[0]!) >= strongFrom;
      const list = unitsByDefender.get(y) ?? [];
      list.push({
        declarer: x,
        defender: y,
        score,
        strong,
        strongDouble: strong && mine.some((c) => c.doubles),
        calls: mine.length,
        doubles: mine.filter((c) => c.doubles).length,
        cost,
        value,
      });
      unitsByDefender.set(y, list);
    }
  }

  const strongTests =
    strongFrom === undefined
      ? null
      : strongDeclarerTests(
          [...unitsByDefender].map(([defender, units]) => ({
            defender,
            units: units.map((u) => ({ declarer: u.declarer, strong: u.strong, doubles: u.strongDouble })),
          })),
          reviewQ,
        );

  const rows: PairRow[] = [];
  for (const [y, units] of unitsByDefender) {
    const all = units.map((u) => u.score);
    const totalCalls = units.reduce((a, u) => a + u.calls, 0);
    const totalDoubles = units.reduce((a, u) => a + u.doubles, 0);
    const byDeclarer = new Map<string, Unit[]>();
    for (const u of units) byDeclarer.set(u.declarer, [...(byDeclarer.get(u.declarer) ?? []), u]);
    for (const [x, mine] of byDeclarer) {
      const n = mine.length;
      const calls = mine.reduce((a, u) => a + u.calls, 0);
      const doubles = mine.reduce((a, u) => a + u.doubles, 0);
      let score: number;
      let test: SubsetSumTest;
      if (strongFrom === undefined) {
        score = mine.reduce((a, u) => a + u.score, 0);
        test = subsetSumTest(all, n, score, rng, {
          minHands,
          smallPair: small,
          monteCarloPermutations: perms.first,
          maxPermutations: perms.max,
        });
      } else {
        score = mine.filter((u) => u.strongDouble).length;
        test = n < minHands ? { expected: 0, sd: 0, z: 0, p: 1, method: 'untested' } : strongTests!.get(pairKeyOf(x, y))!;
      }
      const { expected, sd, z, p, method } = test;
      const othersCalls = totalCalls - calls;
      rows.push({
        declarer: x,
        defender: y,
        handsTogether: together.get(key(x, y)) ?? 0,
        handsAsPair: n,
        calls,
        doubles,
        doubleRate: calls ? doubles / calls : 0,
        doubleRateOthers: othersCalls ? (totalDoubles - doubles) / othersCalls : 0,
        score,
        expected,
        sd,
        z,
        p,
        method,
        q: 1,
        tier: null,
        mutual: false,
        expectedCostToDefender: round2(mine.reduce((a, u) => a + u.cost, 0)),
        valueToDeclarer: round2(mine.reduce((a, u) => a + u.value, 0)),
      });
    }
  }

  return tierPairs(rows, (r) => [r.declarer, r.defender], { reviewQ, strongAlpha });
}

/** The least-squares slope of the outcome on the defenders' estimates, one point per defender and hand. */
function baselineSlope(
  hands: readonly AuditHand[],
  outcome: (ev: HandEvidenceOf<string>, c: HandEvidenceOf<string>['calls'][number]) => number,
): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const h of hands) {
    const seen = new Set<number>();
    for (const c of h.evidence.calls) {
      if (c.role !== 'defender' || seen.has(c.seat)) continue;
      seen.add(c.seat);
      xs.push(c.winProbabilityCaller);
      ys.push(outcome(h.evidence, c));
    }
  }
  const mx = xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const my = ys.reduce((a, b) => a + b, 0) / Math.max(1, ys.length);
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
  });
  return sxx > 0 ? sxy / sxx : 1;
}

const key = (a: string, b: string): string => `${a}\u0000${b}`;
