import { describe, expect, it } from '@jest/globals';
import { seededRng } from '../engine/core/rng.js';
import { DECK } from '../engine/droggn/index.js';
import { chooseBotAction, doublingsOf, type SeatView } from './strategy.js';

describe('the beginner’s doublings', () => {
  // Every trump: as strong a Droggn hand as there is, so only the cap keeps the beginner from raising.
  const trumps = DECK.filter((c) => c.startsWith('T'));
  const doubling = (multiplier: number): SeatView => ({
    seat: 0,
    phase: 'doubling',
    declarer: 0,
    multiplier,
    hand: trumps,
    legalActions: [
      { seat: 0, type: 'double', call: 'gut' },
      { seat: 0, type: 'double', call: 'retour' },
    ],
  });

  it('reads Droggn’s doublings from the multiplier its view shows', () => {
    expect([1, 2, 4, 8].map((m) => doublingsOf(doubling(m)))).toEqual([0, 1, 2, 3]);
  });

  it('raises with a strong Droggn hand, but no more once the stake was doubled twice', () => {
    expect(chooseBotAction('heuristic', 'droggn', doubling(2), seededRng(1))).toEqual({ type: 'double', call: 'retour' });
    expect(chooseBotAction('heuristic', 'droggn', doubling(4), seededRng(1))).toEqual({ type: 'double', call: 'gut' });
  });
});
