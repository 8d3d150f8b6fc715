import { benjaminiHochberg, edgeworthTail, normalUpperTail, rocAuc, uniformityDeviation } from './stats.js';

describe('statistics kit', () => {
  it('the normal tail is right far out, where the strong tier lives', () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 7);
    expect(normalUpperTail(1.959964) / 0.025).toBeCloseTo(1, 4);
    expect(normalUpperTail(5) / 2.866516e-7).toBeCloseTo(1, 4);
    expect(normalUpperTail(8) / 6.220961e-16).toBeCloseTo(1, 3);
    expect(normalUpperTail(-1.959964)).toBeCloseTo(0.975, 6);
  });

  it('the Edgeworth tail: no skew is the normal tail; a right skew fattens the right tail; never below normal past z = 2', () => {
    expect(edgeworthTail(1.5, 0)).toBeCloseTo(normalUpperTail(1.5), 12);
    // Q(1.5) + φ(1.5)·0.6/6·(2.25 − 1) = 0.0668072 + 0.1295176·0.125
    expect(edgeworthTail(1.5, 0.6)).toBeCloseTo(0.0668072 + 0.1295176 * 0.125, 5);
    expect(edgeworthTail(4, -3)).toBe(normalUpperTail(4));
    // A right-skewed sum exceeds its mean less than half the time: 0.5 − φ(0)·0.1.
    expect(edgeworthTail(0, 0.6)).toBeCloseTo(0.5 - 0.3989423 * 0.1, 6);
  });

  it('Benjamini–Hochberg q-values of a worked example', () => {
    const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
    expect(q[0]).toBeCloseTo(0.02, 10);
    expect(q[1]).toBeCloseTo(0.04, 10);
    expect(q[2]).toBeCloseTo(0.04, 10);
    expect(q[3]).toBeCloseTo(0.02, 10);
  });

  it('ROC-AUC: perfect, reversed, and tied rankings', () => {
    expect(rocAuc([3, 2, 1, 0], [true, true, false, false])).toBe(1);
    expect(rocAuc([0, 1, 2, 3], [true, true, false, false])).toBe(0);
    expect(rocAuc([1, 1, 1, 1], [true, false, true, false])).toBe(0.5);
    expect(rocAuc([3, 1, 2, 0], [true, true, false, false])).toBe(0.75);
  });

  it('uniform p-values deviate little from uniform, piled-up ones a lot', () => {
    const even = Array.from({ length: 100 }, (_, i) => (i + 0.5) / 100);
    expect(uniformityDeviation(even)).toBeCloseTo(0.005, 6);
    expect(uniformityDeviation(even.map((p) => p / 2))).toBeGreaterThan(0.45);
  });
});
