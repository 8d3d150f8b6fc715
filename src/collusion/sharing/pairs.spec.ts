import { describe, expect, it } from '@jest/globals';
import { seededRng, type Rng } from '../../engine/core/rng.js';
import { uniformityDeviation } from '../pairs/stats.js';
import type { SharingMoment } from './evidence.js';
import { sharingPairStatistics, type SharingHand } from './pairs.js';
import { subsetSumTest } from '../pairs/subset-sum.js';

/**
 * Synthetic logs: 16 players at tables of four, seated anew every hand. At each hand every seat
 * X has a few moments with every other seat Y, and takes the informed action at his own rate
 * (players differ a lot). A planted X takes it more often when his partner is Y.
 */
function log(
  seed: number,
  hands: number,
  planted: { seer: string; seen: string; lift: number; onlyAbove?: number } | null,
  worths = false,
): SharingHand[] {
  const rng = seededRng(seed);
  const players = Array.from({ length: 16 }, (_, i) => `P${i}`);
  const base = new Map(players.map((p) => [p, 0.2 + 0.5 * rng.next()]));
  const out: SharingHand[] = [];
  for (let h = 0; h < hands; h++) {
    const order = shuffle(players, rng);
    for (let t = 0; t < 4; t++) {
      const seated = order.slice(4 * t, 4 * t + 4);
      const moments: SharingMoment[] = [];
      seated.forEach((x, seat) =>
        seated.forEach((y, other) => {
          if (other === seat) return;
          for (let i = rng.int(4); i > 0; i--) {
            const kind = rng.next() < 0.8 ? 'play' : 'announce';
            // Worths as the valuer's: mostly small, a few large (points).
            const worth = worths ? -Math.log(1 - rng.next()) * 5 : 1;
            const lifted = planted && planted.seer === x && planted.seen === y && worth > (planted.onlyAbove ?? -Infinity);
            moments.push({ index: i, seat, other, kind, choseInformed: rng.next() < base.get(x)! + (lifted ? planted.lift : 0), worth });
          }
        }),
      );
      out.push({ handId: `H${h}-${t}`, players: seated, evidence: { estimator: 'test', decisions: [10, 10, 10, 10], moments } });
    }
  }
  return out;
}

function shuffle<T>(xs: readonly T[], rng: Rng): T[] {
  const a = xs.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

describe('the pair test under the null', () => {
  it('honest players: p-values close to uniform, none flagged at 1e-3', () => {
    const rows = sharingPairStatistics(log(17, 150, null));
    expect(rows).toHaveLength(16 * 15);
    const p = rows.map((r) => r.p);
    expect(uniformityDeviation(p)).toBeLessThan(0.1);
    expect(p.filter((x) => x <= 0.05).length / p.length).toBeLessThan(0.1);
    expect(rows.filter((r) => r.p <= 1e-3)).toHaveLength(0);
  });
});

describe('a planted pair', () => {
  it('found first, flagged at 1e-3, in its own direction only', () => {
    const rows = sharingPairStatistics(log(23, 300, { seer: 'P3', seen: 'P7', lift: 0.3 }));
    expect([rows[0]!.seer, rows[0]!.seen]).toEqual(['P3', 'P7']);
    expect(rows[0]!.p).toBeLessThan(1e-3);
    expect(rows[0]!.tier).not.toBeNull();
    expect(rows[0]!.rate).toBeGreaterThan(rows[0]!.rateOthers);
    expect(rows.find((r) => r.seer === 'P7' && r.seen === 'P3')!.p).toBeGreaterThan(1e-3);
  });
});

describe('moments weighted by their worth', () => {
  it('with every worth alike, the same pairs as counting each choice alike', () => {
    const hands = log(29, 80, { seer: 'P1', seen: 'P2', lift: 0.2 });
    expect(sharingPairStatistics(hands, { weight: 'worth' })).toEqual(sharingPairStatistics(hands));
  });

  it('honest players with worths that differ: p-values close to uniform, at 1e-3 no more than chance gives', () => {
    const p = sharingPairStatistics(log(31, 150, null, true), { weight: 'worth' }).map((r) => r.p);
    expect(uniformityDeviation(p)).toBeLessThan(0.1);
    // 240 honest pairs: at most 2 at p ≤ 1e-3 (3 or more has a chance of 0.2 % under the null).
    expect(p.filter((x) => x <= 1e-3).length).toBeLessThanOrEqual(2);
  });

  it('a player told the cards only where they are worth much: a smaller p than counting each choice alike', () => {
    const hands = log(37, 200, { seer: 'P3', seen: 'P7', lift: 0.4, onlyAbove: 8 }, true);
    const pOf = (rows: ReturnType<typeof sharingPairStatistics>) => rows.find((r) => r.seer === 'P3' && r.seen === 'P7')!.p;
    expect(pOf(sharingPairStatistics(hands, { weight: 'worth' }))).toBeLessThan(pOf(sharingPairStatistics(hands)));
  });
});

describe('the subset-sum test', () => {
  it('a small pair: the Monte Carlo p-value is the exact permutation p-value', () => {
    const all = [3, -1, 0.5, 2, -2, 1, 0, 4, -0.5, 1.5];
    const n = 3;
    const observed = 3 + 2 + 1;
    let hits = 0;
    let total = 0;
    for (let a = 0; a < all.length; a++)
      for (let b = a + 1; b < all.length; b++)
        for (let c = b + 1; c < all.length; c++) {
          total++;
          if (all[a]! + all[b]! + all[c]! >= observed - 1e-12) hits++;
        }
    const t = subsetSumTest(all, n, observed, seededRng(5), { monteCarloPermutations: 20_000, maxPermutations: 20_000 });
    expect(t.method).toBe('monte-carlo');
    expect(t.p).toBeCloseTo(hits / total, 2);
    expect(t.expected).toBeCloseTo((n * all.reduce((x, y) => x + y, 0)) / all.length, 9);
  });

  it('a pair that is all of the units: untested', () => {
    expect(subsetSumTest([1, 2, 3], 3, 6, seededRng(1)).method).toBe('untested');
  });
});
