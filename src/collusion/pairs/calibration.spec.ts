import { seededRng } from '../../engine/core/rng.js';
import { pairStatistics, type AuditHand } from './pairs.js';
import { defenderCall, handOf } from './pairs.testkit.js';
import { uniformityDeviation } from './stats.js';

/**
 * Under the null hypothesis — every defender's calls depend on his own information only — the
 * pair test's p-values should be uniform: a conservative test (p-values piled up near 1) costs
 * power where it matters. The log mimics the Droggn simulator's players at tables of three: a
 * third never double (their calls carry no information at all), some double rarely, some often;
 * the declarer's own estimate is continuous, the defenders' estimates coarse (8 samples).
 */
function nullLog(hands: number, seed: number): AuditHand[] {
  const rng = seededRng(seed);
  const players = Array.from({ length: 18 }, (_, i) => `P${i}`);
  // doubling chance when the caller thinks the declarer weak, and otherwise
  const habits: [number, number][] = [
    [0, 0],
    [0.03, 0.002],
    [0.3, 0.05],
    [0.6, 0.2],
    [0.1, 0.01],
    [0, 0],
  ];
  const habit = (i: number): [number, number] => habits[i % habits.length]!;
  const out: AuditHand[] = [];
  for (let h = 0; h < hands; h++) {
    const order = players
      .slice()
      .sort(() => rng.next() - 0.5)
      .slice(0, 3);
    const declarer = rng.int(3);
    const q = Math.min(1, Math.max(0, 0.6 + (rng.next() - 0.5) * 0.8));
    const defenders = [1, 2].map((k) => (declarer + k) % 3);
    const calls = defenders.map((seat, k) => {
      const pCaller = Math.round(8 * Math.min(1, Math.max(0, 0.25 + (q - 0.6) * 0.4 + (rng.next() - 0.5) * 0.5))) / 8;
      const [weak, strong] = habit(players.indexOf(order[seat]!));
      return defenderCall(k, seat, rng.next() < (pCaller < 0.25 ? weak : strong), pCaller, rng.next() < q ? 1 : 0);
    });
    const evidence = handOf(declarer, defenders, calls[0]!.winTrue, calls, { declarerWinProbability: q });
    out.push({ handId: `n${h}`, sequence: h, players: order, evidence });
  }
  return out;
}

describe('calibration of the pair test under the null hypothesis', () => {
  const rows = pairStatistics(nullLog(4000, 23), { outcome: 'declarerEstimate', fitBaseline: true });
  const tested = rows.filter((r) => r.method !== 'untested');

  it('a defender who never doubles gives no test: every permutation of his hands scores the same', () => {
    const never = rows.filter((r) => r.doubles === 0 && r.doubleRateOthers === 0);
    expect(never.length).toBeGreaterThan(0);
    expect(never.every((r) => r.method === 'untested')).toBe(true);
  });

  it('the p-values of the tested pairs are close to uniform, and none is flagged', () => {
    expect(tested.length).toBeGreaterThan(150);
    expect(uniformityDeviation(tested.map((r) => r.p))).toBeLessThan(0.1);
    const below05 = tested.filter((r) => r.p <= 0.05).length / tested.length;
    expect(below05).toBeGreaterThan(0.02);
    expect(below05).toBeLessThan(0.1);
    expect(tested.filter((r) => r.tier !== null)).toEqual([]);
  });
});
