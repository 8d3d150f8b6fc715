import { describe, expect, it } from '@jest/globals';
import type { Settings } from '../config/env.js';
import { HandCache, type CachedHand } from './hand-cache.js';

const cacheOf = () => new HandCache({ handCacheSize: 20_000 } as Settings);

/** A cached hand whose last action this instance wrote, answered with `json`. */
const answeredHand = (id: string, seq: number, json: string): CachedHand =>
  ({ id, homeTableId: `t-${id}`, seq, status: 'active', answered: { seat: 0, json } }) as CachedHand;

/** A Droggn declarer's view in the discard phase lists every legal discard: ~100–220 kB. */
const DISCARD_VIEW = 'x'.repeat(100_000);

describe('HandCache', () => {
  it("keeps a hand's last answer for its streams, however large", () => {
    const cache = cacheOf();
    cache.set(answeredHand('h', 3, 'y'.repeat(250_000)));
    expect(cache.get('h')?.answered?.json).toHaveLength(250_000);
  });

  it('keeps answers within a bound, the latest ones: not one per idle hand', () => {
    const cache = cacheOf();
    for (let i = 0; i < 10_000; i++) cache.set(answeredHand(`h${i}`, 3, DISCARD_VIEW));
    let kept = 0;
    for (let i = 0; i < 10_000; i++) kept += cache.get(`h${i}`)?.answered?.json.length ?? 0;
    expect(kept).toBeLessThanOrEqual(8_000_000);
    expect(cache.get('h9999')?.answered?.json).toBe(DISCARD_VIEW);
    // The rows stay cached without their answers.
    expect(cache.get('h0')?.seq).toBe(3);
    expect(cache.get('h0')?.answered).toBeUndefined();
  });

  it("counts a hand's answer once: its next action's replaces it", () => {
    const cache = cacheOf();
    for (let seq = 1; seq <= 1_000; seq++) cache.set(answeredHand('h', seq, DISCARD_VIEW));
    cache.set(answeredHand('other', 1, DISCARD_VIEW));
    expect(cache.get('h')?.answered?.json).toBe(DISCARD_VIEW);
    expect(cache.get('other')?.answered?.json).toBe(DISCARD_VIEW);
  });
});
