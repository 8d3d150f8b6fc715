import { expect } from '@jest/globals';
import type { Action } from '../../engine/core/types.js';
import type { CallEvidence } from './call-evidence.js';

/**
 * Test support for the evidence specs of both games: one entry per doubling action, in order,
 * with its caller and word; the multiplier before each call doubles after every double; every
 * probability in [0, 1]. Returns the number of calls checked.
 */
export function expectEveryCallListed(calls: readonly CallEvidence[], actions: readonly Action[]): number {
  const doubleActions = actions.filter((a) => a.type === 'double');
  expect(calls.map((c) => [c.seat, c.call])).toEqual(doubleActions.map((a) => [a.seat, a['call']]));
  let k = 0;
  for (const c of calls) {
    expect(c.multiplierBefore).toBe(2 ** k);
    if (c.doubles) k++;
    expect(c.winProbabilityCaller).toBeGreaterThanOrEqual(0);
    expect(c.winProbabilityCaller).toBeLessThanOrEqual(1);
  }
  return calls.length;
}
