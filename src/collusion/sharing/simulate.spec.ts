import { describe, expect, it } from '@jest/globals';
import { gameFor, replay } from '../../engine/index.js';
import { sharingEvidence } from './evidence.js';
import { evidenceSeed, plantedPairs, simulateSharing, type SharingSimConfig, type SharingSimHand } from './simulate.js';

const CHEAP = { worlds: 1, timeMs: Infinity, endgameTricks: 1 };
const config: SharingSimConfig = {
  game: 'dobbm',
  players: 9,
  hands: 2,
  pairs: 2,
  rate: 1,
  seed: 5,
  handsPerSeating: 1,
  botBudget: CHEAP,
  evidenceBudget: CHEAP,
};

describe('the card-sharing simulator', () => {
  const hands = [...simulateSharing(config)];

  it('each planted pair sits at one table in every hand; the surplus player sits out', () => {
    const partner = plantedPairs(config);
    expect(partner.size).toBe(4);
    for (const h of hands) {
      expect(h.players).toHaveLength(4);
      for (const p of h.players) if (partner.has(p)) expect(h.players).toContain(partner.get(p));
    }
    expect(new Set(hands.map((h) => h.handId)).size).toBe(2);
  });

  it('a run continued from a hand, or shared between processes, plays the same hands, the next dealer included', () => {
    // One table (the fifth player sits out), two hands at one seating: the second hand's dealer follows the first's.
    const oneTable: SharingSimConfig = { ...config, players: 5, handsPerSeating: 2 };
    const whole = [...simulateSharing(oneTable)];
    const continued = [...simulateSharing({ ...oneTable, from: 1 })];
    expect(whole[1]!.record.dealer).toBe((whole[0]!.record.dealer + 1) % 4);
    const same = (hands: SharingSimHand[]): unknown[] => hands.map((h) => [h.handId, h.players, h.record, h.evidence]);
    expect(same(continued)).toEqual(same(whole.slice(1)));
    // The second of two processes playing the run between them plays the same second hand.
    expect(same([...simulateSharing({ ...oneTable, shard: { k: 2, n: 2 } })])).toEqual(same(whole.slice(1)));
  });

  it('a hand’s evidence computed anew from its record with the run’s evidence seed is the run’s own (budgets compared on the same hands)', () => {
    const second = hands[1]!;
    expect(second.handId).toBe('H1');
    expect(second.evidence.moments.length).toBeGreaterThan(0);
    expect(sharingEvidence(second.record, { seed: evidenceSeed(config.seed, 1), budget: CHEAP })).toEqual(second.evidence);
  });

  it('every hand’s record replays and its evidence names the estimator', () => {
    for (const h of hands) {
      expect(replay(gameFor('dobbm'), h.record).ok).toBe(true);
      expect(h.evidence.estimator).toMatch(/^card-sharing-v\d+-w1-e1$/);
    }
  });
});
