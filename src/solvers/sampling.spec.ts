import { seededRng } from '../engine/core/rng.js';
import { sampleDeal, type SampledDeal, type Slots } from './sampling.js';

const key = (d: SampledDeal): string => JSON.stringify({ hands: d.hands.map((h) => [...h].sort()), pile: [...d.pile].sort() });

describe('the deal sampler of the audit', () => {
  // Seven unseen cards: three hands of one card and a hidden pile of four (a Dobbm last trick).
  const slots: Slots = {
    known: [[], [], [], ['x']],
    counts: [1, 1, 1, 1],
    unseen: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
    pileSize: 4,
    knownPile: null,
  };

  it('finds the one consistent deal among 720 placements every time', () => {
    // Random placement alone (1,000 tries) misses it in about a quarter of the calls.
    const tight: Slots = { ...slots, unseen: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'], pileSize: 7 };
    const only = { hands: [['a'], ['b'], ['c'], ['x']], pile: ['d', 'e', 'f', 'g', 'h', 'i', 'j'] };
    const rules = { mayHold: () => true, pileMayHold: () => true, consistent: (d: SampledDeal) => key(d) === key(only) };
    const rng = seededRng(1);
    for (let i = 0; i < 20; i++) expect(key(sampleDeal(tight, rules, rng))).toBe(key(only));
  });

  it('draws every consistent deal about equally often', () => {
    // Consistent: 'a' is not in the pile → 3 hands × C(6,2)·2 arrangements of the rest = 3 · 30 = 90 deals.
    const rules = { mayHold: () => true, pileMayHold: () => true, consistent: (d: SampledDeal) => !d.pile.includes('a') };
    const rng = seededRng(2);
    const counts = new Map<string, number>();
    const n = 9000;
    for (let i = 0; i < n; i++) {
      const k = key(sampleDeal(slots, rules, rng));
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.size).toBe(90);
    for (const c of counts.values()) expect(Math.abs(c - n / 90)).toBeLessThan(45); // 100 ± 4.5σ
  });

  it('says so when nothing is consistent', () => {
    const rules = { mayHold: () => true, pileMayHold: () => true, consistent: () => false };
    expect(() => sampleDeal(slots, rules, seededRng(3))).toThrow(/no deal is consistent/);
  });
});
