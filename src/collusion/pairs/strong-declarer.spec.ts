import fc from 'fast-check';
import { seededRng, type Rng } from '../../engine/core/rng.js';
import { uniformityDeviation } from './stats.js';
import { betaBinomialPmf, fitRatePrior, logGamma, strongDeclarerTest, strongDeclarerTests, type StrongUnit } from './strong-declarer.js';

describe('the beta-binomial of the strong-declarer test', () => {
  it('ln Γ agrees with factorials and with Γ(½) = √π', () => {
    for (let n = 1; n <= 20; n++) {
      let f = 1;
      for (let k = 2; k < n; k++) f *= k;
      expect(logGamma(n)).toBeCloseTo(Math.log(f), 9);
    }
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 9);
  });

  it('its probabilities sum to one, and it tends to the binomial as the prior grows sure', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.double({ min: 0.05, max: 30, noNaN: true }),
        fc.double({ min: 0.05, max: 30, noNaN: true }),
        (n, a, b) => {
          let total = 0;
          for (let k = 0; k <= n; k++) total += betaBinomialPmf(k, n, a, b);
          expect(total).toBeCloseTo(1, 9);
        },
      ),
    );
    const p = 0.1;
    const sure = 1e7;
    const binomial = (k: number, n: number): number => {
      let c = 1;
      for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
      return c * p ** k * (1 - p) ** (n - k);
    };
    for (let k = 0; k <= 12; k++) expect(betaBinomialPmf(k, 12, p * sure, (1 - p) * sure)).toBeCloseTo(binomial(k, 12), 6);
  });
});

describe('the prior fitted over the defenders', () => {
  it('has the pooled rate as its mean, and is never surer than 200 hands', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 2, maxLength: 30 }),
        (ds) => {
          const defenders = ds.map(([hands, share]) => ({ hands, doubles: Math.floor(hands * share) }));
          const n = defenders.reduce((s, d) => s + d.hands, 0);
          const k = defenders.reduce((s, d) => s + d.doubles, 0);
          const prior = fitRatePrior(defenders);
          if (k === 0 || k === n) return expect(prior).toBeNull();
          expect(prior!.a / (prior!.a + prior!.b)).toBeCloseTo(k / n, 9);
          expect(prior!.a + prior!.b).toBeLessThanOrEqual(200 + 1e-9);
        },
      ),
    );
  });

  it('is wide when the defenders differ and sure when they do not', () => {
    const rng = seededRng(4);
    const draw = (rate: (i: number) => number) =>
      Array.from({ length: 40 }, (_, i) => {
        let doubles = 0;
        for (let h = 0; h < 80; h++) if (rng.next() < rate(i)) doubles++;
        return { hands: 80, doubles };
      });
    const alike = fitRatePrior(draw(() => 0.05))!;
    const apart = fitRatePrior(draw((i) => (i % 2 ? 0.01 : 0.15)))!;
    expect(alike.a + alike.b).toBeGreaterThan(100);
    expect(apart.a + apart.b).toBeLessThan(30);
  });
});

/**
 * Defenders against strong declarers: every defender's own rate, drawn from a spread of habits
 * (some never, some often), independent of who declares; one planted pair doubles in `planted`
 * of the hands in which his partner is strong.
 */
function strongLog(rng: Rng, planted: number): { defender: string; units: StrongUnit[] }[] {
  const players = Array.from({ length: 24 }, (_, i) => `P${i}`);
  const habits = [0, 0.01, 0.03, 0.08];
  return players.map((defender, i) => {
    const units: StrongUnit[] = [];
    for (let h = 0; h < 250; h++) {
      const declarer = players[(i + 1 + rng.int(3) * 7) % players.length]!;
      const strong = rng.next() < 0.16;
      const colludes = defender === 'P0' && declarer === 'P1' && strong && rng.next() < planted;
      units.push({ declarer, strong, doubles: colludes || (strong && rng.next() < habits[i % habits.length]!) });
    }
    return { defender, units };
  });
}

describe('strongDeclarerTests', () => {
  it('finds a defender who doubles against his partner when the partner is strong', () => {
    const tests = strongDeclarerTests(strongLog(seededRng(9), 0.6), 0.05);
    expect(tests.get('P1\u0000P0')!.p).toBeLessThan(1e-3);
  });

  it('under the null, its p-values are nowhere below their level (discrete, so on or above it)', () => {
    const ps: number[] = [];
    for (let seed = 1; seed <= 10; seed++)
      for (const t of strongDeclarerTests(strongLog(seededRng(seed), 0), 0.05).values()) if (t.method === 'exact') ps.push(t.p);
    expect(ps.length).toBeGreaterThan(500);
    for (const level of [0.01, 0.05, 0.2]) expect(ps.filter((p) => p <= level).length / ps.length).toBeLessThanOrEqual(level * 1.2);
    // Discrete and conservative: most pairs with no such double sit near 1.
    expect(uniformityDeviation(ps)).toBeGreaterThan(0.3);
  });

  it('leaves a pair untested without a strong declarer, and gives p 1 with no double', () => {
    const prior = { a: 1, b: 30 };
    expect(strongDeclarerTest({ hands: 0, doubles: 0 }, { hands: 20, doubles: 1 }, prior).method).toBe('untested');
    expect(strongDeclarerTest({ hands: 10, doubles: 0 }, { hands: 20, doubles: 1 }, prior).p).toBeCloseTo(1, 12);
    expect(strongDeclarerTest({ hands: 10, doubles: 3 }, { hands: 20, doubles: 0 }, null).method).toBe('untested');
  });

  it('more doubles with the declarer, or fewer with everybody else, never raise the p-value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 29 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (n, k, no, ko) => {
          fc.pre(k < n && ko <= no);
          const prior = { a: 0.8, b: 25 };
          const base = strongDeclarerTest({ hands: n, doubles: k }, { hands: no, doubles: ko }, prior).p;
          expect(strongDeclarerTest({ hands: n, doubles: k + 1 }, { hands: no, doubles: ko }, prior).p).toBeLessThanOrEqual(base + 1e-12);
          if (ko > 0)
            expect(strongDeclarerTest({ hands: n, doubles: k }, { hands: no, doubles: ko - 1 }, prior).p).toBeLessThanOrEqual(base + 1e-12);
        },
      ),
    );
  });
});
