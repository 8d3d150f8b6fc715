import type { CallEvidence, HandEvidence } from '../evidence/dobbm.js';

/** A defender's Gut or Schwacher in the first round, with its win probability and the true result. */
export const defenderCall = (actionIndex: number, seat: number, doubles: boolean, pCaller: number, winTrue: number): CallEvidence => ({
  actionIndex,
  seat,
  role: 'defender',
  call: doubles ? 'schwacher' : 'gut',
  doubles,
  step: 'schwacher',
  multiplierBefore: 1,
  winProbabilityCaller: pCaller,
  samples: 8,
  unresolved: 0,
  winTrue,
  expectedCostToCaller: 0,
  valueToDeclarer: 0,
});

/** A Dobbm hand's evidence: its declarer, defenders, true result and calls (and anything more). */
export const handOf = (
  declarer: number,
  defenders: number[],
  winTrue: number,
  calls: CallEvidence[],
  more: Partial<HandEvidence> = {},
): HandEvidence => ({
  declarer,
  contract: 'dobbm',
  defenders,
  declarerWinsTrue: winTrue === 1,
  declarerPointsPlayed: null,
  calls,
  ...more,
});
