import type { PairRow } from '../pairs/pairs.js';
import { pairKey, runMetrics } from './metrics.js';

const row = (declarer: string, defender: string, p: number): PairRow =>
  ({ declarer, defender, p, z: -p, method: 'normal', tier: null }) as PairRow;

describe('simulator metrics: the honest p-values', () => {
  it("leave out a colluder's other pairs in the clean figure, not in the plain one", () => {
    // B colludes with A; B's pairs with C and D are crowded towards 1, the other honest pairs are uniform
    const uniform = [0.1, 0.3, 0.5, 0.7, 0.9].map((p, i) => row(`X${i}`, 'E', p));
    const rows = [row('A', 'B', 1e-6), row('C', 'B', 0.99), row('D', 'B', 0.98), ...uniform];
    const m = runMetrics(rows, new Set([pairKey('A', 'B')]));
    expect(m.cleanPairs).toBe(5);
    expect(m.cleanUniformityDeviation).toBeCloseTo(0.1, 10);
    expect(m.honestUniformityDeviation).toBeGreaterThan(0.2);
  });
});
