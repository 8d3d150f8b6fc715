import { describe, expect, it } from '@jest/globals';
import { rankPairs, type RankedHand } from './audit-ranking.js';
import type { StoredEvidence } from './evidence-store.js';
import type { SharingEvidence, SharingMoment } from './sharing/evidence.js';
import { seededRng } from '../engine/core/rng.js';

/**
 * The audit's last step (rankPairs) on card-sharing evidence: ordered (seer, seen) pairs, the
 * filters' player and minimum, hands without seating skipped and hands with a problem listed.
 * The log: six players at tables of four, each seat with moments against every other seat.
 */
const players = ['A', 'B', 'C', 'D', 'E', 'F'];
function log(hands: number): { list: RankedHand[]; evidence: Map<string, StoredEvidence> } {
  const rng = seededRng(7);
  const list: RankedHand[] = [];
  const evidence = new Map<string, StoredEvidence>();
  for (let h = 0; h < hands; h++) {
    const seated = [...players].sort(() => rng.next() - 0.5).slice(0, 4);
    const moments: SharingMoment[] = [];
    for (let seat = 0; seat < 4; seat++)
      for (let other = 0; other < 4; other++)
        if (other !== seat) moments.push({ index: seat, seat, other, kind: 'play', choseInformed: rng.next() < 0.4, worth: 1 });
    const id = `h${h}`;
    list.push({ id, tableId: null, seating: seated });
    evidence.set(id, { estimator: 'card-sharing-v1-w8-e3', decisions: [1, 1, 1, 1], moments } satisfies SharingEvidence);
  }
  return { list, evidence };
}

describe('rankPairs for the card-sharing audit', () => {
  const { list, evidence } = log(60);

  it('ranks ordered (seer, seen) pairs of players who sat together, by p', () => {
    const { pairs, unevaluated } = rankPairs({ game: 'dobbm', kind: 'card-sharing' }, list, { evidence, problems: new Map() });
    expect(unevaluated).toEqual([]);
    const rows = pairs as { seer: string; seen: string; p: number; hands: number }[];
    // Six players: every ordered pair of two different players sat together at some point.
    expect(new Set(rows.map((r) => `${r.seer}>${r.seen}`)).size).toBe(30);
    expect(rows.every((r) => r.seer !== r.seen && players.includes(r.seer) && players.includes(r.seen))).toBe(true);
    expect(rows.map((r) => r.p)).toEqual([...rows.map((r) => r.p)].sort((a, b) => a - b));
  });

  it('keeps the pairs with the filter’s player, and leaves out pairs below the minimum of hands together', () => {
    const withC = rankPairs({ game: 'dobbm', kind: 'card-sharing', playerId: 'C' }, list, { evidence, problems: new Map() }).pairs as {
      seer: string;
      seen: string;
    }[];
    expect(withC.length).toBe(10);
    expect(withC.every((r) => r.seer === 'C' || r.seen === 'C')).toBe(true);
    const all = rankPairs({ game: 'dobbm', kind: 'card-sharing' }, list, { evidence, problems: new Map() }).pairs as { hands: number }[];
    const min = [...all.map((r) => r.hands)].sort((a, b) => a - b)[15]!;
    const some = rankPairs({ game: 'dobbm', kind: 'card-sharing', minHands: min }, list, { evidence, problems: new Map() }).pairs as {
      hands: number;
    }[];
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(all.length);
    expect(some.every((r) => r.hands >= min)).toBe(true);
  });

  it('lists a hand with a problem as unevaluated and skips a hand without seating', () => {
    const broken = { id: 'x', tableId: null, seating: ['A', 'B', 'C', 'D'] };
    const unseated = { id: 'y', tableId: null, seating: ['A', null, 'C', 'D'] };
    const withY = new Map(evidence).set('y', evidence.get('h0')!);
    const problem = { code: 'HAND_NOT_REPLAYABLE', detail: 'refused', actionIndex: 3 };
    const base = rankPairs({ game: 'dobbm', kind: 'card-sharing' }, list, { evidence, problems: new Map() });
    const more = rankPairs({ game: 'dobbm', kind: 'card-sharing' }, [...list, broken, unseated], {
      evidence: withY,
      problems: new Map([['x', problem]]),
    });
    expect(more.unevaluated).toEqual([{ handId: 'x', ...problem }]);
    expect(more.pairs).toEqual(base.pairs);
  });
});
