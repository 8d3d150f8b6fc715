import fc from 'fast-check';
import { doppelkopf } from '../../engine/doppelkopf/index.js';
import { legalAnnouncements } from '../../engine/doppelkopf/announcements.js';
import { followSuitIn, trumpsOf } from '../../engine/doppelkopf/cards.js';
import { replay, replayOrThrow, type Card, type HandRecord } from '../../engine/index.js';
import { seatInputOf } from '../../bots/seat-play.js';
import { setupOf } from '../../engine/core/record.js';
import { simulateHands } from '../sim/simulate.js';
import { stakesOf } from './doppelkopf-stakes.js';
import { handEvidence, winChanceAt } from './doppelkopf.js';

// Two tables in tournament lists, one colluding pair acting in every hand: solos with planted announcements.
const hands = [...simulateHands({ game: 'doppelkopf', players: 8, hands: 160, colludingPairs: 1, rate: 1, seed: 77, handsPerSeating: 24 })];
const uneven = hands.filter((h) => stakesOf(h.final)?.parties === 'uneven');
const options = { samples: 4, seed: 5 };
const audited = uneven.slice(0, 10).map((h) => ({ h, ev: handEvidence(h.record, options) }));

describe('Doppelkopf evidence for every chance a defender had to announce (docs/audit-doppelkopf.md)', () => {
  it('lists each announcement of a defender against the lone player, or his first card with an announcement open', () => {
    expect(audited.length).toBeGreaterThanOrEqual(8);
    let announced = 0;
    for (const { h, ev } of audited) {
      const lone = stakesOf(h.final)!.alone!;
      expect(ev.declarer).toBe(lone);
      expect(new Set(ev.defenders)).toEqual(new Set([0, 1, 2, 3].filter((s) => s !== lone)));
      const { actions, states } = replayOrThrow(doppelkopf, h.record);
      for (const seat of ev.defenders) {
        const mine = ev.calls.filter((c) => c.seat === seat);
        const said = actions.flatMap((a, i) => (a.type === 'announce' && a.seat === seat ? [i] : []));
        if (said.length > 0) {
          announced += said.length;
          expect(mine.map((c) => c.actionIndex)).toEqual(said);
          expect(mine.every((c) => c.doubles && c.call !== 'none')).toBe(true);
        } else {
          // A failed wedding opens the announcements only once it has failed (after trick 3).
          const first = actions.findIndex(
            (a, i) =>
              a.type === 'play' &&
              a.seat === seat &&
              stakesOf(states[i]!)?.parties === 'uneven' &&
              legalAnnouncements(states[i]!, seat).length > 0,
          );
          expect(mine.map((c) => [c.actionIndex, c.call, c.doubles])).toEqual([[first, 'none', false]]);
        }
        expect(mine[0]!.step).toBe('ansage');
        expect(mine.slice(1).every((c) => c.step === 'absage')).toBe(true);
      }
      for (const c of ev.calls) {
        expect(c.role).toBe('defender');
        expect(c.winProbabilityCaller).toBeGreaterThanOrEqual(0);
        expect(c.winProbabilityCaller).toBeLessThanOrEqual(1);
        expect([0, 1]).toContain(c.winTrue);
      }
    }
    expect(announced).toBeGreaterThan(0);
  });

  it('gives no evidence where the parties are even: no announcement can move value across the table', () => {
    const even = hands.filter((h) => stakesOf(h.final)?.parties === 'even').slice(0, 5);
    expect(even.length).toBe(5);
    for (const h of even) expect(handEvidence(h.record, options)).toMatchObject({ declarer: null, calls: [] });
  });

  it("counts as the value a defender's announcement moved the lone player's score with it less his score without it", () => {
    let checked = 0;
    for (const { h, ev } of audited) {
      for (const c of ev.calls.filter((x) => x.doubles)) {
        // The same hand without this one announcement, if the engine still accepts the rest.
        const without = { ...h.record, actions: h.record.actions.filter((_, i) => i !== c.actionIndex) };
        const replayed = replay(doppelkopf, without);
        if (!replayed.ok) continue;
        const later = ev.calls.some((x) => x.doubles && x.actionIndex > c.actionIndex);
        if (later) continue;
        const before = doppelkopf.result(replayed.states.at(-1)!)!.scores;
        const after = doppelkopf.result(h.final)!.scores;
        expect(after[ev.declarer!]! - before[ev.declarer!]!).toBeCloseTo(c.valueToDeclarer, 2);
        // Each defender paid a third of it (docs/rules/doppelkopf.md#player-scores).
        for (const d of ev.defenders) expect(after[d]! - before[d]!).toBeCloseTo(-c.valueToDeclarer / 3, 2);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("reads only the caller's information: hidden cards exchanged between other hands change neither his input nor his chance", () => {
    const chances = audited.flatMap(({ h, ev }) => ev.calls.map((c) => ({ record: h.record, c })));
    fc.assert(
      fc.property(fc.nat(chances.length - 1), fc.nat(), fc.nat(), (k, x, y) => {
        const { record, c } = chances[k]!;
        const swapped = withHiddenSwap(record, c.actionIndex, c.seat, x, y);
        fc.pre(swapped !== null);
        const prefix = (r: HandRecord<'doppelkopf'>): HandRecord<'doppelkopf'> => ({ ...r, actions: r.actions.slice(0, c.actionIndex) });
        const inputOf = (r: HandRecord<'doppelkopf'>) => {
          const { states, actions, options: o } = replayOrThrow(doppelkopf, prefix(r));
          return seatInputOf(doppelkopf, { options: o, setup: setupOf(r), state: states.at(-1)!, actions }, c.seat);
        };
        expect(inputOf(swapped!)).toEqual(inputOf(record));
        expect(winChanceAt(prefix(swapped!), c.actionIndex, c.seat, options)).toBe(
          winChanceAt(prefix(record), c.actionIndex, c.seat, options),
        );
      }),
      { numRuns: 12, seed: 9 },
    );
  });
});

/**
 * The record with two cards exchanged between two other seats' hands as dealt: cards neither had
 * played before `actionIndex`, of the same suit in the contract (so every renonce shown stays
 * true), neither a Kreuz-Dame (which decides the parties). The exchange is drawn by `x` and `y`;
 * null when it leaves the prefix unplayable.
 */
function withHiddenSwap(
  record: HandRecord<'doppelkopf'>,
  actionIndex: number,
  caller: number,
  x: number,
  y: number,
): HandRecord<'doppelkopf'> | null {
  const { states, actions } = replayOrThrow(doppelkopf, record);
  const final = states.at(-1)!;
  const follow = followSuitIn(trumpsOf(final.contract!, 48));
  const playedBefore = new Set(
    actions.slice(0, actionIndex).flatMap((a) => (a.type === 'play' ? [`${a.seat}:${a['card'] as string}`] : [])),
  );
  const free = (seat: number): { seat: number; i: number; card: Card }[] =>
    final.dealt[seat]!.flatMap((card, i) => (card === 'CQ' || playedBefore.has(`${seat}:${card}`) ? [] : [{ seat, i, card }]));
  const others = [0, 1, 2, 3].filter((s) => s !== caller);
  const [s1, s2] = [others[x % 3]!, others[(x + 1 + (y % 2)) % 3]!];
  const pairs = free(s1).flatMap((p) =>
    free(s2)
      .filter((q) => follow(q.card) === follow(p.card) && q.card !== p.card)
      .map((q) => [p, q] as const),
  );
  if (pairs.length === 0) return null;
  const [p, q] = pairs[y % pairs.length]!;
  const dealt = final.dealt.map((h) => (h ? [...h] : null));
  dealt[p.seat]![p.i] = q.card;
  dealt[q.seat]![q.i] = p.card;
  const swapped: HandRecord<'doppelkopf'> = { ...record, deck: undefined, hands: dealt, talon: [] };
  return replay(doppelkopf, { ...swapped, actions: swapped.actions.slice(0, actionIndex) }).ok ? swapped : null;
}
