import { describe, expect, it } from '@jest/globals';
import { DobbmSolver } from '../solvers/dobbm/solver.js';
import { simulateHands } from './sim/simulate.js';
import type { StoredEvent } from '../hands/event-hash.js';
import { evidenceOf } from './evidence-of.js';
import { withoutSubstituteCalls, withoutSubstituteMoments } from './hand-evidence.js';
import type { SharingEvidence, SharingMoment } from './sharing/evidence.js';

/** A stored log of a record: the deal, then one event per action, `by` on the actions listed. */
function eventsOf(actions: readonly unknown[], bySubstitute: ReadonlySet<number>): StoredEvent[] {
  const event = (seq: number, type: string, payload: Record<string, unknown>) =>
    ({
      tableId: 't',
      handId: 'h',
      seq,
      type,
      seat: null,
      payload,
      commandId: `c${seq}`,
      createdAt: new Date(0),
      prevHash: '',
      hash: '',
    }) as StoredEvent;
  return [
    event(0, 'deal', {}),
    ...actions.map((a, i) => ({
      ...event(i + 1, 'action', a as Record<string, unknown>),
      ...(bySubstitute.has(i) ? { by: 'substitute' as const } : {}),
    })),
  ];
}

describe('moves a substitute made are no evidence about the seat', () => {
  // A hand with several doubling calls, from the simulator's colluding pair (it always doubles for its partner).
  const hand = [...simulateHands({ players: 4, hands: 60, colludingPairs: 1, rate: 1, seed: 3 })].find(
    (h) => h.record.actions.filter((a) => (a as { type: string }).type === 'double').length >= 2,
  )!;
  const evidence = evidenceOf({ record: hand.record, samples: 2, seed: 1 }, () => new DobbmSolver());

  it('drops exactly the calls whose stored event says by: "substitute"', () => {
    expect(evidence.calls.length).toBeGreaterThanOrEqual(2);
    const substituted = evidence.calls[0]!.actionIndex;
    const kept = withoutSubstituteCalls(evidence, eventsOf(hand.record.actions, new Set([substituted])));
    expect(kept.calls.map((c) => c.actionIndex)).toEqual(evidence.calls.slice(1).map((c) => c.actionIndex));
    expect(kept.declarer).toBe(evidence.declarer);
  });

  it('keeps every call of a hand its players played themselves', () => {
    expect(withoutSubstituteCalls(evidence, eventsOf(hand.record.actions, new Set()))).toEqual(evidence);
    // A substitute's move that is not a call (a card) changes nothing either.
    const card = hand.record.actions.findIndex((a) => (a as { type: string }).type === 'play');
    expect(card).toBeGreaterThan(0);
    expect(withoutSubstituteCalls(evidence, eventsOf(hand.record.actions, new Set([card])))).toEqual(evidence);
  });
});

describe('decisions a substitute took are no card-sharing evidence about the seat', () => {
  const actions = Array.from({ length: 8 }, (_, i) => ({ type: 'play', seat: i % 4 }));
  const moment = (index: number, other: number): SharingMoment => ({
    index,
    seat: index % 4,
    other,
    kind: 'play',
    choseInformed: index % 2 === 0,
    worth: 1,
  });
  const evidence: SharingEvidence = {
    estimator: 'card-sharing-v1-w8-e3',
    decisions: [2, 2, 2, 2],
    moments: [moment(1, 0), moment(1, 2), moment(4, 1), moment(6, 3)],
  };

  it('drops every moment of the decision whose stored event says by: "substitute", for each other seat', () => {
    const kept = withoutSubstituteMoments(evidence, eventsOf(actions, new Set([1])));
    expect(kept.moments).toEqual([moment(4, 1), moment(6, 3)]);
  });

  it('keeps the moments of decisions the players took themselves', () => {
    expect(withoutSubstituteMoments(evidence, eventsOf(actions, new Set()))).toEqual(evidence);
    expect(withoutSubstituteMoments(evidence, eventsOf(actions, new Set([0, 2])))).toEqual(evidence);
  });
});
